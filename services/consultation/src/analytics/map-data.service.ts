import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { SessionUser } from '@agora/contracts';
import type { AnswerPointsAnswer, AnswerZonesAnswer } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { AnswerReadsService } from '../answer/answer-reads.service.js';
import { AnswerErrors } from '../answer/answer.rules.js';
import { AnswerAccessService } from '../answer/answer-access.service.js';
import { areaFilterSql, assertMayFilter, type AreaFilter } from './area-filter.js';
import { round } from './cells.js';
import { StatisticsService } from './statistics.service.js';
import { analyticsQuery } from './statistics.sql.js';

/**
 * The answers of a project on the analysts' map: each answer's point (for clusters and heat maps) and the counts
 * per zone (the topics' boundaries and the drawn polygons). Experts and staff always; normal participants once
 * the project is public, without a drawn area.
 */
@Injectable()
export class MapDataService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly gate: AnswerAccessService,
    private readonly reads: AnswerReadsService,
    private readonly statistics: StatisticsService,
  ) {}

  private async visible(project: string, user: SessionUser, filter: AreaFilter | null) {
    const row = await this.reads.project(project);
    const access = this.gate.access(row, user);
    if (filter) assertMayFilter(access);
    if (access === 'normal' && !row.is_public) throw AnswerErrors.notPublic();
    return { row, staff: access === 'staff' };
  }

  /** `GET data/scope/points/project/{project}[/within/{filter}]`: flat lon, lat pairs per attribute. */
  async points(project: string, user: SessionUser, filter: AreaFilter | null): Promise<AnswerPointsAnswer> {
    const { row, staff } = await this.visible(project, user, filter);
    const area = filter ? areaFilterSql(filter, 3) : null;
    // PostGIS writes each attribute's points as one GeoJSON MultiPoint rounded to 6 decimals (C code, about twice
    // as fast as rounding 200,000 numerics and joining their texts); dropping its brackets leaves the flat
    // lon, lat list, parsed natively as one JSON array
    const rows = await analyticsQuery<Array<{ attribute: string; count: number; coords: number[] }>>(
      this.db,
      `SELECT attribute, count, ('[' || translate(substr(multipoint, strpos(multipoint, '"coordinates":') + 14),
           '[]{}', '') || ']')::json AS coords
       FROM (SELECT p.attribute, count(*)::int AS count,
               public.ST_AsGeoJSON(public.ST_Collect(p.pt ORDER BY p.created, p.token), 6) AS multipoint
             FROM (SELECT a.attribute, a.created, a.token, public.ST_PointOnSurface(a.geom) AS pt
                   FROM consultation.answer a JOIN consultation.attribute at ON at.token = a.attribute
                   WHERE a.project = $1 AND a.geom IS NOT NULL AND ($2 OR at.is_visible)
                     ${area ? `AND public.ST_Intersects(a.geom, ${area.sql})` : ''}) p
             GROUP BY p.attribute) m
       ORDER BY attribute`,
      [row.token, staff, ...(area ? [area.param] : [])],
    );
    return { attributes: rows };
  }

  /** `GET data/scope/zones/project/{project}[/within/{filter}]`: answers, respondents and weight per zone. */
  async zones(project: string, user: SessionUser, filter: AreaFilter | null): Promise<AnswerZonesAnswer> {
    const { row, staff } = await this.visible(project, user, filter);
    const area = filter ? areaFilterSql(filter, 4) : null;
    const rows = await analyticsQuery<
      Array<{
        kind: 'topic' | 'filter';
        id: string;
        label: string;
        answers: number;
        respondents: number;
        weighted: number;
      }>
    >(
      this.db,
      `WITH z AS (
         SELECT 'topic' AS kind, n.token::text AS id, n.title AS label, n.boundary AS geom, 0 AS part,
           n.sort_order, n.created
         FROM consultation.node n WHERE n.project = $1 AND n.boundary IS NOT NULL
         ${
           area
             ? `UNION ALL SELECT 'filter', d.path[1]::text, d.path[1]::text, d.geom, d.path[1], 0, NULL
           FROM public.ST_Dump(public.ST_SetSRID(public.ST_GeomFromGeoJSON($4::text), 4326)) d`
             : ''
         }
       )
       SELECT z.kind, z.id, z.label, coalesce(c.answers, 0)::int AS answers,
         coalesce(c.respondents, 0)::int AS respondents, coalesce(c.weighted, 0)::float8 AS weighted
       FROM z LEFT JOIN LATERAL (
         SELECT sum(o.n) AS answers, count(*) AS respondents, sum(coalesce(pw.weight, 1)) AS weighted
         FROM (SELECT a.owner, count(*) AS n FROM consultation.answer a
               JOIN consultation.attribute at ON at.token = a.attribute
               WHERE a.project = $1 AND ($2 OR at.is_visible) AND public.ST_Intersects(a.geom, z.geom)
                 ${area ? `AND public.ST_Intersects(a.geom, ${area.sql})` : ''}
               GROUP BY a.owner) o
         LEFT JOIN consultation.profile_weight pw ON pw.category = $3::uuid AND pw.user_uuid = o.owner) c ON true
       ORDER BY z.kind DESC, z.part, z.sort_order, z.created, z.id`,
      [row.token, staff, row.category, ...(area ? [area.param] : [])],
    );
    const cells = this.statistics.cellsFor(user);
    const zones = rows.map((z) => {
      const hidden = cells.hides(z.respondents);
      return {
        kind: z.kind,
        id: z.id,
        label: z.label,
        answers: cells.shown(z.respondents, z.answers),
        respondents: cells.shown(z.respondents, z.respondents),
        weighted: cells.shown(z.respondents, round(z.weighted)),
        suppressed: hidden,
      };
    });
    return { min_cell: this.statistics.minCell, suppressed: cells.suppressed, zones };
  }
}
