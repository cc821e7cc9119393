#!/usr/bin/env node
// Exports of a large project: CSV and GeoJSON of 100,000 answers through the gateway, against PostgreSQL alone.
//
//   node bench/export.mjs [--answers 100000] [--runs 2]
//
// A fresh database; one project with one point attribute whose variable asks a choice and a number, and a
// consultation-profile question; `--answers` answers of 1,000 respondents are inserted with SQL (not through
// the API: what is measured is the export). Then, `--runs` times each, as an administrator:
//   - GET /api/export/project/{project}/output_format/csv and …/geojson (streamed): rows/s, bytes, and the
//     peak RSS of the consultation process during the export against its RSS when idle just before;
//   - `COPY (the same query) TO STDOUT` with psql on the same database: rows/s of PostgreSQL alone.
// Aims (docs/performance.md, "Experts' data: exports"): the service at least 50 % of COPY's rate, and at most
// 150 MB above idle. The distributed mode: each service in its own process, PostgreSQL and Redis. Results: a
// markdown table on stdout and bench/results/export.json.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  ROOT,
  apiLogin,
  ensureBuilt,
  machine,
  markdownTable,
  median,
  numberArg,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { CENTRE, HALF, createMapTopic } from './lib/geo.mjs';

const argv = process.argv.slice(2);
const ANSWERS = numberArg(argv, '--answers', 100_000, 1_000_000);
const RUNS = numberArg(argv, '--runs', 2, 10);
const RESPONDENTS = 1000;
const MB = 1024 * 1024;

/** The resident set size of a process now, in bytes (Linux). */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]) * 1024;
}

/** Samples the peak RSS of `pid` every 10 ms until `stop` is called. */
function rssPeak(pid) {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssOf(pid));
  };
}

/** The project, its structure through the API, and the answers by SQL. */
async function seed(stack, admin) {
  const { category, project, topic } = await createMapTopic(admin, 'export', 1000);
  const attribute = await admin.POST('/api/attribute', {
    body: { node: topic.token, name: 'Point', mname: 'point', has_geometry: true, geom_type: 'point' },
  });
  const variable = await admin.POST('/api/variable', {
    body: {
      attribute: attribute.token,
      mname: 'opinion',
      description: 'Opinion',
      tooltip: '',
      variable_type: JSON.stringify([
        {
          kind: 'radio',
          // the answers below store these ids
          options: { label: 'Agree', choices: ['Yes', 'No', 'Maybe'].map((id) => ({ id, label: id })) },
        },
        { kind: 'number', options: { label: 'Score', minLength: 0, maxLength: 10 } },
      ]),
    },
  });
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const [question] = (
      await client.query(
        `INSERT INTO consultation.profile_question (category, role, question, weight)
         VALUES ($1, 'normal', 'Age', 1) RETURNING token`,
        [category.token],
      )
    ).rows;
    await client.query(
      `INSERT INTO consultation.profile_choice (question, content, icon, weight, sort_order)
       VALUES ($1, '18-30', 'i', 1, 0), ($1, '31-60', 'i', 1, 1)`,
      [question.token],
    );
    await client.query(
      `CREATE TEMP TABLE bench_owner AS SELECT gen_random_uuid() AS owner, n FROM generate_series(1, $1) n`,
      [RESPONDENTS],
    );
    await client.query(
      `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice)
       SELECT o.owner, $1, $2, (SELECT min(id) FROM consultation.profile_choice WHERE question = $1) + o.n % 2
       FROM bench_owner o`,
      [question.token, category.token],
    );
    await client.query(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom, created, updated)
       SELECT $1, $2, $3, o.owner,
         public.ST_SetSRID(public.ST_MakePoint($5 + (random() * 2 - 1) * $7 * 0.9, $6 + (random() * 2 - 1) * $7 * 0.9), 4326),
         now() - make_interval(secs => i), now() - make_interval(secs => i)
       FROM generate_series(1, $4) i JOIN bench_owner o ON o.n = 1 + i % ${RESPONDENTS}`,
      [project.token, topic.token, attribute.token, ANSWERS, CENTRE.lng, CENTRE.lat, HALF],
    );
    await client.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value)
       SELECT a.token, $2, k.kind,
         CASE WHEN k.kind = 'radio' THEN (ARRAY['Yes', 'No', 'Maybe'])[1 + floor(random() * 3)::int] END,
         CASE WHEN k.kind = 'number' THEN floor(random() * 11) END
       FROM consultation.answer a CROSS JOIN (VALUES ('radio'), ('number')) k(kind) WHERE a.project = $1`,
      [project.token, variable.token],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
  return { project: project.token, category: category.token };
}

