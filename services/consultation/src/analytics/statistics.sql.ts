import type { EntityManager } from 'typeorm';

/** How many distinct values a text or number statistic lists (most respondents first). */
export const TOP_VALUES = 10;

/** Which geometric measure the totals sum: lines their length, polygons their area, points neither. */
export type StatisticsMeasure = 'length' | 'area' | null;

/**
 * The statistics of an attribute's answers in one statement: the answers (inside the drawn area when one is
 * given) are read once, their respondents joined once to their profile weights (1 when none is stored), and every
 * count, distribution, range and profile share is grouped from that set (decision 0039). Parameters: $1 the
 * attribute, $2 the category (weights, profile), $3 the variables (uuid[]), and the filter's when `filterSql` reads one.
 * The values are joined to the answers table itself (not to the set of answers), so that the planner knows the
 * answers' tokens are unique and hashes the answers rather than every value. Only the measure the answer shows is
 * summed (`measure`): the geography length or area of 100,000 points is work for a figure nobody is shown.
 */
export const statisticsSql = (filterSql: string | null, measure: StatisticsMeasure = null): string => `
WITH f AS MATERIALIZED (
  SELECT a.token, a.owner, a.geom FROM consultation.answer a
  WHERE a.attribute = $1 ${filterSql ? `AND public.ST_Intersects(a.geom, ${filterSql})` : ''}
), wt AS MATERIALIZED (
  SELECT o.owner, coalesce(pw.weight, 1)::float8 AS w
  FROM (SELECT DISTINCT owner FROM f) o
  LEFT JOIN consultation.profile_weight pw ON pw.category = $2::uuid AND pw.user_uuid = o.owner
), v AS MATERIALIZED (
  SELECT v.variable, v.kind, f.owner, v.number_value, v.date_value, CASE
      WHEN v.kind IN ('radio', 'checkbox', 'library') THEN coalesce(v.list_value, ARRAY[v.text_value])
      WHEN v.kind = 'number' THEN ARRAY[v.number_value::text]
      WHEN v.kind = 'date' THEN ARRAY[v.date_value::text]
      WHEN v.kind IN ('text', 'string', 'resource') THEN ARRAY[v.text_value]
      ELSE ARRAY[]::text[] END AS vals
  FROM consultation.answer_value v JOIN consultation.answer f ON f.token = v.answer
  WHERE v.variable = ANY($3::uuid[]) AND f.attribute = $1
    ${filterSql ? `AND public.ST_Intersects(f.geom, ${filterSql})` : ''}
), d AS (
  SELECT v.variable, v.kind, e.value, v.owner FROM v, unnest(v.vals) AS e(value)
  WHERE e.value IS NOT NULL GROUP BY 1, 2, 3, 4
)
SELECT
  (SELECT json_build_object(
     'answers', count(*), 'respondents', (SELECT count(*) FROM wt), 'weighted', (SELECT coalesce(sum(w), 0) FROM wt),
     'geoms', count(geom),
     'length', ${
       measure === 'length'
         ? `coalesce(sum(public.ST_Length(geom::public.geography))
       FILTER (WHERE public.ST_Dimension(geom) = 1), 0)`
         : '0'
     },
     'area', ${
       measure === 'area'
         ? `coalesce(sum(public.ST_Area(geom::public.geography))
       FILTER (WHERE public.ST_Dimension(geom) = 2), 0)`
         : '0'
     })
   FROM f) AS totals,
  (SELECT coalesce(json_agg(k), '[]') FROM (
     SELECT d.variable, d.kind, count(*) AS n, sum(wt.w) AS w
     FROM (SELECT variable, kind, owner FROM v GROUP BY 1, 2, 3) d JOIN wt USING (owner)
     GROUP BY 1, 2) k) AS kinds,
  (SELECT coalesce(json_agg(r), '[]') FROM (
     SELECT variable, kind, min(number_value)::text AS nmin, max(number_value)::text AS nmax,
       avg(number_value)::float8 AS mean,
       (sum(number_value * w::numeric) / nullif(sum(w::numeric) FILTER (WHERE number_value IS NOT NULL), 0))::float8
         AS wmean,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY number_value::float8) AS median,
       min(date_value)::text AS dmin, max(date_value)::text AS dmax
     FROM v JOIN wt USING (owner) WHERE kind IN ('number', 'date') GROUP BY 1, 2) r) AS ranges,
  (SELECT coalesce(json_agg(c), '[]') FROM (
     SELECT variable, kind, value, n, w FROM (
       SELECT d.variable, d.kind, d.value, count(*) AS n, sum(wt.w) AS w,
         row_number() OVER (PARTITION BY d.variable, d.kind ORDER BY count(*) DESC, d.value) AS r
       FROM d JOIN wt USING (owner) GROUP BY 1, 2, 3) g
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

/**
 * Runs one analytics statement in its own transaction with JIT compilation off and room to sort and hash in
 * memory. The statements read tens of thousands of rows once, and PostGIS's high function costs push their
 * estimates far over `jit_above_cost`: compiling took seconds, longer than the statement itself. The settings
 * are `SET LOCAL`: they end with the transaction and touch no other query of the pool.
 */
export async function analyticsQuery<T>(db: EntityManager, sql: string, params: unknown[]): Promise<T> {
  return db.transaction(async (m) => {
    await applyAnalyticsSettings(m);
    return m.query<T>(sql, params);
  });
}

/** The analytics settings for the rest of the transaction `m` is in (see `analyticsQuery`). */
export async function applyAnalyticsSettings(m: EntityManager): Promise<void> {
  for (const setting of ANALYTICS_SETTINGS) await m.query(`SET LOCAL ${setting}`);
}

/**
 * The settings of an analytics statement: no JIT, and the memory each sort or hash may use before spilling to
 * disk. Exported for the benchmark, which runs the same statements directly.
 */
export const ANALYTICS_SETTINGS = ['jit = off', `work_mem = '32MB'`];

/**
 * The scope that a `TRUNCATE` of one of the watched tables writes to the change log: part of every stamp. The
 * migration that made the log (1795400730000-StatisticsChanges) writes the same literal; a migration keeps its
 * own copy so that it never changes with the code.
 */
export const EVERY_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * The stamp of the statistics of an attribute for a category (decision 0082): the highest id and the number of the
 * change-log rows of the attribute, of the category and of the nil scope (a `TRUNCATE`). Read in the snapshot the
 * statistics are computed in, it changes with every committed write that can change them. $1 the attribute, $2 the
 * category, $3 the nil scope.
 */
export const STATISTICS_STAMP_SQL = `SELECT coalesce(max(id), 0)::text || ':' || count(*)::text AS stamp, count(*)::int AS n
  FROM consultation.statistics_change WHERE scope IN ($1::uuid, $2::uuid, $3::uuid)`;

/**
 * Folds a scope set's change-log rows up to an id into one new row per scope that had any: the stamp's highest id
 * grows, so no stamp seen before can come back. $1 the scopes (uuid[]), $2 the highest id to fold.
 */
export const STATISTICS_FOLD_SQL = `WITH gone AS (
    DELETE FROM consultation.statistics_change WHERE scope = ANY($1::uuid[]) AND id <= $2::bigint RETURNING scope)
  INSERT INTO consultation.statistics_change (scope) SELECT DISTINCT scope FROM gone`;
