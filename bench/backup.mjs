// Library backups: export and restore (over the same library, and into an empty one) of N generated images (default 1,000 of 50-200 KB) through the library
// service's API (queued jobs run by the service's worker in this process, real PostgreSQL, files in a temporary STORAGE_DIR), against `tar czf` /
// `tar xzf` of the same files in the same run. Throughput = image bytes / wall time; peak RSS of this process
// (sampled every 10 ms, the service runs in it) and of tar (from /usr/bin/time).
//
//   npx tsc -b services/library && npm run build:testing && node bench/backup.mjs [--images 1000]
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bootTestService } from '@agora/common/testing';
import { IDENTITY_HEADER } from '@agora/contracts';
import { createLibraryService } from '../services/library/dist/index.js';
import { numberArg } from './lib/common.mjs';
import { imageMaker } from './lib/images.mjs';
import { BackupQueue } from '../services/library/dist/backups/backup-queue.js';
import { BackupRestorer } from '../services/library/dist/backups/backup-restorer.js';

const IMAGES = numberArg(process.argv.slice(2), '--images', 1000, 1_000_000);
const admin = {
  uuid: '7a4f6d1e-2b7c-4d8e-9f0a-1b2c3d4e5f60',
  username: 'bench',
  firstname: 'Bench',
  lastname: 'Admin',
  email: 'bench@example.org',
  role: 'admin',
};

function peakSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

function timed(cmd, args) {
  const t = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], { encoding: 'utf8' });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  const kb = Number(r.stderr.trim().split('\n').pop());
  return { seconds, peakRssMB: kb / 1024 };
}

const MB = 1024 * 1024;
const base = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-backup-'));
const root = path.join(base, 'storage');
await mkdir(path.join(root, 'items'), { recursive: true });
const svc = await bootTestService(
  createLibraryService({ STORAGE_DIR: root, BACKUP_STAGING_DIR: path.join(base, 'staging') }),
);
try {
  const maker = await imageMaker();
  let bytes = 0;
  const ids = [];
  for (let i = 0; i < IMAGES; i++) {
    const id = randomUUID();
    const data = await maker.make(i);
    bytes += data.length;
    await writeFile(path.join(root, 'items', `${id}.png`), data);
    ids.push(id);
  }
  await svc.db.query(
    `INSERT INTO library.library_item (id, title, tags, resource_key, mime, width, height)
     SELECT id, 'image ' || n, ARRAY['bench'], 'items/' || id || '.png', 'image/png', 256, 256
     FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [ids],
  );
  await svc.app.listen(0, '127.0.0.1');
  const url = await svc.app.getUrl();
  const jobs = svc.app.get(BackupQueue);
  const api = async (method, p) => {
    const res = await fetch(`${url}${p}`, { method, headers: { [IDENTITY_HEADER]: svc.identity(admin) } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const runJob = async (method, p) => {
    const { job } = await api(method, p);
    await jobs.settled(job);
    const state = await api('GET', `/libraryExport/job/${job}`);
    if (state.state !== 'done') throw new Error(`job ${state.state}: ${state.error}`);
    return state;
  };

  const rssBefore = process.memoryUsage().rss;
  let stop = peakSampler();
  let t = performance.now();
  const exported = await runJob('POST', '/libraryExport');
  const exportSeconds = (performance.now() - t) / 1000;
  const exportPeak = stop();
  // Archives live in the private storage, beside the public one (`<STORAGE_DIR>-private`).
  const archiveBytes = (await stat(path.join(`${root}-private`, 'backups', exported.filename))).size;

  // Restore replaces every row and rewrites every file (same keys).
  stop = peakSampler();
  t = performance.now();
  await runJob('PUT', `/libraryExport/scope/restore-from-server-file/filename/${exported.filename}`);
  const restoreSeconds = (performance.now() - t) / 1000;
  const restorePeak = stop();
  const [{ n }] = await svc.db.query('SELECT count(*)::int AS n FROM library.library_item');
  if (n !== IMAGES || (await readdir(path.join(root, 'items'))).length !== IMAGES)
    throw new Error('restore lost data');

  // The disaster-recovery case: the same archive restored into a second, empty library (own database, own folder).
  const root2 = path.join(base, 'storage2');
  await mkdir(path.join(`${root2}-private`, 'backups'), { recursive: true });
  await copyFile(
    path.join(`${root}-private`, 'backups', exported.filename),
    path.join(`${root2}-private`, 'backups', exported.filename),
  );
  const svc2 = await bootTestService(
    createLibraryService({ STORAGE_DIR: root2, BACKUP_STAGING_DIR: path.join(base, 'staging2') }),
  );
  let emptyRestoreSeconds;
  let emptyRestorePeak;
  try {
    await svc2.db.query(
      `INSERT INTO library.backup (filename, size, items, source) VALUES ($1, $2, $3, 'export')`,
      [exported.filename, archiveBytes, IMAGES],
    );
    const jobs2 = svc2.app.get(BackupQueue);
    stop = peakSampler();
    t = performance.now();
    const started = await svc2.app.get(BackupRestorer).startFromServerFile(exported.filename);
    await jobs2.settled(started);
    emptyRestoreSeconds = (performance.now() - t) / 1000;
    emptyRestorePeak = stop();
    const state = await jobs2.get(started);
    if (state.state !== 'done') throw new Error(`restore into an empty library: ${state.error}`);
    if ((await readdir(path.join(root2, 'items'))).length !== IMAGES) throw new Error('restore lost files');
  } finally {
    await svc2.close();
  }

  const tarFile = path.join(base, 'plain.tar.gz');
  const tarC = timed('tar', ['czf', tarFile, '-C', root, 'items']);
  const out = path.join(base, 'untar');
  await mkdir(out);
  const tarX = timed('tar', ['xzf', tarFile, '-C', out]);

  const mbs = (s) => Number((bytes / MB / s).toFixed(1));
  const result = {
    images: IMAGES,
    kind: maker.kind,
    imageMB: Number((bytes / MB).toFixed(1)),
    archiveMB: Number((archiveBytes / MB).toFixed(1)),
    tarArchiveMB: Number(((await stat(tarFile)).size / MB).toFixed(1)),
    rssBeforeMB: Math.round(rssBefore / MB),
    export: {
      seconds: Number(exportSeconds.toFixed(2)),
      MBps: mbs(exportSeconds),
      peakRssMB: Math.round(exportPeak / MB),
    },
    restoreOverSameLibrary: {
      seconds: Number(restoreSeconds.toFixed(2)),
      MBps: mbs(restoreSeconds),
      peakRssMB: Math.round(restorePeak / MB),
    },
    restoreIntoEmptyLibrary: {
      seconds: Number(emptyRestoreSeconds.toFixed(2)),
      MBps: mbs(emptyRestoreSeconds),
      peakRssMB: Math.round(emptyRestorePeak / MB),
    },
    tarCzf: {
      seconds: Number(tarC.seconds.toFixed(2)),
      MBps: mbs(tarC.seconds),
      peakRssMB: Math.round(tarC.peakRssMB),
    },
    tarXzf: {
      seconds: Number(tarX.seconds.toFixed(2)),
      MBps: mbs(tarX.seconds),
      peakRssMB: Math.round(tarX.peakRssMB),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await writeFile(
    path.join(import.meta.dirname, 'results', 'backup.json'),
    JSON.stringify(result, null, 2) + '\n',
  );
} finally {
  await svc.close();
  await rm(base, { recursive: true, force: true });
}
