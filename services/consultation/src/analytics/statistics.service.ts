import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { SessionUser, VariableKind } from '@agora/contracts';
import type { EnsembleAnswer, KindStatisticsAnswer, StatisticType } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { AnswerReadsService } from '../answer/answer-reads.service.js';
import { answerGeomType } from '../answer/answer.rules.js';
import { areaFilterSql, assertMayFilter, type AreaFilter } from './area-filter.js';
import { Cells, round } from './cells.js';

/** How many distinct values a text or number statistic lists (most respondents first). */
const TOP_VALUES = 10;
const LABEL_KINDS = ['radio', 'checkbox', 'library'];

interface Totals {
  answers: number;
  respondents: number;
  weighted: number;
  geoms: number;
  length: number;
  area: number;
}
interface KindRow {
  variable: string;
  kind: string;
  n: number;
  w: number;
}
interface ValueRangeRow {
  variable: string;
  kind: string;
  nmin: string | null;
  nmax: string | null;
  mean: number | null;
  wmean: number | null;
  median: number | null;
  dmin: string | null;
  dmax: string | null;
}
interface CellRow extends KindRow {
  value: string;
}
interface ProfileRow {
  question: string;
  label: string;
  choices: Array<{ id: number; label: string; n: number; w: number }>;
}
interface StatisticsRow {
  totals: Totals;
  kinds: KindRow[];
  ranges: ValueRangeRow[];
  cells: CellRow[];
  profile: ProfileRow[];
}

/**
 * The statistics of an attribute's answers in one statement: the answers (inside the drawn area when one is
 * given) are read once, their respondents joined once to their profile weights (1 when none is stored), and every
 * count, distribution, range and profile share is grouped from that set (decision 0039).
 */
const STATISTICS = (filterSql: string | null) => `
WITH f AS MATERIALIZED (
  SELECT a.token, a.owner, a.geom FROM consultation.answer a
  WHERE a.attribute = $1 ${filterSql ? `AND public.ST_Intersects(a.geom, ${filterSql})` : ''}
), wt AS MATERIALIZED (
  SELECT o.owner, coalesce(pw.weight, 1)::float8 AS w
  FROM (SELECT DISTINCT owner FROM f) o
  LEFT JOIN consultation.profile_weight pw ON pw.category = $2::uuid AND pw.user_uuid = o.owner
), v AS MATERIALIZED (
  SELECT v.variable, v.kind, f.owner, wt.w, v.text_value, v.number_value, v.date_value, v.list_value
  FROM f JOIN consultation.answer_value v ON v.answer = f.token JOIN wt ON wt.owner = f.owner
  WHERE v.variable = ANY($3::uuid[])
)
SELECT
  (SELECT json_build_object(
     'answers', count(*), 'respondents', count(DISTINCT owner), 'weighted', (SELECT coalesce(sum(w), 0) FROM wt),
     'geoms', count(geom),
     'length', coalesce(sum(public.ST_Length(geom::public.geography))
       FILTER (WHERE public.ST_Dimension(geom) = 1), 0),
     'area', coalesce(sum(public.ST_Area(geom::public.geography)) FILTER (WHERE public.ST_Dimension(geom) = 2), 0))
   FROM f) AS totals,
  (SELECT coalesce(json_agg(k), '[]') FROM (
     SELECT variable, kind, count(*) AS n, sum(w) AS w FROM (SELECT DISTINCT variable, kind, owner, w FROM v) d
     GROUP BY 1, 2) k) AS kinds,
  (SELECT coalesce(json_agg(r), '[]') FROM (
     SELECT variable, kind, min(number_value)::text AS nmin, max(number_value)::text AS nmax,
       avg(number_value)::float8 AS mean,
       (sum(number_value * w::numeric) / nullif(sum(w::numeric) FILTER (WHERE number_value IS NOT NULL), 0))::float8
         AS wmean,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY number_value::float8) AS median,
       min(date_value)::text AS dmin, max(date_value)::text AS dmax
     FROM v WHERE kind IN ('number', 'date') GROUP BY 1, 2) r) AS ranges,
  (SELECT coalesce(json_agg(c), '[]') FROM (
     SELECT variable, kind, value, n, w FROM (
       SELECT variable, kind, value, count(*) AS n, sum(w) AS w,
         row_number() OVER (PARTITION BY variable, kind ORDER BY count(*) DESC, value) AS r
       FROM (
         SELECT DISTINCT v.variable, v.kind, e.value, v.owner, v.w FROM v, unnest(CASE
           WHEN v.kind IN ('radio', 'checkbox', 'library') THEN coalesce(v.list_value, ARRAY[v.text_value])
           WHEN v.kind = 'number' THEN ARRAY[v.number_value::text]
           WHEN v.kind = 'date' THEN ARRAY[v.date_value::text]
           WHEN v.kind IN ('text', 'string', 'resource') THEN ARRAY[v.text_value]
           ELSE ARRAY[]::text[] END) AS e(value)
         WHERE e.value IS NOT NULL) d
       GROUP BY 1, 2, 3) g
     WHERE r <= ${TOP_VALUES} OR kind IN ('radio', 'checkbox', 'library', 'date')) c) AS cells,
  (SELECT coalesce(json_agg(q ORDER BY q.role, q.sort_order, q.created, q.question), '[]') FROM (
     SELECT pq.token AS question, pq.question AS label, pq.role, pq.sort_order, pq.created,
       (SELECT coalesce(json_agg(json_build_object('id', pc.id, 'label', pc.content,
          'n', coalesce(s.n, 0), 'w', coalesce(s.w, 0)) ORDER BY pc.sort_order, pc.id), '[]')
        FROM consultation.profile_choice pc
        LEFT JOIN (SELECT pa.choice, count(*) AS n, sum(wt.w) AS w FROM wt
          JOIN consultation.profile_answer pa ON pa.user_uuid = wt.owner AND pa.question = pq.token
          GROUP BY 1) s ON s.choice = pc.id
        WHERE pc.question = pq.token) AS choices
     FROM consultation.profile_question pq WHERE pq.category = $2::uuid) q) AS profile`;

