// The consultation service of one build (the folder of a built checkout: its services/*/dist), for
// bench/answer-uploads.mjs: booted in this process on a fresh database with the answer test world, the answer
// files' store in a temporary folder (or the S3-compatible server its parent names), RSS sampled every 10 ms. Driven by its parent over IPC:
//   'ready'   → { url, idleRss }                     (after boot and a settle)
//   'prepare' → { uploads: [{ identity, choice }], variable, header }   (fresh identities, one answer each)
//   'start'   → resets the peak;  'stop' → { peakRss, rssAfter }
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, count] = [path.resolve(process.argv[2]), Number(process.argv[3] ?? 20)];
// the file store's settings (an S3-compatible server's STORAGE_S3_*), else a temporary folder
const storeEnv = JSON.parse(process.argv[4] ?? '{}');
const load = (p) => import(pathToFileURL(path.join(root, p)).href);
// the test helpers' build (`npm run build:testing`), or, in a build from before they left the packages, dist/
const helpers = existsSync(path.join(root, 'services/common/test/dist/index.js'));
const { bootTestService } = await load(
  helpers ? 'services/common/test/dist/index.js' : 'services/common/dist/testing/index.js',
);
const { createConsultationService } = await load('services/consultation/dist/index.js');
const { ALL_KINDS, as, buildWorld, personOf } = await load(
  helpers
    ? 'services/consultation/test/dist/answer-test-helpers.js'
    : 'services/consultation/dist/answer/answer-test-helpers.js',
);

const MIB = 1024 * 1024;
const base = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-uploads-'));
const svc = await bootTestService(
  createConsultationService({ STORAGE_DIR: path.join(base, 'files'), ...storeEnv }),
);
const w = await buildWorld(svc);
// room for 50 MB documents: the project's limit at its maximum (100 MiB), the document's 60 MB
await svc.db.query(`UPDATE consultation.project SET max_bytes = $2 WHERE token = $1`, [w.project, 100 * MIB]);
const kinds = ALL_KINDS.map((k) =>
  k.kind === 'document' ? { ...k, options: { accepts: ['pdf'], maxSize: 60 } } : k,
);
await svc.db.query(`UPDATE consultation.variable SET variable_type = $2::jsonb WHERE token = $1`, [
  w.survey,
  JSON.stringify(kinds),
]);
await svc.app.listen(0, '127.0.0.1');
const url = await svc.app.getUrl();

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
setInterval(sample, 10).unref();

process.on('message', async (msg) => {
  if (msg === 'prepare') {
    const uploads = [];
    for (let i = 0; i < count; i++) {
      const who = personOf('normal', w.category);
      const res = await as(svc, who).post('/data/scope/attribute', { attribute: w.comments });
      if (res.status !== 201) throw new Error(`answer: ${res.status} ${JSON.stringify(res.body)}`);
      uploads.push({ identity: svc.identity(who), choice: res.body.token });
    }
    process.send({ uploads, variable: w.survey, header: 'x-agora-identity' });
  } else if (msg === 'start') {
    peak = process.memoryUsage().rss;
    process.send('started');
  } else if (msg === 'stop') {
    sample();
    const [stored] = await svc.db.query(
      `SELECT count(*)::int AS n, coalesce(sum(bytes), 0)::float8 AS bytes FROM consultation.answer_file`,
    );
    process.send({ peakRss: peak, rssAfter: process.memoryUsage().rss, stored });
  } else if (msg === 'close') {
    await svc.close();
    await rm(base, { recursive: true, force: true });
    process.exit(0);
  }
});

// let the boot's garbage settle before the idle figure
await new Promise((resolve) => setTimeout(resolve, 2000));
global.gc?.();
process.send({ url, idleRss: process.memoryUsage().rss });
