import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AppError } from '@agora/common';
import type { VariableKind } from '@agora/contracts';
import {
  CRS84,
  OPEN_DATA_CONFORMANCE,
  OPEN_DATA_LIMIT,
  OPEN_DATA_MEDIA,
  type OpenDataApiAnswer,
  type OpenDataAreaAnswer,
  type OpenDataBbox,
  type OpenDataCollectionAnswer,
  type OpenDataCollectionsAnswer,
  type OpenDataConformanceAnswer,
  type OpenDataDays,
  type OpenDataFeatureAnswer,
  type OpenDataFeaturesAnswer,
  type OpenDataItemsQuery,
  type OpenDataLandingAnswer,
  type OpenDataLink,
  type OpenDataSchemaAnswer,
  type OpenDataStatisticsAnswer,
  type OpenDataStatisticsListAnswer,
  type OpenDataValue,
} from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { StatisticsService } from '../analytics/statistics.service.js';
import { analyticsQuery } from '../analytics/statistics.sql.js';
import { choiceLabelsSql } from '../answer/answer.mapper.js';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { todayIn } from '../project/project-dates.js';
import { ProjectErrors } from '../project/project.errors.js';
import { apiDocument } from './open-data.api.js';
import {
  featureProperties,
  FIXED_PROPERTIES,
  FREE_TEXT_KINDS,
  PUBLISHED_KINDS,
  propertiesOf,
  type OpenDataProperty,
  type PlanVariable,
} from './open-data.plan.js';

export const OpenDataErrors = {
  collectionNotFound: () => AppError.notFound('collection not found', 'CONSULTATION.COLLECTION_NOT_FOUND'),
  featureNotFound: () => AppError.notFound('feature not found', 'CONSULTATION.FEATURE_NOT_FOUND'),
};

const { json: JSON_TYPE, geojson: GEOJSON } = OPEN_DATA_MEDIA;

/** A published project, as the open data read it. */
interface PublishedProject {
  token: string;
  title: string;
  summary: string;
  open_data_free_text: boolean;
  open_data_grid_m: number;
}

/** A collection: an attribute of the project with answers that have a place. */
interface CollectionRow {
  attribute: string;
  id: string;
  name: string;
  topic: string;
}

/** One published feature as the statement builds it. */
interface FeatureRow {
  id: string;
  lon: number;
  lat: number;
  topic: string;
  answered_on: string;
  drawn_as: string;
  vals: Record<string, OpenDataValue> | null;
}

/** What selects among a collection's published features. */
interface FeatureFilter {
  bbox?: OpenDataBbox;
  days?: OpenDataDays;
  id?: string;
}

/**
 * The published answers of one attribute, generalised (decision 0085). Each answer is reduced to a point on its
 * surface; the point falls in a square cell of `grid` metres of the UTM zone of its longitude (EPSG:326xx north,
 * 327xx south of the equator) and is published at the cell's centre, in WGS 84. A cell whose answers come from
 * fewer than the smallest cell of distinct respondents publishes none of them. A feature's id is a keyed hash of
 * the answer's token (the service's secret and the project's own), so neither its order nor its author shows.
 * $1 the attribute, $2 the project, $3 the grid in metres, $4 the smallest cell, $5 the id key, $6 the time zone;
 * `f` holds the published features (id, cell centre, topic, day, shape).
 */