/** The experts' and administrators' statistics of an attribute's answers, weighted, with small cells hidden. */
@Injectable()
export class StatisticsService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    private readonly reads: AnswerReadsService,
  ) {}

  /** The smallest cell of respondents shown to non-admins (`CONSULTATION_MIN_CELL`). */
  get minCell(): number {
    return this.config.statistics.minCell;
  }

  /** The cells of a caller: administrators see every cell, everyone else not those under the configured size. */
  cellsFor(user: SessionUser): Cells {
    return new Cells(user.role === 'admin' ? 1 : this.config.statistics.minCell);
  }

  /** `GET data/scope/ensemble/attribute/{attr}[/variable/{var}][/within/{filter}]`. */
  async ensemble(
    attribute: string,
    user: SessionUser,
    variable: string | undefined,
    filter: AreaFilter | null,
  ): Promise<EnsembleAnswer> {
    const { ctx, access } = await this.reads.seeAll(attribute, user);
    if (filter) assertMayFilter(access);
    const variables = await this.reads.variableRows(ctx.attribute, variable);
    const where = filter ? areaFilterSql(filter, 4) : null;
    const [row] = await this.db.query<StatisticsRow[]>(STATISTICS(where?.sql ?? null), [
      ctx.attribute,
      ctx.category,
      variables.map((v) => v.token),
      ...(where ? [where.param] : []),
    ]);
    const { totals, kinds, ranges, cells: cellRows, profile } = row!;
    const cells = this.cellsFor(user);
    const hidden = cells.hides(totals.respondents);
    const key = (variable: string, kind: string) => `${variable}|${kind}`;
    const kindBy = new Map(kinds.map((k) => [key(k.variable, k.kind), k]));
    const rangeBy = new Map(ranges.map((r) => [key(r.variable, r.kind), r]));
    const cellsBy = new Map<string, CellRow[]>();
    for (const c of cellRows) {
      const list = cellsBy.get(key(c.variable, c.kind)) ?? [];
      list.push(c);
      cellsBy.set(key(c.variable, c.kind), list);
    }
    const geomType = answerGeomType(ctx, {
      has_geometry: ctx.node_has_geometry,
      geom_type: ctx.node_geom_type,
    });
    return {
      count: cells.shown(totals.respondents, totals.answers),
      respondents: cells.shown(totals.respondents, totals.respondents),
      weighted_respondents: cells.shown(totals.respondents, round(totals.weighted)),
      min_cell: this.minCell,
      filtered: filter !== null,
      geometry: {
        type: geomType,
        count: hidden ? 0 : totals.geoms,
        length_m: hidden || geomType !== 'line' ? null : round(totals.length),
        area_m2: hidden || geomType !== 'polygon' ? null : round(totals.area),
      },
      variables: variables.map((v) => ({
        variable: v.token,
        mname: v.mname,
        label: v.variable_type.find((k) => k.options.label)?.options.label || v.mname,
        kinds: v.variable_type.map((kind) =>
          kindStatistics(
            kind,
            kindBy.get(key(v.token, kind.kind)) ?? { variable: v.token, kind: kind.kind, n: 0, w: 0 },
            rangeBy.get(key(v.token, kind.kind)),
            cellsBy.get(key(v.token, kind.kind)) ?? [],
            cells,
          ),
        ),
      })),
      profile: profile.map((q) => ({
        question: q.question,
        label: q.label,
        choices: q.choices.map((c) => ({
          choice: c.id,
          label: c.label,
          ...cells.cell(Number(c.n), Number(c.w), totals.respondents, totals.weighted),
        })),
      })),
      suppressed: cells.suppressed,
    };
  }
}

