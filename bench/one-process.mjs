#!/usr/bin/env node
// The one-process mode for a small municipality: the whole site as `npm start` runs it (gateway and services in one
// Node process, by default on the embedded database, PGlite + PostGIS, with the queues on it) in a process of its
// own, its memory and how it answers while many participants write at once.
//
//   node bench/one-process.mjs [--minutes 10] [--writers 200] [--crowd-duration 60] [--mixed 20]
//                              [--database embedded|server]
//
// 1. after start: the site starts in a new data folder with the demo data; 10 s later its memory is read (VmRSS,
//    and from the process itself V8's heap, memory outside it, array buffers).
// 2. mixed use for `--minutes`: `--mixed` participants each submit an answer (a point and its three values) once a
//    second, while a participant loads `GET /api/category` and the admin the first page of users one after another. The
//    memory is read every 5 s: its peak and its value at the end.
// 3. a crowd: `--writers` participants submit answers back to back for `--crowd-duration` seconds while an
//    unrelated reader (another participant, `GET /api/category` on one connection) measures what everyone else waits. Reported:
//    the reader's p50/p99 before the crowd (10 s) and during it, the answers' p50/p99, and the memory afterwards.
//
// `--database server`: the same on a fresh PostgreSQL database (TEST_DATABASE_URL's server, queues on it), to tell
// the embedded database's memory from the services'. Only the servers need a build. Results: a markdown table on
// stdout and bench/results/one-process.json (<name>.json with BENCH_RESULT_NAME=<name>). BENCH_SITE_NODE_ARGS: Node
// flags of the site's process besides `npm start`'s own (with --expose-gc: the live heap after mixed use too).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_PASSWORD,
  ROOT,
  apiLogin,
  ensureBuilt,
  machine,
  markdownTable,
  numberArg,
  oneProcessEnv,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { createQuestionnaire, participants, runWorker } from './lib/answer-load.mjs';
import { startProbe } from './lib/probe.mjs';
import { startAllInOne } from '../scripts/lib/stack.mjs';

const MiB = 2 ** 20;
/** The Node flags of `npm start` (package.json's start script), so that the site runs here as it runs there. */
const START_NODE_ARGS = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((word) => word.startsWith('--'));
const SETTLE_S = 10;
const SAMPLE_EVERY_MS = 5000;

