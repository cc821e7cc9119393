import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { SessionUser } from '@agora/contracts';
import type { AnswerSummariesAnswer, AnswerSummarySort } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { AnswerReadsService, LIST_PAGE_SIZE } from '../answer/answer-reads.service.js';
import { VALUE_COLUMNS, valueText, type ValueRow } from '../answer/answer.mapper.js';
import { areaFilterSql, assertMayFilter, type AreaFilter } from './area-filter.js';

/** The search words of `q`: split on white space, at most ten (the rest are ignored). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
}

/** A word as an ILIKE pattern that matches it literally anywhere (`%`, `_` and `\` escaped). */
const contains = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<AnswerSummarySort, string> = {
  newest: 'a.created DESC, a.token',
  oldest: 'a.created, a.token',
  likes: 'likes DESC, dislikes, a.created DESC, a.token',
};

/**
 * The answers of one attribute as a paged list (the data views' answers panel): each answer with its date, its
 * reactions and its values, searched in the values' texts (choices by their labels, files by their names) and
 * ordered newest, oldest or most liked first; inside a drawn area for experts and staff. Who may read it is
 * who may read the values of the attribute's variables (`data/scope/list/…/variable/…`).
 */
@Injectable()
export class AnswerSummariesService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly reads: AnswerReadsService,
  ) {}

  async list(
    page: number,
    attribute: string,
    user: SessionUser,
    query: { q?: string | undefined; sort?: AnswerSummarySort | undefined },
    filter: AreaFilter | null = null,
  ): Promise<AnswerSummariesAnswer> {
    const { ctx, access } = await this.reads.seeAll(attribute, user);
    if (filter) assertMayFilter(access);
    const words = searchWords(query.q);
    const params: unknown[] = [ctx.attribute, user.uuid];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where: string[] = [];
    if (filter) where.push(`public.ST_Intersects(a.geom, ${areaFilterSql(filter, params.length + 1).sql})`);
    if (filter) params.push(filter.geojson);
    // each word in one of the answer's values of a visible variable: its text, number, date, list, file name
    // or choice labels
    for (const word of words)
      where.push(`EXISTS (
        SELECT 1 FROM consultation.answer_value v
          JOIN consultation.variable var ON var.token = v.variable AND var.is_visible
          LEFT JOIN consultation.answer_file f ON f.id = v.file
         WHERE v.answer = a.token
           AND concat_ws(' ', v.text_value, v.number_value::text, v.date_value::text,
                 array_to_string(v.list_value, ' '), f.name, ${VALUE_LABELS}) ILIKE ${bind(contains(word))})`);
    const conditions = where.map((w) => ` AND ${w}`).join('');
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM consultation.answer a
        WHERE a.attribute = $1 AND $2::uuid IS NOT NULL${conditions}`,
      [...params],
    )) as [{ total: number }];
    const answers = await this.db.query<
      Array<{ token: string; created: Date; owner: string; likes: number; dislikes: number }>
    >(
      `SELECT a.token, a.created, a.owner, coalesce(s.likes, 0) AS likes, coalesce(s.dislikes, 0) AS dislikes
         FROM consultation.answer a
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE r.reaction = 'like')::int AS likes,
                  count(*) FILTER (WHERE r.reaction = 'dislike')::int AS dislikes
             FROM consultation.social_reaction r WHERE r.scope = 'choice' AND r.item = a.token) s ON true
        WHERE a.attribute = $1 AND $2::uuid IS NOT NULL${conditions}
        ORDER BY ${ORDER[query.sort ?? 'newest']}
        LIMIT ${bind(LIST_PAGE_SIZE)} OFFSET ${bind((page - 1) * LIST_PAGE_SIZE)}`,
      params,
    );
    const values =
      answers.length === 0
        ? []
        : await this.db.query<Array<ValueRow & { answer: string }>>(
            `SELECT v.answer, ${VALUE_COLUMNS}
               FROM consultation.answer_value v
               JOIN consultation.variable var ON var.token = v.variable AND var.is_visible
               LEFT JOIN consultation.answer_file f ON f.id = v.file
              WHERE v.answer = ANY($1::uuid[])
              ORDER BY var.sort_order, var.created, var.token, v.id`,
            [answers.map((a) => a.token)],
          );
    const valuesOf = new Map<string, AnswerSummariesAnswer['values'][number]['values']>();
    for (const v of values) {
      const list = valuesOf.get(v.answer) ?? [];
      list.push({ variable: v.variable, variable_type: v.kind, value: valueText(v), label: v.label });
      valuesOf.set(v.answer, list);
    }
    return {
      values: answers.map((a) => ({
        choice: a.token,
        created: a.created.toISOString(),
        isOwner: a.owner === user.uuid,
        likes: a.likes,
        dislikes: a.dislikes,
        values: valuesOf.get(a.token) ?? [],
      })),
      page,
      total_pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)),
      total,
    };
  }
}

/** A value's choice labels (`v`), for the search. */
const VALUE_LABELS = `CASE WHEN v.kind IN ('radio', 'checkbox') THEN (
    SELECT string_agg(ch->>'label', ' ')
      FROM consultation.variable cv, jsonb_array_elements(cv.variable_type) AS k,
           jsonb_array_elements(k->'options'->'choices') AS ch
     WHERE cv.token = v.variable AND k->>'kind' = v.kind
       AND ch->>'id' = ANY(coalesce(v.list_value, ARRAY[v.text_value]))) END`;
