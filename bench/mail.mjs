#!/usr/bin/env node
// Mail at scale: N mails (10,000) asked of the mailing service through its real path, the `mail-requests` queue
// that the other services use (one job per mail, with its idempotency key), sent by the separate mail worker
// (`services/mailing/dist/worker.js`, PostgreSQL and Redis) to a local counting SMTP sink.
//
//   node bench/mail.mjs [--mails 10000] [--baseline-mails 10000] [--only pooled,kill-term,kill-kill]
//                       [--before-worker <worker.js of an earlier build>] [--current-first]
//
// Scenarios, one after the other on one database (emptied in between), each on its own queue prefix:
//   baseline   the worker as it was: one SMTP connection per mail, 4 mails at a time
//   pooled     the current defaults (MAIL_POOL_CONNECTIONS=4, MAIL_CONCURRENCY=8); pooled-4 and pooled-16: 4
//              at a time on 4 connections, 16 at a time on 8
//   kill-term  pooled, the worker stopped with SIGTERM at 1/3 and at 2/3 of the mails received, restarted each time
//   kill-kill  the same with SIGKILL (kill-kill-4: 4 at a time)
// With --before-worker, pooled and kill-kill also run with that worker (an earlier build of
// services/mailing/dist/worker.js, e.g. of the commit before a change), alternating with the current one, on the
// same database: a before/after of the change in one run (the earlier build first, or last with --current-first).
// Measured: mails/s from the first request to the last row recorded 'sent' (and to the last mail received), the
// worker's peak RSS (sampled every 100 ms) and CPU; for the kill scenarios, at the sink, by Message-ID: mails
// received exactly once, more than once, never, and the rows left 'uncertain' (received or not). Results: a
// markdown table on stdout and bench/results/mail.json. Needs TEST_DATABASE_URL (or the default local
// PostgreSQL) and REDIS_URL (default redis://127.0.0.1:6379); builds the servers first.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Queue } from 'bullmq';
import {
  cpuMs,
  machine,
  postgresPids,
  markdownTable,
  numberArg,
  ROOT,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { withIdentityKeys } from '../scripts/lib/stack.mjs';
import {
  buildServers,
  load,
  round,
  startMailWorker as startWorkerAt,
  stopAndRestart,
  tallyAtSink,
  waitUntil,
} from './lib/mail-bench.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const argv = process.argv.slice(2);
const MAILS = numberArg(argv, '--mails', 10_000, 100_000);
const BASELINE_MAILS = numberArg(argv, '--baseline-mails', MAILS, 100_000);
const onlyArg = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : null;
const BEFORE_WORKER = argv.includes('--before-worker')
  ? path.resolve(argv[argv.indexOf('--before-worker') + 1])
  : null;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const WORKER_JS = path.join(ROOT, 'services', 'mailing', 'dist', 'worker.js');

const SCENARIOS = [
  {
    name: 'baseline',
    title: 'one connection per mail, 4 at a time (before)',
    mails: BASELINE_MAILS,
    env: { MAIL_POOL_CONNECTIONS: '0', MAIL_CONCURRENCY: '4' },
    kills: [],
  },
  {
    name: 'pooled',
    title: 'pool of 4 connections, 8 at a time (defaults)',
    mails: MAILS,
    env: {},
    kills: [],
  },
  {
    name: 'pooled-4',
    title: 'pool of 4 connections, 4 at a time',
    mails: MAILS,
    env: { MAIL_CONCURRENCY: '4' },
    kills: [],
  },
  {
    name: 'pooled-16',
    title: 'pool of 8 connections, 16 at a time',
    mails: MAILS,
    env: { MAIL_POOL_CONNECTIONS: '8', MAIL_CONCURRENCY: '16' },
    kills: [],
  },
  {
    name: 'kill-term',
    title: 'defaults, SIGTERM at 1/3 and 2/3, restarted',
    mails: MAILS,
    env: {},
    kills: ['SIGTERM', 'SIGTERM'],
  },
  {
    name: 'kill-kill',
    title: 'defaults, SIGKILL at 1/3 and 2/3, restarted',
    mails: MAILS,
    env: {},
    kills: ['SIGKILL', 'SIGKILL'],
  },
  {
    name: 'kill-kill-4',
    title: '4 at a time, SIGKILL at 1/3 and 2/3, restarted',
    mails: MAILS,
    env: { MAIL_CONCURRENCY: '4' },
    kills: ['SIGKILL', 'SIGKILL'],
  },
]
  .filter((s) => !onlyArg || onlyArg.includes(s.name))
  .flatMap((s) => {
    if (!BEFORE_WORKER || (s.name !== 'pooled' && s.name !== 'kill-kill')) return [s];
    const before = {
      ...s,
      name: `${s.name}-before`,
      title: `${s.title}, earlier build`,
      workerJs: BEFORE_WORKER,
    };
    return argv.includes('--current-first') ? [s, before] : [before, s];
  });

/** CPU (ms) of the PostgreSQL backends of the database, the benchmark's own poller (`skip`) left out. */
async function postgresCpu(url, skip) {
  const out = {};
  for (const pid of await postgresPids(url)) {
    if (pid === skip) continue;
    const ms = await cpuMs(pid);
    if (ms !== null) out[pid] = ms;
  }
  return out;
}

async function statusCounts(db) {
  const { rows } = await db.query(`SELECT status, count(*)::int AS n FROM mailing.mail GROUP BY status`);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function runScenario(s, { db, dbUrl, sink, keys, logFile }) {
  await db.query('TRUNCATE mailing.mail CASCADE'); // the invitations refer to their mails
  const pollerPid = (await db.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  sink.reset();
  const prefix = `bench-mail-${s.name}-${randomBytes(3).toString('hex')}`;
  const env = {
    ...keys,
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MIGRATE_ON_START: 'true',
    LOG_LEVEL: 'info',
    // e.g. BENCH_WORKER_NODE_OPTIONS=--max-old-space-size=96 to see whether the worker's RSS is garbage or held.
    ...(process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {}),
    ...s.env,
  };
  const u = new URL(REDIS_URL);
  const connection = {
    host: u.hostname,
    port: Number(u.port) || 6379,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
  };
  const requests = new Queue('mail-requests', { connection, prefix });
  const workers = [];
  const events = [];
  try {
    const startWorker = () => {
      const w = startWorkerAt(s.workerJs ?? WORKER_JS, env, logFile);
      workers.push(w);
      return w;
    };
    let worker = startWorker();
    await worker.running;
    const loadBefore = load();
    // PostgreSQL's CPU for this database (the backends of the worker's pool; exact when the worker is not restarted).
    const pgBefore = await postgresCpu(dbUrl, pollerPid);
    const started = performance.now();
    const jobs = Array.from({ length: s.mails }, (_, i) => {
      const idempotencyKey = `bench-${s.name}-${i}`;
      return {
        name: 'mail',
        data: {
          to: `invitee-${i}@example.org`,
          subject: `Πρόσκληση / Invitation ${i}`,
          text: `Καλημέρα,\n\nyou are invited to take part in a consultation: https://agora.example.org/invitation/accept/${randomBytes(16).toString('hex')}\n`,
          html: `<p>Καλημέρα,</p><p>you are invited to take part in a consultation: <a href="https://agora.example.org/">accept</a></p>`,
          idempotencyKey,
        },
        opts: {
          jobId: `mailreq-${idempotencyKey}`,
          attempts: 8,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { count: 100_000 },
        },
      };
    });
    for (let i = 0; i < jobs.length; i += 1000) await requests.addBulk(jobs.slice(i, i + 1000));
    const addedMs = performance.now() - started;

    const stopped = await stopAndRestart({
      signals: s.kills,
      total: s.mails,
      sink,
      worker,
      start: startWorker,
      sending: async () => (await statusCounts(db)).sending ?? 0,
    });
    events.push(...stopped.events);
    worker = stopped.worker;

    // Settled: every request is a row, and no row is queued, sending or failed (waiting for a retry).
    let rowsWrittenMs = null;
    const final = await waitUntil(
      () => statusCounts(db),
      (c) => {
        if (rowsWrittenMs === null && Object.values(c).reduce((a, b) => a + b, 0) === s.mails)
          rowsWrittenMs = performance.now() - started;
        return (c.sent ?? 0) + (c.uncertain ?? 0) === s.mails && !c.queued && !c.sending && !c.failed;
      },
      `the ${s.mails} mails to settle`,
    );
    const settledMs = performance.now() - started;
    const lastReceivedMs = sink.lastAt() - started;
    const loadAfter = load();
    const pgAfter = await postgresCpu(dbUrl, pollerPid);
    let postgresMs = 0;
    for (const [pid, ms] of Object.entries(pgAfter)) postgresMs += ms - (pgBefore[pid] ?? 0);
    worker.child.kill('SIGTERM');
    await worker.exited;

    // At the sink, by Message-ID.
    const { rows } = await db.query(`SELECT id, status FROM mailing.mail`);
    const known = new Set(rows.map((r) => `<mail-${r.id}@agora>`));
    const tally = tallyAtSink(sink, rows);
    const unknownAtSink = [...sink.counts.keys()].filter((id) => !known.has(id)).length;
    return {
      name: s.name,
      title: s.title,
      mails: s.mails,
      env: s.env,
      requestsAddedMs: round(addedMs),
      rowsWrittenMs: rowsWrittenMs === null ? null : round(rowsWrittenMs),
      settledMs: round(settledMs),
      mailsPerS: round(s.mails / (settledMs / 1000), 1),
      lastReceivedMs: round(lastReceivedMs),
      receivedPerS: round(sink.total() / (lastReceivedMs / 1000), 1),
      received: sink.total(),
      statuses: final,
      ...tally,
      unknownAtSink,
      kills: events,
      workerPeakRssMiB: workers.map((w) => round(w.peakRssKiB / 1024, 1)),
      workerCpuMsPerMail: round(workers.reduce((t, w) => t + w.cpuMs, 0) / s.mails, 2),
      postgresCpuMsPerMail: round(postgresMs / s.mails, 2),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
    };
  } finally {
    for (const w of workers)
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await requests.obliterate({ force: true }).catch(() => undefined);
    await requests.close();
    const { deleteRedisKeys } = await import('@agora/common/testing');
    await deleteRedisKeys(REDIS_URL, `${prefix}:*`).catch(() => undefined);
  }
}

async function main() {
  buildServers();
  const quiet = await waitForQuietMachine();
  const { createTestDatabase } = await import('@agora/common/testing');
  const database = await createTestDatabase('agora_bench_mail');
  const sink = await startSmtpSink();
  const keys = withIdentityKeys({});
  const logFile = path.join(os.tmpdir(), `agora-bench-mail-${process.pid}.log`);
  const db = new pg.Client({ connectionString: database.url });
  const results = [];
  try {
    // The first worker start migrates the database; the table is there for TRUNCATE after that.
    const first = startWorkerAt(
      WORKER_JS,
      {
        ...keys,
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        REDIS_URL,
        QUEUE_PREFIX: `bench-mail-migrate-${randomBytes(3).toString('hex')}`,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        MIGRATE_ON_START: 'true',
        LOG_LEVEL: 'info',
      },
      logFile,
    );
    await first.running;
    first.child.kill('SIGTERM');
    await first.exited;
    await db.connect();
    for (const s of SCENARIOS) {
      console.error(`${s.name}: ${s.title}, ${s.mails} mails…`);
      const r = await runScenario(s, { db, dbUrl: database.url, sink, keys, logFile });
      console.error(`  ${r.mailsPerS} mails/s, peak RSS ${r.workerPeakRssMiB.join(', ')} MiB`);
      results.push(r);
    }
  } finally {
    await db.end().catch(() => undefined);
    await sink.close();
    await database.drop();
  }
  const file = await writeResults('mail', { machine: machine(), quiet, results });
  console.log(
    markdownTable(
      [
        'scenario',
        'mails',
        'mails/s (all recorded sent)',
        'worker peak RSS (MiB)',
        'CPU/mail, worker + PostgreSQL (ms)',
        'stops: left sending',
        'received once',
        'twice or more',
        'never',
        'uncertain (received / not)',
        'load average before → after',
      ],
      results.map((r) => [
        `${r.name}: ${r.title}`,
        r.mails,
        r.mailsPerS,
        r.workerPeakRssMiB.join(' / '),
        `${r.workerCpuMsPerMail} + ${r.postgresCpuMsPerMail}`,
        r.kills.map((k) => `${k.signal} ${k.sendingAfterStop}`).join(', ') || '-',
        r.once,
        r.duplicates,
        r.missing,
        `${r.uncertainReceived} / ${r.uncertainNotReceived}`,
        `${r.loadAverageBefore[0]} → ${r.loadAverageAfter[0]}`,
      ]),
    ),
  );
  console.error(`results: ${path.relative(ROOT, file)}; worker logs: ${logFile}`);
}

await main();
