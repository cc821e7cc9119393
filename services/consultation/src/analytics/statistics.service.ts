import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AuditLog, LOGGER, type AuditActor } from '@agora/common';
import type { SessionUser, VariableKind } from '@agora/contracts';
import type { EnsembleAnswer, KindStatisticsAnswer, StatisticType } from '@agora/contracts/api';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { AnswerReadsService } from '../answer/answer-reads.service.js';
import { AnswerAccessService, type AttributeContext } from '../answer/answer-access.service.js';
import { AnswerErrors, answerGeomType } from '../answer/answer.rules.js';
import { areaFilterSql, assertMayFilter, type AreaFilter } from './area-filter.js';
import { Cells, round } from './cells.js';
import {
  applyAnalyticsSettings,
  EVERY_SCOPE,
  STATISTICS_FOLD_SQL,
  STATISTICS_STAMP_SQL,
  statisticsSql,
  TOP_VALUES,
  type StatisticsMeasure,
} from './statistics.sql.js';

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

/** An attribute's visible variables, as the answers' reads give them. */
type VariableRow = Awaited<ReturnType<AnswerReadsService['variableRows']>>[number];

/** The statistics the open data publish: no drawn-area filter, no profile questions. */
export type PublishedStatistics = Omit<EnsembleAnswer, 'profile' | 'filtered'>;

/** How many statistics rows a process keeps (each a few tens of KiB), the least recently asked dropped first. */
const CACHED_ROWS = 64;
/** How many change-log rows a stamp may count before the statistics fold them into one per scope. */
const FOLD_AT = 256;

/** The experts' and administrators' statistics of an attribute's answers, weighted, with small cells hidden. */
@Injectable()
export class StatisticsService {
  /**
   * The statistics rows last computed, by what they were computed for, each with the stamp of the snapshot it was
   * computed in (decision 0082). A row is given back only while the stamp read now is the same, so a replica's
   * rows never outlive a write, whichever replica made it.
   */
  private readonly rows = new LRUCache<string, { stamp: string; row: StatisticsRow }>({ max: CACHED_ROWS });

  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    private readonly reads: AnswerReadsService,
    private readonly gate: AnswerAccessService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
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
    actor: AuditActor,
  ): Promise<EnsembleAnswer> {
    const { ctx, access } = await this.reads.seeAll(attribute, user);
    if (filter) assertMayFilter(access);
    const variables = await this.reads.variableRows(ctx.attribute, variable);
    const answer = await this.statistics(ctx, variables, filter, this.cellsFor(user));
    // statistics of a drawn area reveal the answers of a place: recorded as they are served (decision 0084)
    if (filter) {
      await this.audit.recordRead(actor, {
        action: 'statistics.area',
        object: { type: 'attribute', id: ctx.attribute },
        detail: { variable: variable ?? null, area: JSON.parse(filter.geojson) as object },
      });
    }
    return answer;
  }

  /**
   * The statistics of a visible attribute as the open data publish them (decision 0087): the cells hidden as
   * for every non-administrator, only the value kinds `kinds` of the visible variables, without the profile
   * questions' breakdown. The caller has checked that the project's results are public.
   */
  async published(
    attribute: string,
    kinds: ReadonlyArray<VariableKind['kind']>,
  ): Promise<PublishedStatistics> {
    const ctx = await this.gate.context(attribute);
    if (!ctx.is_visible) throw AnswerErrors.attributeNotFound();
    const variables = (await this.reads.variableRows(ctx.attribute))
      .map((v) => ({ ...v, variable_type: v.variable_type.filter((k) => kinds.includes(k.kind)) }))
      .filter((v) => v.variable_type.length > 0);
    const {
      profile: _profile,
      filtered: _filtered,
      ...shown
    } = await this.statistics(ctx, variables, null, new Cells(this.minCell));
    return shown;
  }

  /** The statistics of `variables` of the attribute `ctx` (inside `filter`), `cells` hiding the small ones. */
  private async statistics(
    ctx: AttributeContext,
    variables: VariableRow[],
    filter: AreaFilter | null,
    cells: Cells,
  ): Promise<EnsembleAnswer> {
    const geomType = answerGeomType(ctx, {
      has_geometry: ctx.node_has_geometry,
      geom_type: ctx.node_geom_type,
    });
    const measure = geomType === 'line' ? 'length' : geomType === 'polygon' ? 'area' : null;
    const row = await this.statisticsRow(
      ctx.attribute,
      ctx.category,
      variables.map((v) => v.token),
      filter,
      measure,
    );
    const { totals, kinds, ranges, cells: cellRows, profile } = row;
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
    return {
      count: cells.shown(totals.respondents, totals.answers),
      respondents: cells.shown(totals.respondents, totals.respondents),
      weighted_respondents: cells.shown(totals.respondents, round(totals.weighted)),
      min_cell: this.minCell,
      filtered: filter !== null,
      geometry: {
        type: geomType,
        count: hidden ? null : totals.geoms,
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

  /**
   * The statistics row of an attribute's answers (inside the area), as computed last when nothing it reads has
   * changed since, else computed now. The stamp and the statement read one snapshot (repeatable read), so the
   * row kept is never older than its stamp.
   */
  private async statisticsRow(
    attribute: string,
    category: string | null,
    variables: string[],
    filter: AreaFilter | null,
    measure: StatisticsMeasure,
  ): Promise<StatisticsRow> {
    const key = JSON.stringify([attribute, category, variables, filter?.geojson ?? null, measure]);
    const where = filter ? areaFilterSql(filter, 4) : null;
    const read = await this.db.transaction('REPEATABLE READ', async (m) => {
      const [{ stamp, n }] = await m.query<Array<{ stamp: string; n: number }>>(STATISTICS_STAMP_SQL, [
        attribute,
        category,
        EVERY_SCOPE,
      ]);
      const kept = this.rows.get(key);
      if (kept?.stamp === stamp) return { stamp, n, row: kept.row, computed: false };
      await applyAnalyticsSettings(m);
      const [row] = await m.query<StatisticsRow[]>(statisticsSql(where?.sql ?? null, measure), [
        attribute,
        category,
        variables,
        ...(where ? [where.param] : []),
      ]);
      return { stamp, n, row: row!, computed: true };
    });
    if (!read.computed) return read.row;
    this.rows.set(key, { stamp: read.stamp, row: read.row });
    if (read.n > FOLD_AT)
      // housekeeping only: a fold that fails (a deadlock with another one) is tried again by a later request
      await this.db
        .query(STATISTICS_FOLD_SQL, [[attribute, category, EVERY_SCOPE], read.stamp.split(':')[0]])
        .catch((e: Error) =>
          this.logger.warn(`folding the statistics changes of ${attribute}: ${e.message}`),
        );
    return read.row;
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
    const by = new Map(rows.map((r) => [r.value, r]));
    const cellOfValue = (value: string) => cellOf(by.get(value) ?? { n: 0, w: 0 });
    // a choice's answers are counted by its id, shown under its current label
    if (kind !== 'library')
      return {
        ...base,
        dist: (options.choices ?? []).map((c) => ({ value: c.label, choice: c.id, ...cellOfValue(c.id) })),
      };
    return { ...base, dist: (options.items ?? []).map((value) => ({ value, ...cellOfValue(value) })) };
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