/** The export query of the service, with its parameters written in, for psql's COPY. */
async function copyQuery(stack, projectToken, format) {
  const { ExportPlan } = await import(
    pathToFileURL(path.join(ROOT, 'services/consultation/dist/export/export-plan.js')).href
  );
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const [project] = (
      await client.query('SELECT token, mname, category FROM consultation.project WHERE token = $1', [
        projectToken,
      ])
    ).rows;
    const plan = await ExportPlan.of(async (sql, params) => (await client.query(sql, params)).rows, project, {
      crs: 4326,
      staff: true,
      filter: null,
    });
    const { sql, params } = plan.rows(format === 'geojson');
    const literal = (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${v}'`);
    return params.reduceRight((text, value, i) => text.replaceAll(`$${i + 1}`, literal(value)), sql);
  } finally {
    await client.end();
  }
}

/** `COPY (query) TO STDOUT` with psql, the output thrown away: rows and seconds. */
function copy(databaseUrl, query) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', `COPY (${query}) TO STDOUT`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lines = 0;
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve({ rows: lines, seconds: (performance.now() - started) / 1000 })
        : reject(new Error(`psql: ${code}`)),
    );
  });
}

/** One export through the gateway: rows (lines or features), bytes, seconds, peak RSS of the service. */
async function exportOnce(stack, admin, project, format) {
  const pid = stack.pids.consultation;
  const idle = rssOf(pid);
  const stop = rssPeak(pid);
  const started = performance.now();
  const res = await fetch(`${stack.url}/api/export/project/${project}/output_format/${format}`, {
    headers: { cookie: admin.header },
  });
  if (!res.ok) throw new Error(`export ${format}: HTTP ${res.status} ${await res.text()}`);
  let bytes = 0;
  let rows = 0;
  // CSV: lines; GeoJSON: feature openings, looked for across chunk boundaries
  const marker = '{"type":"Feature"';
  let tail = '';
  for await (const chunk of res.body) {
    bytes += chunk.length;
    if (format === 'csv') {
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) rows++;
    } else {
      const text = tail + Buffer.from(chunk).toString('latin1');
      rows += text.split(marker).length - 1;
      tail = text.slice(-(marker.length - 1));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = stop();
  return { rows: format === 'csv' ? rows - 1 : rows, bytes, seconds, idleMB: idle / MB, peakMB: peak / MB };
}

async function main() {
  const servers = ['accounts', 'library', 'consultation', 'mailing'].map((s) =>
    path.join(ROOT, 'services', s, 'dist', 'main.js'),
  );
  servers.push(path.join(ROOT, 'services', 'common', 'test', 'dist', 'index.js'));
  if (!servers.every((f) => existsSync(f))) ensureBuilt();
  const stack = await startBenchStack({ mode: 'distributed', log: (m) => console.error(m) });
  stopOnSignal(() => stack.stop());
  try {
    const admin = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    console.error(`seeding ${ANSWERS} answers …`);
    const { project } = await seed(stack, admin.client);
    await waitForQuietMachine();
    const results = [];
    for (const format of ['csv', 'geojson']) {
      const query = await copyQuery(stack, project, format);
      const service = [];
      const baseline = [];
      for (let run = 0; run < RUNS; run++) {
        service.push(await exportOnce(stack, admin, project, format));
        baseline.push(await copy(stack.databaseUrl, query));
      }
      for (const r of service)
        if (r.rows !== ANSWERS)
          throw new Error(`${format}: ${r.rows} rows exported (${r.bytes} bytes), ${ANSWERS} expected`);
      const rate = median(service.map((r) => r.rows / r.seconds));
      const copyRate = median(baseline.map((r) => r.rows / r.seconds));
      results.push({
        format,
        rows: ANSWERS,
        serviceRowsPerS: Math.round(rate),
        copyRowsPerS: Math.round(copyRate),
        ratio: Math.round((rate / copyRate) * 100) / 100,
        mbPerS: Math.round(median(service.map((r) => r.bytes / MB / r.seconds)) * 10) / 10,
        fileMB: Math.round((service[0].bytes / MB) * 10) / 10,
        idleRssMB: Math.round(Math.min(...service.map((r) => r.idleMB))),
        peakRssMB: Math.round(Math.max(...service.map((r) => r.peakMB))),
        aboveIdleMB: Math.round(Math.max(...service.map((r) => r.peakMB - r.idleMB))),
      });
    }
    console.log(
      markdownTable(
        [
          'format',
          'rows',
          'service rows/s',
          'COPY rows/s',
          'ratio',
          'MB/s',
          'file MB',
          'idle RSS MB',
          'peak RSS MB',
          'above idle MB',
        ],
        results.map((r) => [
          r.format,
          r.rows,
          r.serviceRowsPerS,
          r.copyRowsPerS,
          r.ratio,
          r.mbPerS,
          r.fileMB,
          r.idleRssMB,
          r.peakRssMB,
          r.aboveIdleMB,
        ]),
      ),
    );
    await writeResults('export', { machine: machine(), answers: ANSWERS, runs: RUNS, results });
  } finally {
    await stack.stop();
  }
}

await main();