const PUBLISHED = `WITH a AS (
    SELECT a.token, a.owner, a.node, a.created, a.geom, public.ST_PointOnSurface(a.geom) AS pt
    FROM consultation.answer a
    WHERE a.attribute = $1 AND a.project = $2 AND a.geom IS NOT NULL
  ), z AS (
    SELECT a.*, (CASE WHEN public.ST_Y(a.pt) >= 0 THEN 32600 ELSE 32700 END)
      + least(60, floor((public.ST_X(a.pt) + 180) / 6)::int + 1) AS srid
    FROM a
  ), c AS (
    SELECT z.*, floor(public.ST_X(m.pt) / $3::float8) AS i, floor(public.ST_Y(m.pt) / $3::float8) AS j
    FROM z CROSS JOIN LATERAL (SELECT public.ST_Transform(z.pt, z.srid) AS pt) m
  ), kept AS (
    SELECT srid, i, j FROM c GROUP BY srid, i, j HAVING count(DISTINCT owner) >= $4
  ), f AS (
    SELECT encode(substr(sha256(convert_to('agora-open-data', 'UTF8') || $5::bytea || p.export_salt
             || uuid_send(c.token)), 1, 16), 'hex') AS id,
      public.ST_Transform(public.ST_SetSRID(public.ST_MakePoint((c.i + 0.5) * $3::float8, (c.j + 0.5) * $3::float8),
        c.srid), 4326) AS cell,
      c.token, c.node, (c.created AT TIME ZONE $6)::date AS day,
      (ARRAY['point', 'line', 'polygon'])[public.ST_Dimension(c.geom) + 1] AS drawn_as
    FROM c JOIN kept USING (srid, i, j) JOIN consultation.project p ON p.token = $2
  )`;

/** The SQL condition of `filter` on `f`, its parameters numbered from `first`. */
function filterSql(filter: FeatureFilter, first: number): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (filter.bbox) {
    const { west, south, east, north } = filter.bbox;
    const [w, s, e, n] = [next(west), next(south), next(east), next(north)];
    const x = 'public.ST_X(f.cell)';
    // west above east: the box crosses the antimeridian
    parts.push(
      `public.ST_Y(f.cell) BETWEEN ${s}::float8 AND ${n}::float8`,
      west <= east
        ? `${x} BETWEEN ${w}::float8 AND ${e}::float8`
        : `(${x} >= ${w}::float8 OR ${x} <= ${e}::float8)`,
    );
  }
  if (filter.days?.from) parts.push(`f.day >= ${next(filter.days.from)}::date`);
  if (filter.days?.to) parts.push(`f.day <= ${next(filter.days.to)}::date`);
  if (filter.id !== undefined) parts.push(`f.id = ${next(filter.id)}`);
  return { sql: parts.length ? parts.join(' AND ') : 'true', params };
}

/** Six decimals of a degree (about 0.1 m): the cells' centres need no more. */
const degrees = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The open data of a project whose results are public (OGC API - Features, Part 1 Core and GeoJSON; decision
 * 0085): a landing page, the conformance classes, one collection per attribute with answers that have a place,
 * and their features, generalised and without personal data. Anyone may read them, with or without a session;
 * a project whose results are not public answers 404 to everyone.
 */
