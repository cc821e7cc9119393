// The rest of the site while a library backup runs, in the one-process mode on the embedded database (PGlite): the
// whole site (`startAllInOne`, no DATABASE_URL or REDIS_URL) in a new data folder with N generated images (default
// 1,000 of 50-200 KB, as bench/backup.mjs), then an export and a restore of it over the same library through the
// API, while a prober in its own process loops `GET /api/category` through the gateway as the admin. Reports the
// prober's latency quantiles and statuses after a warm-up, during the export, during the restore, and the event-loop delay
// of the site's process (it runs in this one).
//
// Only the servers need a build (the front end is not loaded).
//
//   npm run build:server && node bench/backup-one-process.mjs [--images 1000] [--connections 4]
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { imageMaker } from './lib/images.mjs';
import { ADMIN_PASSWORD, apiLogin, machine, numberArg, oneProcessEnv, writeResults } from './lib/common.mjs';
import { startProbe } from './lib/probe.mjs';
import { loadDefinition, startAllInOne } from '../scripts/lib/stack.mjs';

const argv = process.argv.slice(2);
const IMAGES = numberArg(argv, '--images', 1000, 1_000_000);
const CONNECTIONS = numberArg(argv, '--connections', 4, 500);
const QUIET_SECONDS = 10;

const base = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-backup-1p-'));
const storage = path.join(base, 'data', 'files', 'library');
const env = await oneProcessEnv(base, {
  extra: { STORAGE_DIR: storage, BACKUP_STAGING_DIR: path.join(base, 'staging') },
});
let t = performance.now();
const site = await startAllInOne({ env });
const startSeconds = (performance.now() - t) / 1000;
const baseUrl = `http://127.0.0.1:${site.port}`;
try {
  // The images: files in the storage folder, rows inserted on the site's own (single) database connection.
  const maker = await imageMaker();
  await mkdir(path.join(storage, 'items'), { recursive: true });
  const ids = [];
  let bytes = 0;
  for (let i = 0; i < IMAGES; i++) {
    const id = randomUUID();
    const data = await maker.make(i);
    bytes += data.length;
    await writeFile(path.join(storage, 'items', `${id}.png`), data);
    ids.push(id);
  }
  const common = await import('@agora/common');
  const { DataSource } = await import('typeorm');
  const library = await loadDefinition('library', env);
  const ds = await new DataSource(common.dataSourceOptions(site.infra, library.storage)).initialize();
  try {
    await ds.query(
      `INSERT INTO library.library_item (id, title, tags, resource_key, mime, width, height)
       SELECT id, 'image ' || n, ARRAY['bench'], 'items/' || id || '.png', 'image/png', 256, 256
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
      [ids],
    );
  } finally {
    await ds.destroy();
  }

  const admin = await apiLogin(baseUrl, 'admin', ADMIN_PASSWORD);
  /** Waits for the backup job that `start` (a call of the API client) answers. */
  const runJob = async (start) => {
    const { job } = await start;
    for (;;) {
      const state = await admin.client.GET('/api/libraryExport/job/{id}', { params: { path: { id: job } } });
      if (state.state === 'done') return state;
      if (state.state !== 'running') throw new Error(`job ${state.state}: ${state.error}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const probe = startProbe({
    url: `${baseUrl}/api/category`,
    headers: { cookie: admin.header },
    connections: CONNECTIONS,
  });
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const lagOf = () => {
    const out = { p99: Math.round(lag.percentile(99) / 1e6), max: Math.round(lag.max / 1e6) };
    lag.reset();
    return out;
  };
  lag.enable();
  const phases = {};
  // The first requests after the start compile the code paths: a warm-up, reported but not the baseline.
  probe.phase('warm-up');
  await new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000));
  phases['warm-up'] = { seconds: QUIET_SECONDS, eventLoopDelayMs: lagOf() };
  probe.phase('quiet');
  await new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000));
  phases.quiet = { seconds: QUIET_SECONDS, eventLoopDelayMs: lagOf() };

  probe.phase('export');
  t = performance.now();
  const exported = await runJob(admin.client.POST('/api/libraryExport'));
  phases.export = { seconds: Number(((performance.now() - t) / 1000).toFixed(1)), eventLoopDelayMs: lagOf() };

  probe.phase('restore');
  t = performance.now();
  await runJob(
    admin.client.PUT('/api/libraryExport/scope/restore-from-server-file/filename/{filename}', {
      params: { path: { filename: exported.filename } },
    }),
  );
  phases.restore = {
    seconds: Number(((performance.now() - t) / 1000).toFixed(1)),
    eventLoopDelayMs: lagOf(),
  };
  lag.disable();
  const probed = await probe.stop();
  for (const name of Object.keys(phases)) phases[name].categoryRequests = probed[name];

  const result = {
    date: new Date().toISOString(),
    machine: machine(),
    mode: 'one-process, embedded database (PGlite + PostGIS), queues on it',
    images: IMAGES,
    imageMB: Number((bytes / 2 ** 20).toFixed(1)),
    kind: maker.kind,
    probe: { url: 'GET /api/category (admin session, through the gateway)', connections: CONNECTIONS },
    siteStartSeconds: Number(startSeconds.toFixed(1)),
    phases,
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResults(process.env.BENCH_RESULT_NAME || 'backup-one-process', result);
} finally {
  await site.stop();
  await rm(base, { recursive: true, force: true });
}
