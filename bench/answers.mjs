#!/usr/bin/env node
// Answer submission through the gateway, and many participants answering at once.
//
//   node bench/answers.mjs [--scenario throughput|crowd|both] [--duration 10] [--connections 50]
//                          [--participants 200] [--crowd-duration 60]
//
// throughput: `--connections` participants, each on its own session, submit answers back to back for
//   `--duration` seconds: a point (POST /api/data/scope/attribute) and then three values of one variable
//   (POST /api/data/scope/variable). Reported: submissions/s, requests/s and the latency of each request (p50,
//   p99), errors. Side by side, on the same PostgreSQL database and with as many connections: the raw rate of
//   `INSERT`ing the same rows (one answer row and three value rows per submission, in one transaction).
// crowd: `--participants` participants answer for `--crowd-duration` seconds in a questionnaire whose attribute
//   allows 5 objects per participant and whose topic allows 8 (two attributes): they keep submitting past the
//   limits, and delete and re-add some answers. Afterwards the database is compared with what was acknowledged:
//   every acknowledged answer is stored once, nothing refused is stored, no participant is over a limit.
//
// The distributed mode: each service and the gateway in its own process, PostgreSQL and Redis. Results: a
// markdown table on stdout and bench/results/answers.json.
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  apiLogin,
  cpuPer,
  cpuSnapshot,
  ensureBuilt,
  machine,
  markdownTable,
  numberArg,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
  day,
} from './lib/common.mjs';
import { createQuestionnaire, participants, randomPoint, runWorker } from './lib/answer-load.mjs';

const argv = process.argv.slice(2);
const scenarioAt = argv.indexOf('--scenario');
const SCENARIO = scenarioAt >= 0 ? argv[scenarioAt + 1] : 'both';
const DURATION_S = numberArg(argv, '--duration', 10, 120);
const CONNECTIONS = numberArg(argv, '--connections', 50, 500);
const PARTICIPANTS = numberArg(argv, '--participants', 200, 2000);
const CROWD_S = numberArg(argv, '--crowd-duration', 60, 600);

/** The raw rate of the same rows: an answer and its three values per transaction, `connections` at once. */
async function rawInsertRate(databaseUrl, questionnaire, owners, durationS, connections) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const attribute = questionnaire.attributes[0];
  const { rows } = await pool.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'consultation' AND table_name = 'answer'`,
  );
  const columns = new Set(rows.map((r) => r.column_name));
  if (!columns.has('geom')) throw new Error('consultation.answer has no geom column: update the raw insert');
  let done = 0;
  const deadline = Date.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      const client = await pool.connect();
      try {
        let n = 0;
        while (Date.now() < deadline) {
          const p = randomPoint();
          await client.query('BEGIN');
          const { rows: inserted } = await client.query(
            `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
             VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_MakePoint($5, $6), 4326)) RETURNING token`,
            [
              questionnaire.project.token,
              attribute.node,
              attribute.token,
              owners[c % owners.length],
              ...p.coordinates,
            ],
          );
          await client.query(
            `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value, date_value)
             VALUES ($1, $2, 'string', $3, NULL, NULL), ($1, $2, 'number', NULL, $4, NULL),
                    ($1, $2, 'date', NULL, NULL, $5)`,
            [inserted[0].token, attribute.variable, `Place ${n}`, n % 1000, day(-1)],
          );
          await client.query('COMMIT');
          n++;
          done++;
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  return {
    submissionsPerSecond: Math.round((done / durationS) * 10) / 10,
    rowsPerSecond: Math.round((done * 4) / durationS),
  };
}

/** What the database holds after the crowd, against what was acknowledged. */
async function auditCrowd(databaseUrl, questionnaire, result, limits) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT token::text, owner::text, attribute::text FROM consultation.answer WHERE project = $1`,
      [questionnaire.project.token],
    );
    const stored = new Map(rows.map((r) => [r.token, r]));
    const deleted = new Set(result.deleted);
    const kept = result.acknowledged.filter(([, choice]) => !deleted.has(choice));
    const missing = kept.filter(([, choice]) => !stored.has(choice)).length;
    const unacknowledged = rows.filter((r) => !kept.some(([, choice]) => choice === r.token)).length;
    const perAttribute = new Map();
    const perTopic = new Map();
    for (const r of rows) {
      perAttribute.set(`${r.owner}/${r.attribute}`, (perAttribute.get(`${r.owner}/${r.attribute}`) ?? 0) + 1);
      perTopic.set(r.owner, (perTopic.get(r.owner) ?? 0) + 1);
    }
    return {
      acknowledged: result.acknowledged.length,
      deletedAgain: result.deleted.length,
      stored: rows.length,
      missing,
      unacknowledgedStored: unacknowledged,
      duplicateTokens: result.acknowledged.length - new Set(result.acknowledged.map(([, c]) => c)).size,
      overAttributeLimit: [...perAttribute.values()].filter((n) => n > limits.attribute).length,
      overTopicLimit: [...perTopic.values()].filter((n) => n > limits.topic).length,
      maxPerAttribute: Math.max(0, ...perAttribute.values()),
      maxPerTopic: Math.max(0, ...perTopic.values()),
    };
  } finally {
    await client.end();
  }
}

