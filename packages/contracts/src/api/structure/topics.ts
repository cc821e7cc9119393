import { z } from 'zod';
import { GEOM_TYPES, type TopicWire } from '../../consultation.js';
import { jsonField, partial, ruledText, writeBody } from '../common.js';
import { NODE_RULES } from './rules.js';
import {
  Forum,
  GeoJsonGeometryAnswer,
  GeoJsonText,
  geometryFields,
  parentRef,
  TitledFileAnswer,
  titledFiles,
  TREE_READ_ONLY,
} from './tree.js';

/** A topic, with its boundary in EPSG:4326. */
export const TopicAnswer = z.object({
  token: z.string(),
  project: z.string().meta({ description: "the project's token" }),
  title: z.string(),
  mname: z.string(),
  description: z.string(),
  has_geometry: z.boolean(),
  boundary: GeoJsonGeometryAnswer.nullable(),
  geom_type: z.enum(GEOM_TYPES).nullable(),
  max_geom: z.number().int().nullable(),
  geom_color: z.string(),
  relative_documents: z.array(TitledFileAnswer),
  ...Forum,
}) satisfies z.ZodType<TopicWire>;
export type TopicAnswer = z.infer<typeof TopicAnswer>;

export const TopicListAnswer = z.array(TopicAnswer);
export type TopicListAnswer = z.infer<typeof TopicListAnswer>;

const topicFields = {
  project: parentRef("the project's token or short name"),
  title: ruledText(NODE_RULES.title),
  mname: ruledText(NODE_RULES.mname),
  ...partial({
    description: ruledText(NODE_RULES.description),
    ...geometryFields(NODE_RULES),
    boundary: GeoJsonText,
    relative_documents: jsonField(titledFiles(100), z.array(z.unknown()), 'a list'),
  }),
};

/** `POST node`: a topic; with has_geometry, the boundary (Polygon or MultiPolygon), geom_type and max_geom. */
export const NewTopicBody = writeBody(topicFields, TREE_READ_ONLY);
export type NewTopicBody = z.infer<typeof NewTopicBody>;

/** `PUT node/token/{token}`: the fields that change. */
export const TopicChangesBody = writeBody(partial(topicFields), TREE_READ_ONLY);
export type TopicChangesBody = z.infer<typeof TopicChangesBody>;
