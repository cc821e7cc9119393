import { z } from 'zod';
import { GEOM_TYPES, type AttributeWire } from '../../consultation.js';
import { Flag, partial, ruledText, writeBody } from '../common.js';
import { ATTRIBUTE_RULES } from './rules.js';
import {
  Forum,
  GeoJsonFeatureCollectionAnswer,
  GeoJsonText,
  geometryFields,
  markerIcon,
  parentRef,
  TREE_READ_ONLY,
} from './tree.js';

/** An attribute, with its predefined and context features in EPSG:4326 (null when it has none of them). */
export const AttributeAnswer = z.object({
  token: z.string(),
  node: z.string().meta({ description: "the topic's token" }),
  name: z.string(),
  mname: z.string(),
  icon: z.string().meta({ description: "a marker URL ('' when none)" }),
  icon_alt: z.string(),
  has_geometry: z.boolean(),
  geom_type: z.enum(GEOM_TYPES).nullable(),
  geom_color: z.string(),
  max_geom: z.number().int().nullable(),
  allow_drag: z.boolean(),
  allow_resize: z.boolean(),
  has_predefined: z.boolean(),
  predefined: GeoJsonFeatureCollectionAnswer.nullable(),
  has_context: z.boolean(),
  context: GeoJsonFeatureCollectionAnswer.nullable(),
  is_visible: z.boolean(),
  ...Forum,
}) satisfies z.ZodType<AttributeWire>;
export type AttributeAnswer = z.infer<typeof AttributeAnswer>;

export const AttributeListAnswer = z.array(AttributeAnswer);
export type AttributeListAnswer = z.infer<typeof AttributeListAnswer>;

const attributeFields = {
  node: parentRef("the topic's token"),
  name: ruledText(ATTRIBUTE_RULES.name),
  mname: ruledText(ATTRIBUTE_RULES.mname),
  ...partial({
    icon: markerIcon(ATTRIBUTE_RULES),
    icon_alt: ruledText(ATTRIBUTE_RULES.icon_alt),
    ...geometryFields(ATTRIBUTE_RULES),
    allow_drag: Flag,
    allow_resize: Flag,
    has_predefined: Flag,
    predefined: GeoJsonText,
    has_context: Flag,
    context: GeoJsonText,
    is_visible: Flag,
  }),
};

/** `POST attribute`. */
export const NewAttributeBody = writeBody(attributeFields, TREE_READ_ONLY);
export type NewAttributeBody = z.infer<typeof NewAttributeBody>;

/** `PUT attribute/token/{token}`: the fields that change (`{is_visible}` alone hides or shows). */
export const AttributeChangesBody = writeBody(partial(attributeFields), TREE_READ_ONLY);
export type AttributeChangesBody = z.infer<typeof AttributeChangesBody>;
