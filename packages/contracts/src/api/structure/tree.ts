import { z } from 'zod';
import {
  GEOM_TYPES,
  type GeoJsonFeatureCollection,
  type GeoJsonGeometry,
  type TitledFile,
} from '../../consultation.js';
import type { ScopeRules } from '../../validation.js';
import {
  Flag,
  jsonField,
  LINK_MESSAGE,
  isLink,
  rows,
  rowText,
  ruledText,
  Text,
  wholeNumberOrNone,
} from '../common.js';

/** What the levels of the structure share: references, titled files, geometry, forum fields, parents, markers. */

export const NamedRef = z.object({ token: z.string(), mname: z.string(), title: z.string() });

const linkCheck = { test: isLink, message: LINK_MESSAGE };

/** Legislation and relative documents: title and file link, both required. */
export function titledFiles(maxItems: number) {
  return rows({ title: rowText(300), file: rowText(2000, linkCheck) }, maxItems);
}

export const TitledFileAnswer = z.object({
  title: z.string(),
  file: z.string(),
}) satisfies z.ZodType<TitledFile>;

export const GeoJsonGeometryAnswer = z.object({
  type: z.enum(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']),
  coordinates: z.unknown(),
}) satisfies z.ZodType<GeoJsonGeometry>;

export const GeoJsonFeatureCollectionAnswer = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.union([z.string(), z.number()]).optional(),
      geometry: GeoJsonGeometryAnswer,
      properties: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
}) satisfies z.ZodType<GeoJsonFeatureCollection>;

export const Forum = {
  forum_topic_id: z.number().int().nullable(),
  forum_topic_url: z.string().nullable(),
  sort_order: z.number().int().min(0).meta({ description: '1-based position' }),
};

/** GeoJSON (or its text), checked by the service: geometry types, coordinates, coordinate system. */
export const GeoJsonText = jsonField(z.unknown()).meta({
  description: 'GeoJSON: a geometry, Feature or FeatureCollection (as JSON text in a form)',
});

const MAX_GEOM_LIMIT = 1_000_000;

/** One of `GEOM_TYPES`; empty is null. */
const GeomTypeText = Text.transform((v) => (v === '' ? null : v)).pipe(
  z.enum(GEOM_TYPES, { error: `one of ${GEOM_TYPES.join(', ')}` }).nullable(),
);

/** The geometry options shared by topics and attributes, under their scope's rules. */
export function geometryFields(rules: ScopeRules) {
  return {
    has_geometry: Flag,
    geom_type: GeomTypeText,
    max_geom: wholeNumberOrNone(1, MAX_GEOM_LIMIT, rules.max_geom ?? {}),
    geom_color: ruledText(rules.geom_color).transform((v) => v.toLowerCase()),
    geometry_crs: Text.meta({
      description: 'the coordinate system of the geometry sent: EPSG:4326 (default), EPSG:2100 or EPSG:3857',
    }),
  };
}

/** Fields of the answers a client may send back unchanged: never written from a request. */
export const TREE_READ_ONLY = ['token', 'sort_order', 'forum_topic_id', 'forum_topic_url'] as const;

/** Text naming the parent: required when adding (its existence is the service's to check). */
export const parentRef = (description: string) => ruledText({ required: true }).meta({ description });

/** A marker's URL under its scope's `icon` rule (or, in a form, an uploaded file). */
export const markerIcon = (rules: ScopeRules) =>
  ruledText(rules.icon).meta({ description: 'a marker URL (or, in a form, an uploaded file)' });