/** The site's process: starts the stack, answers its port, and its memory on request. */
async function siteMain(env) {
  const site = await startAllInOne({ env });
  process.on('message', async (m) => {
    if (m === 'memory' || m === 'memory after gc') {
      if (m === 'memory after gc') globalThis.gc?.();
      const u = process.memoryUsage();
      process.send({
        memory: {
          heap: u.heapUsed,
          heapTotal: u.heapTotal,
          external: u.external,
          arrayBuffers: u.arrayBuffers,
        },
      });
    } else if (m === 'stop') {
      await site.stop();
      process.exit(0);
    }
  });
  process.send({ port: site.port });
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

function startSite(env) {
  const child = fork(fileURLToPath(import.meta.url), ['--site', JSON.stringify(env)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...START_NODE_ARGS, ...(process.env.BENCH_SITE_NODE_ARGS ?? '').split(' ').filter(Boolean)],
  });
  const waiting = new Map();
  child.on('message', (m) => {
    const key = Object.keys(m)[0];
    waiting.get(key)?.(m[key]);
    waiting.delete(key);
  });
  const next = (key) => new Promise((resolve) => waiting.set(key, resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    ready: Promise.race([
      next('port'),
      exited.then((code) => {
        throw new Error(`the site exited with ${code} before it was ready`);
      }),
    ]),
    /** RSS (VmRSS, VmHWM) read from /proc and the process's own split, in MiB. */
    memory: async ({ gc = false } = {}) => {
      const answer = next('memory');
      child.send(gc ? 'memory after gc' : 'memory');
      const m = await answer;
      const mb = (n) => Math.round(n / MiB);
      return {
        ...rssOf(child.pid),
        heap: mb(m.heap),
        heapTotal: mb(m.heapTotal),
        external: mb(m.external),
        arrayBuffers: mb(m.arrayBuffers),
      };
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.send('stop');
      await exited;
    },
  };
}

async function main() {
  const argv = process.argv.slice(2);
  const MINUTES = numberArg(argv, '--minutes', 10, 240);
  const WRITERS = numberArg(argv, '--writers', 200, 2000);
  const CROWD_S = numberArg(argv, '--crowd-duration', 60, 600);
  const MIXED = numberArg(argv, '--mixed', 20, 500);
  const databaseAt = argv.indexOf('--database');
  const DATABASE = databaseAt >= 0 ? argv[databaseAt + 1] : 'embedded';
  if (!['embedded', 'server'].includes(DATABASE)) throw new Error('--database embedded|server');
  ensureBuilt();
  const quiet = await waitForQuietMachine();

  const base = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-one-process-'));
  let database;
  if (DATABASE === 'server') {
    const { createTestDatabase } = await import('@agora/common/testing');
    database = await createTestDatabase('agora_bench');
  }
  const env = await oneProcessEnv(base, {
    databaseUrl: database?.url ?? '',
    logLevel: 'error',
    extra: { PUBLIC_URL: 'http://agora.bench.invalid' },
  });
  const started = Date.now();
  const site = startSite(env);
  const cleanup = async () => {
    await site.stop();
    await database?.drop();
    await rm(base, { recursive: true, force: true });
  };
  stopOnSignal(cleanup);
  const results = {
    machine: machine(),
    quiet,
    when: new Date().toISOString(),
    database:
      DATABASE === 'embedded'
        ? 'embedded (PGlite + PostGIS), queues on it'
        : 'PostgreSQL server, queues on it',
    settings: { minutes: MINUTES, writers: WRITERS, crowdDurationS: CROWD_S, mixedParticipants: MIXED },
  };
  try {
    const port = await site.ready;
    const url = `http://127.0.0.1:${port}`;
    results.startSeconds = Math.round((Date.now() - started) / 100) / 10;
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    results.afterStart = await site.memory();
    console.error(`started in ${results.startSeconds} s: ${JSON.stringify(results.afterStart)}`);

    const admin = await apiLogin(url, 'admin', ADMIN_PASSWORD);
    const q = await createQuestionnaire(admin.client, 'one-process', { attribute: 999_999, topic: 999_999 });
    console.error(`registering ${MIXED + WRITERS + 1} participants…`);
    const users = await participants(url, 'op', MIXED + WRITERS + 1, q.category.token);
    const mixedUsers = users.slice(0, MIXED);
    const writers = users.slice(MIXED, MIXED + WRITERS);
    const reader = users[MIXED + WRITERS];

    // Mixed use, the memory sampled as it goes.
    console.error(`mixed use for ${MINUTES} min…`);
    const readerLoop = startProbe({
      url: `${url}/api/category`,
      headers: { cookie: reader.header },
      connections: 1,
    });
    const staff = startProbe({
      url: `${url}/api/users/page/1/sort/lastname/sort_method/asc`,
      headers: { cookie: admin.header },
      connections: 1,
    });
    readerLoop.phase('mixed');
    staff.phase('mixed');
    const samples = [];
    const sampler = setInterval(() => {
      void site.memory().then((m) => samples.push(m));
    }, SAMPLE_EVERY_MS);
    const mixed = await runWorker({
      url,
      users: mixedUsers,
      attributes: q.attributes,
      mode: 'throughput',
      durationS: MINUTES * 60,
      pauseMs: 1000,
    });
    clearInterval(sampler);
    const atEnd = await site.memory();
    samples.push(atEnd);
    // With BENCH_SITE_NODE_ARGS=--expose-gc: what of the heap is live (the rest is garbage not yet collected).
    if (process.env.BENCH_SITE_NODE_ARGS?.includes('--expose-gc'))
      results.afterMixedGc = await site.memory({ gc: true });
    results.mixed = {
      submissions: mixed.submissions,
      errors: mixed.errors,
      latencyMs: mixed.latencyMs,
      memory: {
        peakRss: Math.max(...samples.map((s) => s.rss)),
        atEnd,
        samples: samples.map((s) => s.rss),
      },
    };
    console.error(`after mixed use: ${JSON.stringify(atEnd)}`);

    // The crowd, with an unrelated reader before and during it.
    readerLoop.phase('before the crowd');
    staff.phase('before the crowd');
    await new Promise((r) => setTimeout(r, 10_000));
    readerLoop.phase('crowd');
    staff.phase('crowd');
    console.error(`${WRITERS} writers for ${CROWD_S} s…`);
    const crowd = await runWorker({
      url,
      users: writers,
      attributes: q.attributes,
      mode: 'throughput',
      durationS: CROWD_S,
    });
    readerLoop.phase('after');
    staff.phase('after');
    const [readerProbe, staffProbe] = await Promise.all([readerLoop.stop(), staff.stop()]);
    results.crowd = {
      submissions: crowd.submissions,
      submissionsPerSecond: crowd.submissionsPerSecond,
      errors: crowd.errors,
      statuses: crowd.statuses,
      latencyMs: crowd.latencyMs,
      memoryAfter: await site.memory(),
    };
    results.reader = { participant: readerProbe, staff: staffProbe };

    const r = (p, phase) => p[phase] ?? {};
    const notOk = (p) =>
      Object.values(p).reduce(
        (n, phase) => n + Object.entries(phase.statuses).reduce((m, [k, v]) => m + (k === '200' ? 0 : v), 0),
        0,
      );
    console.log(
      markdownTable(
        ['measure', 'value'],
        [
          ['RSS 10 s after start (MiB)', results.afterStart.rss],
          [
            '  V8 heap / outside it / of it array buffers (MiB)',
            `${results.afterStart.heap} / ${results.afterStart.external} / ${results.afterStart.arrayBuffers}`,
          ],
          [`RSS peak during ${MINUTES} min of mixed use (MiB)`, results.mixed.memory.peakRss],
          ['RSS after mixed use (MiB)', atEnd.rss],
          ['RSS after the crowd (MiB)', results.crowd.memoryAfter.rss],
          [
            'participant GET /api/category p50 / p99 before the crowd (ms)',
            `${r(readerProbe, 'before the crowd').p50} / ${r(readerProbe, 'before the crowd').p99}`,
          ],
          [
            `participant GET /api/category p50 / p99 with ${WRITERS} writers (ms)`,
            `${r(readerProbe, 'crowd').p50} / ${r(readerProbe, 'crowd').p99}`,
          ],
          [
            `admin GET of the users page p50 / p99 with ${WRITERS} writers (ms)`,
            `${r(staffProbe, 'crowd').p50} / ${r(staffProbe, 'crowd').p99}`,
          ],
          [
            'answer point p50 / p99 in the crowd (ms)',
            `${crowd.latencyMs.geometry.p50} / ${crowd.latencyMs.geometry.p99}`,
          ],
          [
            'answer values p50 / p99 in the crowd (ms)',
            `${crowd.latencyMs.values.p50} / ${crowd.latencyMs.values.p99}`,
          ],
          ['submissions/s in the crowd', crowd.submissionsPerSecond],
          ['errors (5xx or no answer), mixed / crowd', `${mixed.errors} / ${crowd.errors}`],
          ["readers' answers other than 200", notOk(readerProbe) + notOk(staffProbe)],
        ],
      ),
    );
    console.error(`results: ${await writeResults(process.env.BENCH_RESULT_NAME || 'one-process', results)}`);
  } finally {
    await cleanup();
  }
}

if (process.argv[2] === '--site') await siteMain(JSON.parse(process.argv[3]));
else await main();