function statisticType(kind: string): StatisticType {
  if (LABEL_KINDS.includes(kind)) return 'percentage';
  if (kind === 'number' || kind === 'date') return kind;
  return 'text';
}

/** The statistics of one value kind from its grouped rows. */
function kindStatistics(
  { kind, options }: VariableKind,
  total: KindRow,
  range: ValueRangeRow | undefined,
  rows: CellRow[],
  cells: Cells,
): KindStatisticsAnswer {
  const type = statisticType(kind);
  const cellOf = (r: { n: number; w: number }) => cells.cell(Number(r.n), Number(r.w), total.n, total.w);
  const hidden = cells.hides(total.n);
  const base = {
    variable_type: kind,
    type,
    count: cells.shown(total.n, total.n),
    weighted_count: cells.shown(total.n, round(total.w)),
  };
  if (type === 'percentage') {
    const labels = (kind === 'library' ? options.items : options.choices) ?? [];
    const by = new Map(rows.map((r) => [r.value, r]));
    return { ...base, dist: labels.map((value) => ({ value, ...cellOf(by.get(value) ?? { n: 0, w: 0 }) })) };
  }
  // the most frequent values; a value too few gave is left out (its text would tell who answered)
  const top = [...rows]
    .sort((a, b) => b.n - a.n || (a.value < b.value ? -1 : 1))
    .slice(0, TOP_VALUES)
    .filter((r) => cells.shown(Number(r.n), true) !== null)
    .map((r) => ({ value: r.value, ...cellOf(r) }));
  if (type === 'text') return { ...base, dist: top };
  const shown = <T>(value: T | null | undefined): T | null => (hidden ? null : (value ?? null));
  if (type === 'date')
    return {
      ...base,
      dist: top,
      min: shown(range?.dmin),
      max: shown(range?.dmax),
      per_day: [...rows]
        .sort((a, b) => (a.value < b.value ? -1 : 1))
        .map((r) => ({ day: r.value, ...cellOf(r) })),
    };
  const num = (n: number | null | undefined) => (n === null || n === undefined ? null : round(n));
  return {
    ...base,
    dist: top,
    min: shown(range?.nmin),
    max: shown(range?.nmax),
    mean: shown(num(range?.mean)),
    weighted_mean: shown(num(range?.wmean)),
    median: shown(num(range?.median)),
  };
}
