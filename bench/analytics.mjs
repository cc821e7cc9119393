#!/usr/bin/env node
// Experts' data: a drawn-area filter and the weighted statistics of 100,000 answers in one project.
//
//   node bench/analytics.mjs [--answers 100000] [--requests 40] [--keep]
//
// Seeds `--answers` point answers (each with a choice, a number and a date; one respondent per 5 answers, half
// of them with a profile weight) directly with SQL into a fresh database, then asks, as the administrator
// through the gateway, `--requests` times each: the statistics inside a drawn polygon
// (GET data/scope/ensemble/attribute/{attr}/within/{filter}), the same over every answer, the answers' points
// inside it and the zones. The statistics are asked cold (one answer changed before each request, so the service
// computes them; decision 0082) and warm (nothing changed since the last request, the kept result).
// Side by side: the same statistics statement run directly on PostgreSQL (`statisticsSql`, the service's own, with its
// settings `ANALYTICS_SETTINGS`).
// Reported: p50 and p99 of each. The services must be built (`npx tsc -b tsconfig.build.json`).
// Results: a markdown table on stdout and bench/results/analytics.json. `--keep` keeps the seeded database (its
// URL is printed) to look at the plans with `EXPLAIN (ANALYZE, BUFFERS)`; drop it with `dropdb` when done.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  ROOT,
  apiLogin,
  machine,
  markdownTable,
  numberArg,
  quantile,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { CENTRE, HALF, createMapTopic } from './lib/geo.mjs';

const argv = process.argv.slice(2);
const ANSWERS = numberArg(argv, '--answers', 100_000, 1_000_000);
const REQUESTS = numberArg(argv, '--requests', 40, 1000);
const KEEP = argv.includes('--keep');
const PER_RESPONDENT = 5;

/** A drawn area: an irregular hexagon over about a quarter of the topic's square. */
const FILTER = [
  [-0.8, -0.6],
  [0.1, -0.9],
  [0.3, -0.2],
  [0.05, 0.2],
  [-0.5, 0.1],
  [-0.9, -0.2],
]
  .map(([x, y]) => `${(CENTRE.lng + x * HALF).toFixed(6)},${(CENTRE.lat + y * HALF).toFixed(6)}`)
  .join('_');
const FILTER_GEOJSON = JSON.stringify({
  type: 'MultiPolygon',
  coordinates: [[[...FILTER.split('_'), FILTER.split('_')[0]].map((v) => v.split(',').map(Number))]],
});

async function questionnaire(admin) {
  const { category, project, topic } = await createMapTopic(admin, 'analytics', 1000);
  const attribute = await admin.POST('/api/attribute', {
    body: {
      node: topic.token,
      name: 'Bench points',
      mname: 'analytics-points',
      has_geometry: true,
      geom_type: 'point',
      geom_color: '#2b6cb0',
      max_geom: 1000,
    },
  });
  const variable = await admin.POST('/api/variable', {
    body: {
      attribute: attribute.token,
      mname: 'analytics-values',
      description: 'Three values',
      tooltip: '',
      variable_type: JSON.stringify([
        {
          kind: 'radio',
          // the answers below store these ids
          options: {
            label: 'Opinion',
            choices: ['yes', 'no', 'maybe', 'later'].map((id) => ({ id, label: id })),
          },
        },
        { kind: 'number', options: { label: 'Count', minLength: 0, maxLength: 1000 } },
        { kind: 'date', options: { label: 'Seen on' } },
      ]),
    },
  });
  return {
    category: category.token,
    project: project.token,
    topic: topic.token,
    attribute: attribute.token,
    variable: variable.token,
  };
}

