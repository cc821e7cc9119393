import { z } from 'zod';
import { isIsoDate, pattern, rule } from './common.js';

// A published project's answers as open geodata: OGC API - Features, Part 1 Core with GeoJSON (OGC 17-069r4),
// under `opendata/project/{project}` (docs/decisions/0085-open-data-ogc-api-features.md).

/** The features an items page holds when `limit` is absent, and the most it holds (a larger limit is cut to it). */
export const OPEN_DATA_LIMIT = { default: 100, maximum: 1000 } as const;

/** The conformance classes the endpoint implements. */
export const OPEN_DATA_CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
] as const;

/** The media types served: features, the API definition (`…/api`), the properties' schema, the rest. */
export const OPEN_DATA_MEDIA = {
  geojson: 'application/geo+json',
  openapi: 'application/vnd.oai.openapi+json;version=3.0',
  schema: 'application/schema+json',
  json: 'application/json',
} as const;

/** The only coordinate reference system served: WGS 84 longitude, latitude. */
export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/** The bounds of a project's `open_data_grid_m`: the side of the grid cells its published locations snap to. */
export const OPEN_DATA_GRID_M = { min: 10, max: 10_000, default: 50 } as const;

const LIMIT_MESSAGE = `limit: a whole number from 1 (at most ${OPEN_DATA_LIMIT.maximum} are returned)`;
const OFFSET_MESSAGE = 'offset: a whole number from 0';
const BBOX_MESSAGE =
  'bbox: four numbers minLon,minLat,maxLon,maxLat (or six with heights) in WGS 84 degrees, south below north';
const DATETIME_MESSAGE =
  'datetime: a date or date-time (RFC 3339), or an interval start/end with .. for an open end';
const F_MESSAGE = 'f: json or geojson';

/** A whole number of query text, at least `min`. */
const wholeText = (min: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^[0-9]{1,9}$/, pattern(message))
    .transform(Number)
    .refine((n) => n >= min, rule(message, 'range', { min, max: 999_999_999 }));

/** A bounding box in CRS84: west, south, east, north (west > east crosses the antimeridian). */
export interface OpenDataBbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** `bbox` text → the box, or null when it is not four (or six) numbers within the globe, south not above north. */
export function parseBbox(text: string): OpenDataBbox | null {
  const parts = text.split(',');
  if (parts.length !== 4 && parts.length !== 6) return null;
  if (parts.some((p) => !/^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$/.test(p))) return null;
  const n = parts.map(Number);
  const [west, south, east, north] = n.length === 4 ? n : [n[0]!, n[1]!, n[3]!, n[4]!];
  const lon = (x: number) => x >= -180 && x <= 180;
  const lat = (y: number) => y >= -90 && y <= 90;
  if (!lon(west!) || !lon(east!) || !lat(south!) || !lat(north!) || south! > north!) return null;
  return { west: west!, south: south!, east: east!, north: north! };
}

/** The days of a `datetime` filter (the answers' dates are days): from and to, each null when open. */
export interface OpenDataDays {
  from: string | null;
  to: string | null;
}

const INSTANT =
  /^([0-9]{4}-[0-9]{2}-[0-9]{2})(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2}))?$/i;

/** `datetime` text → the days it covers, or null when it is not an RFC 3339 instant or interval. */
export function parseDatetime(text: string): OpenDataDays | null {
  const day = (part: string): string | null | undefined => {
    if (part === '..' || part === '') return null;
    const m = INSTANT.exec(part);
    return m && isIsoDate(m[1]!) ? m[1]! : undefined;
  };
  const parts = text.split('/');
  if (parts.length === 1) {
    const d = day(parts[0]!);
    return d ? { from: d, to: d } : null;
  }
  if (parts.length !== 2) return null;
  const [from, to] = [day(parts[0]!), day(parts[1]!)];
  if (from === undefined || to === undefined || (from === null && to === null)) return null;
  if (from !== null && to !== null && from > to) return null;
  return { from, to };
}

const checked = <T>(message: string, parse: (text: string) => T | null) =>
  z.string({ error: message }).transform((text, ctx) => {
    const value = parse(text);
    if (value !== null) return value;
    ctx.addIssue({ code: 'custom', input: text, ...pattern(message) });
    return z.NEVER;
  });

