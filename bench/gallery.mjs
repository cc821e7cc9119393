// The gallery's first page with 5,000 library items: GET /library/page/1 straight to the library service (no
// gateway), 200 sequential requests after 20 warm-up ones, on a fresh PostgreSQL database with the real
// migrations. Rows are inserted with SQL (files are not needed to page them). Prints the results and writes them
// to bench/results/gallery.json.
//
//   npx tsc -b services/library && npm run build:testing && node bench/gallery.mjs [--items 5000] [--requests 200]
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bootTestService } from '@agora/common/testing';
import { IDENTITY_HEADER } from '@agora/contracts';
import { createLibraryService } from '../services/library/dist/index.js';
import { numberArg } from './lib/common.mjs';

const argv = process.argv.slice(2);
const ITEMS = numberArg(argv, '--items', 5000, 1_000_000);
const REQUESTS = numberArg(argv, '--requests', 200, 1_000_000);
const editor = {
  uuid: '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a09',
  username: 'bench',
  firstname: 'Bench',
  lastname: 'Editor',
  email: 'bench@example.org',
  role: 'editor',
};

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-gallery-'));
const svc = await bootTestService(createLibraryService({ STORAGE_DIR: dir }));
try {
  await svc.db.query(
    `INSERT INTO library.library_item (title, tags, resource_key, thumbnail_key, mime, width, height, created)
     SELECT 'Εικόνα ' || i, ARRAY['tag' || (i % 50), 'θέμα' || (i % 7)], 'items/' || i || '.jpg', 'thumbs/' || i || '.webp',
            'image/jpeg', 1600, 1200, now() - i * interval '1 minute'
     FROM generate_series(1, $1::int) AS i`,
    [ITEMS],
  );
  await svc.db.query('ANALYZE library.library_item');
  await svc.app.listen(0, '127.0.0.1');
  const base = await svc.app.getUrl();
  const measure = async (route, total) => {
    const get = async () => {
      const res = await fetch(`${base}${route}`, { headers: { [IDENTITY_HEADER]: svc.identity(editor) } });
      const body = await res.json();
      if (res.status !== 200 || body.values.length !== 20 || body.total !== total)
        throw new Error(`unexpected answer ${res.status} from ${route}`);
    };
    for (let i = 0; i < 20; i++) await get();
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await get();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const r = (x) => Number(x.toFixed(2));
    return {
      route: `GET ${route}`,
      items: ITEMS,
      matching: total,
      requests: REQUESTS,
      p50_ms: r(percentile(times, 50)),
      p99_ms: r(percentile(times, 99)),
      max_ms: r(times[times.length - 1]),
    };
  };
  const [{ n: tagged }] = await svc.db.query(
    `SELECT count(*)::int AS n FROM library.library_item WHERE tags @> ARRAY['tag7']`,
  );
  const plan = await svc.db.query(
    `EXPLAIN SELECT id FROM library.library_item WHERE tags @> ARRAY['tag7'] ORDER BY created DESC, id DESC LIMIT 20`,
  );
  const routes = [];
  for (const [route, total] of [
    ['/library/page/1', ITEMS],
    ['/library/page/1/taglist/tag7', tagged],
  ]) {
    const measured = await measure(route, total);
    console.log(JSON.stringify(measured));
    routes.push(measured);
  }
  const tagPlan = plan.map((p) => p['QUERY PLAN']);
  console.log(tagPlan.join('\n'));
  await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
  await writeFile(
    path.join(import.meta.dirname, 'results', 'gallery.json'),
    JSON.stringify({ items: ITEMS, requests: REQUESTS, routes, tagPlan }, null, 2) + '\n',
  );
} finally {
  await svc.close();
  await rm(dir, { recursive: true, force: true });
}