async function main() {
  ensureBuilt();
  const quiet = await waitForQuietMachine();
  console.error('starting Agora (distributed) on a fresh database…');
  const stack = await startBenchStack({
    mode: 'distributed',
    log: (m) => process.env.BENCH_VERBOSE && console.error(m),
  });
  stopOnSignal(() => stack.stop());
  const results = { machine: machine(), quiet, mode: 'distributed', when: new Date().toISOString() };
  try {
    const admin = (await apiLogin(stack.url, 'admin', ADMIN_PASSWORD)).client;
    const rows = [];
    if (SCENARIO === 'throughput' || SCENARIO === 'both') {
      const q = await createQuestionnaire(admin, 'throughput', { attribute: 999_999, topic: 999_999 });
      console.error(`registering ${CONNECTIONS} participants…`);
      const users = await participants(stack.url, 'tp', CONNECTIONS, q.category.token);
      const job = { url: stack.url, users, attributes: q.attributes, mode: 'throughput' };
      console.error('warm-up 2 s…');
      await runWorker({ ...job, durationS: 2 });
      console.error(`${DURATION_S} s through the gateway…`);
      const before = await cpuSnapshot(stack);
      const {
        acknowledged: _acknowledged,
        deleted: _deleted,
        ...load
      } = await runWorker({ ...job, durationS: DURATION_S });
      // What one submission (two requests) costs each process: independent of how the two cores were shared.
      load.cpuMsPerSubmission = cpuPer(before, await cpuSnapshot(stack), load.submissions, 2);
      console.error(`${DURATION_S} s of raw INSERTs…`);
      const raw = await rawInsertRate(
        stack.databaseUrl,
        q,
        users.map((u) => u.uuid),
        DURATION_S,
        CONNECTIONS,
      );
      const share = Math.round((load.submissionsPerSecond / raw.submissionsPerSecond) * 1000) / 10;
      results.throughput = {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        gateway: load,
        rawInsert: raw,
        sharePercent: share,
      };
      rows.push(
        [
          'answers through the gateway',
          load.submissionsPerSecond,
          load.requestsPerSecond,
          load.latencyMs.geometry.p50,
          load.latencyMs.geometry.p99,
          load.latencyMs.values.p99,
          load.errors,
        ],
        ['raw INSERT, same rows', raw.submissionsPerSecond, '', '', '', '', 0],
        ['gateway / raw', `${share} %`, '', '', '', '', ''],
      );
    }
    if (SCENARIO === 'crowd' || SCENARIO === 'both') {
      const limits = { attribute: 5, topic: 8 };
      const q = await createQuestionnaire(admin, 'crowd', limits);
      console.error(`registering ${PARTICIPANTS} participants…`);
      const users = await participants(stack.url, 'crowd', PARTICIPANTS, q.category.token);
      console.error(`${PARTICIPANTS} participants answering for ${CROWD_S} s…`);
      const load = await runWorker({
        url: stack.url,
        users,
        attributes: q.attributes,
        mode: 'crowd',
        durationS: CROWD_S,
      });
      const audit = await auditCrowd(stack.databaseUrl, q, load, limits);
      results.crowd = {
        participants: PARTICIPANTS,
        durationS: CROWD_S,
        limits,
        statuses: load.statuses,
        errors: load.errors,
        latencyMs: load.latencyMs,
        audit,
      };
      rows.push([
        `crowd of ${PARTICIPANTS}: ${audit.acknowledged} acknowledged, ${audit.stored} stored, ${audit.missing} missing, ${audit.overAttributeLimit + audit.overTopicLimit} over a limit`,
        '',
        load.requestsPerSecond,
        load.latencyMs.geometry.p50,
        load.latencyMs.geometry.p99,
        load.latencyMs.values.p99,
        load.errors,
      ]);
    }
    console.log(
      markdownTable(
        [
          'run',
          'submissions/s',
          'requests/s',
          'geometry p50 ms',
          'geometry p99 ms',
          'values p99 ms',
          '5xx/errors',
        ],
        rows,
      ),
    );
    console.error(`results: ${await writeResults(process.env.BENCH_RESULT_NAME || 'answers', results)}`);
  } finally {
    await stack.stop();
  }
}

await main();