@Injectable()
export class OpenDataService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    private readonly statistics: StatisticsService,
  ) {}

  /**
   * The project when its results are public: published (`is_public`) and its publication day come, in the
   * service's time zone; else 404 `CONSULTATION.PROJECT_NOT_FOUND`.
   */
  private async project(token: string): Promise<PublishedProject> {
    const [row] = await this.db.query<PublishedProject[]>(
      `SELECT p.token, p.title, p.summary, p.open_data_free_text, p.open_data_grid_m
       FROM consultation.project p
       WHERE p.token = $1 AND p.is_public AND p.public_date <= $2::date`,
      [token, todayIn(this.config.project.timeZone)],
    );
    if (!row) throw ProjectErrors.notFound();
    return row;
  }

  /**
   * The project's visible attributes with answers (`placed`: with answers that have a place, the collections),
   * all of them or the one `id`, in the structure's order.
   */
  private async collectionRows(project: string, id?: string, placed = true): Promise<CollectionRow[]> {
    return this.db.query<CollectionRow[]>(
      `SELECT at.token AS attribute, n.mname || '.' || at.mname AS id, at.name, n.title AS topic
       FROM consultation.attribute at JOIN consultation.node n ON n.token = at.node
       WHERE n.project = $1 AND at.is_visible
         AND EXISTS (SELECT 1 FROM consultation.answer a WHERE a.attribute = at.token
           ${placed ? 'AND a.geom IS NOT NULL' : ''})
         ${id === undefined ? '' : `AND n.mname || '.' || at.mname = $2`}
       ORDER BY n.sort_order, n.created, n.token, at.sort_order, at.created, at.token`,
      id === undefined ? [project] : [project, id],
    );
  }

  private async collectionRow(project: string, id: string, placed = true): Promise<CollectionRow> {
    const [row] = await this.collectionRows(project, id, placed);
    if (!row) throw OpenDataErrors.collectionNotFound();
    return row;
  }

  /** The published properties of an attribute's visible variables. */
  private async properties(project: PublishedProject, attribute: string): Promise<OpenDataProperty[]> {
    const variables = await this.db.query<PlanVariable[]>(
      `SELECT v.token, v.mname, v.variable_type FROM consultation.variable v
       WHERE v.attribute = $1 AND v.is_visible ORDER BY v.sort_order, v.created, v.token`,
      [attribute],
    );
    return propertiesOf(variables, project.open_data_free_text);
  }

  /** The parameters $1..$6 of `PUBLISHED`. */
  private publishedParams(project: PublishedProject, attribute: string): unknown[] {
    return [
      attribute,
      project.token,
      project.open_data_grid_m,
      this.config.statistics.minCell,
      Buffer.from(this.config.openData.idKey, 'utf8'),
      this.config.project.timeZone,
    ];
  }

  async landing(token: string, base: string): Promise<OpenDataLandingAnswer> {
    const project = await this.project(token);
    return {
      title: project.title,
      description:
        project.summary ||
        `The published answers of the consultation “${project.title}”, generalised and without personal data.`,
      links: [
        { href: base, rel: 'self', type: JSON_TYPE, title: 'This document' },
        {
          href: `${base}/api`,
          rel: 'service-desc',
          type: OPEN_DATA_MEDIA.openapi,
          title: 'The API definition',
        },
        { href: `${base}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
        { href: `${base}/collections`, rel: 'data', type: JSON_TYPE, title: 'The collections' },
      ],
    };
  }

  /** `…/api`: the API definition, naming the collections. */
  async api(token: string, base: string): Promise<OpenDataApiAnswer> {
    const project = await this.project(token);
    const rows = await this.collectionRows(project.token);
    return apiDocument(
      project.title,
      base,
      rows.map((r) => r.id),
    );
  }

  async conformance(token: string): Promise<OpenDataConformanceAnswer> {
    await this.project(token);
    return { conformsTo: [...OPEN_DATA_CONFORMANCE] };
  }

  async collections(token: string, base: string): Promise<OpenDataCollectionsAnswer> {
    const project = await this.project(token);
    const rows = await this.collectionRows(project.token);
    const collections: OpenDataCollectionAnswer[] = [];
    for (const row of rows) collections.push(await this.describe(project, row, base));
    return {
      links: [{ href: `${base}/collections`, rel: 'self', type: JSON_TYPE, title: 'The collections' }],
      collections,
    };
  }

  async collection(token: string, id: string, base: string): Promise<OpenDataCollectionAnswer> {
    const project = await this.project(token);
    return this.describe(project, await this.collectionRow(project.token, id), base);
  }

  /** A collection's description, with the extent of its published features. */
  private async describe(
    project: PublishedProject,
    row: CollectionRow,
    base: string,
  ): Promise<OpenDataCollectionAnswer> {
    const [extent] = await analyticsQuery<
      Array<{ xmin: number | null; ymin: number; xmax: number; ymax: number }>
    >(
      this.db,
      `${PUBLISHED}
       SELECT public.ST_XMin(e) AS xmin, public.ST_YMin(e) AS ymin, public.ST_XMax(e) AS xmax, public.ST_YMax(e) AS ymax
       FROM (SELECT public.ST_Extent(f.cell) AS e FROM f) x`,
      this.publishedParams(project, row.attribute),
    );
    const href = `${base}/collections/${encodeURIComponent(row.id)}`;
    return {
      id: row.id,
      title: row.name,
      description:
        `The answers to “${row.name}” of the topic “${row.topic}”: each one at the centre of its ` +
        `${project.open_data_grid_m} m grid cell, cells with fewer than ${this.config.statistics.minCell} ` +
        `respondents left out.`,
      links: [
        { href, rel: 'self', type: JSON_TYPE, title: row.name },
        { href: `${href}/items`, rel: 'items', type: GEOJSON, title: 'The features' },
        {
          href: `${href}/schema`,
          rel: 'describedby',
          type: OPEN_DATA_MEDIA.schema,
          title: 'The properties',
        },
      ],
      ...(extent &&
        extent.xmin !== null && {
          extent: {
            spatial: {
              bbox: [
                [degrees(extent.xmin), degrees(extent.ymin), degrees(extent.xmax), degrees(extent.ymax)],
              ],
              crs: CRS84,
            },
          },
        }),
      itemType: 'feature',
      crs: [CRS84],
    };
  }

  /** The JSON Schema of a collection's features' properties. */
  async schema(token: string, id: string, base: string): Promise<OpenDataSchemaAnswer> {
    const project = await this.project(token);
    const row = await this.collectionRow(project.token, id);
    const properties = await this.properties(project, row.attribute);
    return {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $id: `${base}/collections/${encodeURIComponent(row.id)}/schema`,
      type: 'object',
      title: row.name,
      properties: {
        ...FIXED_PROPERTIES,
        ...Object.fromEntries(properties.map((p) => [p.key, p.schema])),
      },
    };
  }

  /** `…/area`: the project's first view and its topics' boundaries, by the structure's order. */
  async area(token: string): Promise<OpenDataAreaAnswer> {
    const project = await this.project(token);
    const [view] = await this.db.query<Array<{ lat: number | null; lng: number | null; zoom: number }>>(
      `SELECT public.ST_Y(center) AS lat, public.ST_X(center) AS lng, zoom FROM consultation.project WHERE token = $1`,
      [project.token],
    );
    const topics = await this.db.query<OpenDataAreaAnswer['topics']>(
      `SELECT title, public.ST_AsGeoJSON(boundary, 6)::json AS boundary FROM consultation.node
       WHERE project = $1 AND boundary IS NOT NULL ORDER BY sort_order, created, token`,
      [project.token],
    );
    return {
      center: view!.lat === null || view!.lng === null ? null : { lat: view!.lat, lng: view!.lng },
      zoom: view!.zoom,
      topics,
    };
  }

  /** `…/statistics`: the attributes with answers, with or without a place, whose statistics are published. */
  async statisticsList(token: string): Promise<OpenDataStatisticsListAnswer> {
    const project = await this.project(token);
    const rows = await this.collectionRows(project.token, undefined, false);
    return { attributes: rows.map((r) => ({ id: r.id, title: r.name, topic: r.topic })) };
  }

  /**
   * `…/statistics/{attribute}`: the statistics of a visible attribute with answers (topic.attribute, a collection's
   * id when its answers have a place), its small cells hidden as for every non-administrator, its published value
   * kinds only (decision 0087).
   */
  async statisticsOf(token: string, id: string): Promise<OpenDataStatisticsAnswer> {
    const project = await this.project(token);
    const row = await this.collectionRow(project.token, id, false);
    const kinds = [...PUBLISHED_KINDS, ...(project.open_data_free_text ? FREE_TEXT_KINDS : [])];
    return {
      id: row.id,
      title: row.name,
      topic: row.topic,
      ...(await this.statistics.published(row.attribute, kinds)),
    };
  }

  /** The published features of a collection that `filter` selects, `limit` of them from `offset`, by id. */
  private async features(
    project: PublishedProject,
    row: CollectionRow,
    filter: FeatureFilter,
    limit: number,
    offset: number,
  ): Promise<{ matched: number; features: OpenDataFeatureAnswer[] }> {
    const properties = await this.properties(project, row.attribute);
    const kinds = [...PUBLISHED_KINDS, ...(project.open_data_free_text ? FREE_TEXT_KINDS : [])];
    const where = filterSql(filter, 11);
    const [result] = await analyticsQuery<Array<{ matched: number; features: FeatureRow[] }>>(
      this.db,
      `${PUBLISHED}, filtered AS (SELECT f.* FROM f WHERE ${where.sql}),
       page AS (SELECT * FROM filtered ORDER BY id LIMIT $7 OFFSET $8)
       SELECT (SELECT count(*)::int FROM filtered) AS matched,
         coalesce((SELECT json_agg(json_build_object(
             'id', pg.id, 'lon', public.ST_X(pg.cell), 'lat', public.ST_Y(pg.cell), 'topic', n.title,
             'answered_on', pg.day::text, 'drawn_as', pg.drawn_as,
             'vals', (SELECT jsonb_object_agg(av.variable::text || ':' || av.kind, CASE av.kind
                 WHEN 'number' THEN to_jsonb(av.number_value)
                 WHEN 'date' THEN to_jsonb(av.date_value::text)
                 WHEN 'radio' THEN to_jsonb(${choiceLabelsSql('av')})
                 WHEN 'checkbox' THEN to_jsonb(${choiceLabelsSql('av', 'array')})
                 WHEN 'library' THEN to_jsonb(av.list_value)
                 ELSE to_jsonb(av.text_value) END)
               FROM consultation.answer_value av
               WHERE av.answer = pg.token AND av.variable = ANY($9::uuid[]) AND av.kind = ANY($10::text[])))
             ORDER BY pg.id)
           FROM page pg JOIN consultation.node n ON n.token = pg.node), '[]'::json) AS features`,
      [
        ...this.publishedParams(project, row.attribute),
        limit,
        offset,
        [...new Set(properties.map((p) => p.source.split(':')[0]!))],
        kinds satisfies ReadonlyArray<VariableKind['kind']>,
        ...where.params,
      ],
    );
    return {
      matched: result!.matched,
      features: result!.features.map((f) => ({
        type: 'Feature',
        id: f.id,
        geometry: { type: 'Point', coordinates: [degrees(f.lon), degrees(f.lat)] },
        properties: featureProperties(
          { topic: f.topic, answered_on: f.answered_on, drawn_as: f.drawn_as },
          properties,
          f.vals,
        ),
      })),
    };
  }

  /** `…/items`: a page of features, with the links to the pages before and after it. */
  async items(
    token: string,
    id: string,
    query: OpenDataItemsQuery,
    base: string,
  ): Promise<OpenDataFeaturesAnswer> {
    const project = await this.project(token);
    const row = await this.collectionRow(project.token, id);
    const limit = query.limit ?? OPEN_DATA_LIMIT.default;
    const offset = query.offset ?? 0;
    const { matched, features } = await this.features(
      project,
      row,
      { bbox: query.bbox, days: query.datetime },
      limit,
      offset,
    );
    const items = `${base}/collections/${encodeURIComponent(row.id)}/items`;
    const page = (at: number) => {
      const params = new URLSearchParams();
      params.set('limit', String(limit));
      if (at > 0) params.set('offset', String(at));
      if (query.bbox) {
        const { west, south, east, north } = query.bbox;
        params.set('bbox', [west, south, east, north].join(','));
      }
      if (query.datetime)
        params.set('datetime', `${query.datetime.from ?? '..'}/${query.datetime.to ?? '..'}`);
      return `${items}?${params.toString()}`;
    };
    const links: OpenDataLink[] = [
      { href: page(offset), rel: 'self', type: GEOJSON, title: 'This page' },
      { href: `${base}/collections/${encodeURIComponent(row.id)}`, rel: 'collection', type: JSON_TYPE },
    ];
    if (offset + features.length < matched)
      links.push({ href: page(offset + limit), rel: 'next', type: GEOJSON, title: 'Next page' });
    if (offset > 0)
      links.push({
        href: page(Math.max(0, offset - limit)),
        rel: 'prev',
        type: GEOJSON,
        title: 'Previous page',
      });
    return {
      type: 'FeatureCollection',
      features,
      links,
      numberMatched: matched,
      numberReturned: features.length,
      timeStamp: new Date().toISOString(),
    };
  }

  /** `…/items/{featureId}`: one published feature (404 when it is not published). */
  async item(token: string, id: string, featureId: string, base: string): Promise<OpenDataFeatureAnswer> {
    const project = await this.project(token);
    const row = await this.collectionRow(project.token, id);
    const [feature] = /^[0-9a-f]{32}$/.test(featureId)
      ? (await this.features(project, row, { id: featureId }, 1, 0)).features
      : [];
    if (!feature) throw OpenDataErrors.featureNotFound();
    const collection = `${base}/collections/${encodeURIComponent(row.id)}`;
    return {
      ...feature,
      links: [
        { href: `${collection}/items/${feature.id}`, rel: 'self', type: GEOJSON },
        { href: collection, rel: 'collection', type: JSON_TYPE },
      ],
    };
  }
}