/** The answers, their values and half the respondents' weights, in a few statements; then ANALYZE. */
async function seed(databaseUrl, q) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom, created)
       SELECT $1, $2, $3, md5($8 || (g / ${PER_RESPONDENT})::text)::uuid, public.ST_SetSRID(public.ST_MakePoint(
           $5 + (random() * 2 - 1) * $7 * 0.95, $6 + (random() * 2 - 1) * $7 * 0.95), 4326),
         now() - (g % 60) * interval '1 day'
       FROM generate_series(0, $4 - 1) g`,
      [q.project, q.topic, q.attribute, ANSWERS, CENTRE.lng, CENTRE.lat, HALF, q.project],
    );
    await client.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value, date_value)
       SELECT a.token, $2, k.kind,
         CASE WHEN k.kind = 'radio' THEN (ARRAY['yes', 'no', 'maybe', 'later'])[1 + floor(random() * 4)::int] END,
         CASE WHEN k.kind = 'number' THEN floor(random() * 1000) END,
         CASE WHEN k.kind = 'date' THEN current_date - floor(random() * 365)::int END
       FROM consultation.answer a CROSS JOIN (VALUES ('radio'), ('number'), ('date')) k(kind)
       WHERE a.attribute = $1`,
      [q.attribute, q.variable],
    );
    await client.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight)
       SELECT $1, o.owner, 'normal', 0.5 + random() * 2
       FROM (SELECT DISTINCT owner FROM consultation.answer WHERE attribute = $2) o WHERE random() < 0.5`,
      [q.category, q.attribute],
    );
    await client.query('ANALYZE consultation.answer');
    await client.query('ANALYZE consultation.answer_value');
    await client.query('ANALYZE consultation.profile_weight');
    return Math.round(performance.now() - started);
  } finally {
    await client.end();
  }
}

/**
 * Times each path `REQUESTS` times. A path given as `[path, before]` runs `before()` ahead of each request,
 * untimed: the cold statistics change one answer first, so that no kept result may be given back.
 */
async function timeRequests(url, header, paths) {
  const out = {};
  for (const [name, entry] of Object.entries(paths)) {
    const [p, before] = Array.isArray(entry) ? entry : [entry, null];
    const times = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      if (before) await before();
      const started = performance.now();
      const res = await fetch(`${url}${p}`, { headers: { cookie: header } });
      const body = await res.text();
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`GET ${p}: HTTP ${res.status} ${body.slice(0, 300)}`);
      bytes = body.length;
    }
    out[name] = { p50: quantile(times, 0.5), p99: quantile(times, 0.99), bytes };
  }
  return out;
}

async function timeSql(databaseUrl, q) {
  const { ANALYTICS_SETTINGS, statisticsSql } = await import(
    path.join(ROOT, 'services', 'consultation', 'dist', 'analytics', 'statistics.sql.js')
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // the service runs them with the same settings (in a transaction, SET LOCAL)
    for (const setting of ANALYTICS_SETTINGS) await client.query(`SET ${setting}`);
    const filter = 'public.ST_UnaryUnion(public.ST_SetSRID(public.ST_GeomFromGeoJSON($4::text), 4326))';
    const queries = {
      statistics: [statisticsSql(filter), [q.attribute, q.category, [q.variable], FILTER_GEOJSON]],
      'points (rows only)': [
        `SELECT public.ST_X(public.ST_PointOnSurface(a.geom)), public.ST_Y(public.ST_PointOnSurface(a.geom))
         FROM consultation.answer a WHERE a.project = $1 AND public.ST_Intersects(a.geom,
           public.ST_UnaryUnion(public.ST_SetSRID(public.ST_GeomFromGeoJSON($2::text), 4326)))`,
        [q.project, FILTER_GEOJSON],
      ],
    };
    const out = {};
    for (const [name, [sql, params]] of Object.entries(queries)) {
      const times = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await client.query(sql, params);
        times.push(performance.now() - started);
      }
      out[name] = { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
    }
    const [{ inside }] = (
      await client.query(
        `SELECT count(*)::int AS inside FROM consultation.answer a WHERE a.attribute = $1 AND public.ST_Intersects(
           a.geom, public.ST_SetSRID(public.ST_GeomFromGeoJSON($2::text), 4326))`,
        [q.attribute, FILTER_GEOJSON],
      )
    ).rows;
    return { times: out, inside };
  } finally {
    await client.end();
  }
}

async function main() {
  for (const s of ['accounts', 'library', 'consultation', 'mailing'])
    if (!existsSync(path.join(ROOT, 'services', s, 'dist', 'main.js')))
      throw new Error('build the services first: npx tsc -b tsconfig.build.json');
  const quiet = await waitForQuietMachine();
  console.error('starting Agora (distributed) on a fresh database…');
  const stack = await startBenchStack({
    mode: 'distributed',
    keepDatabase: KEEP,
    log: (m) => process.env.BENCH_VERBOSE && console.error(m),
  });
  stopOnSignal(() => stack.stop());
  const results = {
    machine: machine(),
    quiet,
    mode: 'distributed',
    when: new Date().toISOString(),
    answers: ANSWERS,
  };
  try {
    const session = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    const q = await questionnaire(session.client);
    console.error(`seeding ${ANSWERS} answers…`);
    results.seed_ms = await seed(stack.databaseUrl, q);
    const within = `/within/${FILTER}`;
    const writer = new pg.Client({ connectionString: stack.databaseUrl });
    await writer.connect();
    // a write the statistics must see: one answer touched (its row rewritten, nothing else changed)
    const change = () =>
      writer.query(
        `UPDATE consultation.answer SET updated = now() WHERE token = (
           SELECT token FROM consultation.answer WHERE attribute = $1 LIMIT 1)`,
        [q.attribute],
      );
    results.service = await timeRequests(stack.url, session.header, {
      'statistics within, cold': [`/api/data/scope/ensemble/attribute/${q.attribute}${within}`, change],
      'statistics, cold': [`/api/data/scope/ensemble/attribute/${q.attribute}`, change],
      'statistics within': `/api/data/scope/ensemble/attribute/${q.attribute}${within}`,
      statistics: `/api/data/scope/ensemble/attribute/${q.attribute}`,
      'points within': `/api/data/scope/points/project/${q.project}${within}`,
      'zones within': `/api/data/scope/zones/project/${q.project}${within}`,
    });
    await writer.end();
    const sql = await timeSql(stack.databaseUrl, q);
    results.sql = sql.times;
    results.inside = sql.inside;
    const ms = (n) => n.toFixed(1);
    console.log(
      markdownTable(
        ['measure', 'p50 (ms)', 'p99 (ms)', 'answer (KiB)'],
        [
          ...Object.entries(results.service).map(([k, v]) => [
            `service: ${k}`,
            ms(v.p50),
            ms(v.p99),
            (v.bytes / 1024).toFixed(1),
          ]),
          ...Object.entries(results.sql).map(([k, v]) => [`SQL: ${k}`, ms(v.p50), ms(v.p99), '']),
        ],
      ),
    );
    console.error(`answers inside the drawn area: ${sql.inside}; seeding took ${results.seed_ms} ms`);
    console.error(`results: ${await writeResults('analytics', results)}`);
  } finally {
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