/** The query of `…/items`: paging, a bounding box and dates; any other parameter is refused (400). */
export const OpenDataItemsQuery = z.strictObject(
  {
    limit: wholeText(1, LIMIT_MESSAGE)
      .transform((n) => Math.min(n, OPEN_DATA_LIMIT.maximum))
      .optional()
      .meta({
        description: `features per page (default ${OPEN_DATA_LIMIT.default}, maximum ${OPEN_DATA_LIMIT.maximum}: a larger value returns the maximum)`,
      }),
    offset: wholeText(0, OFFSET_MESSAGE)
      .optional()
      .meta({ description: 'features skipped (the next and prev links carry it)' }),
    bbox: checked(BBOX_MESSAGE, parseBbox).optional().meta({
      description: 'minLon,minLat,maxLon,maxLat in CRS84: the published (generalised) locations within',
    }),
    datetime: checked(DATETIME_MESSAGE, parseDatetime)
      .optional()
      .meta({ description: "the answers' days: 2026-05-01, 2026-05-01/2026-05-31, ../2026-05-31" }),
    f: z.enum(['json', 'geojson'], { error: F_MESSAGE }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown query parameter' : 'a query') },
);
export type OpenDataItemsQuery = z.infer<typeof OpenDataItemsQuery>;

/** The query of the other open-data routes: at most the format. */
export const OpenDataQuery = z.strictObject(
  { f: z.enum(['json', 'geojson'], { error: F_MESSAGE }).optional() },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown query parameter' : 'a query') },
);
export type OpenDataQuery = z.infer<typeof OpenDataQuery>;

export const OpenDataLink = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
});
export type OpenDataLink = z.infer<typeof OpenDataLink>;

/** `GET opendata/project/{project}`: the landing page. */
export const OpenDataLandingAnswer = z.object({
  title: z.string(),
  description: z.string(),
  links: z.array(OpenDataLink),
});
export type OpenDataLandingAnswer = z.infer<typeof OpenDataLandingAnswer>;

/** `GET opendata/project/{project}/conformance` */
export const OpenDataConformanceAnswer = z.object({ conformsTo: z.array(z.string()) });
export type OpenDataConformanceAnswer = z.infer<typeof OpenDataConformanceAnswer>;

/** One collection: the published answers to one attribute. */
export const OpenDataCollectionAnswer = z.object({
  id: z.string().meta({ description: "the topic's and the attribute's short names, topic.attribute" }),
  title: z.string(),
  description: z.string(),
  links: z.array(OpenDataLink),
  extent: z
    .object({
      spatial: z.object({ bbox: z.array(z.array(z.number()).length(4)), crs: z.string() }),
    })
    .optional()
    .meta({ description: 'the published locations; absent when none is published' }),
  itemType: z.literal('feature'),
  crs: z.array(z.string()),
});
export type OpenDataCollectionAnswer = z.infer<typeof OpenDataCollectionAnswer>;

/** `GET opendata/project/{project}/collections` */
export const OpenDataCollectionsAnswer = z.object({
  links: z.array(OpenDataLink),
  collections: z.array(OpenDataCollectionAnswer),
});
export type OpenDataCollectionsAnswer = z.infer<typeof OpenDataCollectionsAnswer>;

/** A property's value: a number, a day or a text, a list of texts (several choices), or null. */
export const OpenDataValue = z.union([z.number(), z.string(), z.array(z.string()), z.null()]);
export type OpenDataValue = z.infer<typeof OpenDataValue>;

/** One published answer: its generalised location and its typed values. */
export const OpenDataFeatureAnswer = z.object({
  type: z.literal('Feature'),
  id: z.string().meta({ description: 'a keyed hash of the answer: neither its order nor its author' }),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.array(z.number()).length(2) }),
  properties: z.record(z.string(), OpenDataValue),
  links: z.array(OpenDataLink).optional(),
});
export type OpenDataFeatureAnswer = z.infer<typeof OpenDataFeatureAnswer>;

/** `GET opendata/project/{project}/collections/{collection}/items` */
export const OpenDataFeaturesAnswer = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(OpenDataFeatureAnswer),
  links: z.array(OpenDataLink),
  numberMatched: z.int().min(0),
  numberReturned: z.int().min(0),
  timeStamp: z.iso.datetime(),
});
export type OpenDataFeaturesAnswer = z.infer<typeof OpenDataFeaturesAnswer>;

/** `GET opendata/project/{project}/collections/{collection}/schema`: the properties' types (JSON Schema). */
export const OpenDataSchemaAnswer = z.object({
  $schema: z.string(),
  $id: z.string(),
  type: z.literal('object'),
  title: z.string(),
  properties: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenDataSchemaAnswer = z.infer<typeof OpenDataSchemaAnswer>;

/** `GET opendata/project/{project}/api`: the definition of the project's open-data API (OpenAPI 3.0). */
export const OpenDataApiAnswer = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenDataApiAnswer = z.infer<typeof OpenDataApiAnswer>;
