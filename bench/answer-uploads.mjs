// Memory of the consultation service during parallel answer uploads: N participants (default 20) each send one
// values form with a 50 MB PDF document at once, to the service of this checkout and of an earlier build, one
// after the other in the same run. Each service runs in its own child process (bench/lib/answer-upload-server.mjs:
// a fresh database on the real PostgreSQL, answer files in a temporary STORAGE_DIR, RSS sampled every 10 ms); this
// process only sends the uploads. Reported: the service's RSS when idle, its peak during the uploads, the peak
// above idle, the wall time, and what was stored. The current build runs a second time with the store on an
// S3-compatible server (the tests' s3rver, in this process, so that its memory is not counted as the service's).
//
//   npm run build:server && npm run build:testing
//   git archive <earlier commit> | tar -x -C /tmp/agora-before   # then npm install, npm run build:server and build:testing there
//   node --expose-gc bench/answer-uploads.mjs --before /tmp/agora-before [--uploads 20] [--mb 50]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startTestS3Server } from '@agora/common/testing';
import { numberArg } from './lib/common.mjs';

const argv = process.argv.slice(2);
const UPLOADS = numberArg(argv, '--uploads', 20, 1000);
const MB = numberArg(argv, '--mb', 50, 95);
const before = argv.includes('--before') ? path.resolve(argv[argv.indexOf('--before') + 1]) : null;
const here = path.dirname(fileURLToPath(import.meta.url));
const current = path.resolve(here, '..');
const MIB = 1024 * 1024;

/** A PDF of `MB` megabytes: a real header and body, then spaces (a PDF reader ignores trailing whitespace). */
function pdfOf(bytes) {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
}
const document = new Blob([pdfOf(MB * 1000 * 1000)], { type: 'application/pdf' });

function ask(child, message) {
  const answer = once(child, 'message');
  child.send(message);
  return answer.then(([m]) => m);
}

async function run(name, root, storeEnv = {}) {
  const args = [root, String(UPLOADS), JSON.stringify(storeEnv)];
  const child = fork(path.join(here, 'lib', 'answer-upload-server.mjs'), args, {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const [{ url, idleRss }] = await once(child, 'message');
    const { uploads, variable, header } = await ask(child, 'prepare');
    await ask(child, 'start');
    const t = performance.now();
    const statuses = await Promise.all(
      uploads.map(async ({ identity, choice }) => {
        const form = new FormData();
        form.set('choice', choice);
        form.set('variable', variable);
        form.set('values[0][variable_type]', 'radio');
        form.set('values[0][value]', 'Ναι');
        form.set('values[1][variable_type]', 'document');
        form.set('resource_1', document, 'σχέδιο.pdf');
        const res = await fetch(`${url}/data/scope/variable`, {
          method: 'POST',
          headers: { [header]: identity },
          body: form,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    const { peakRss, rssAfter, stored } = await ask(child, 'stop');
    const refused = statuses.filter((s) => s !== 201);
    if (refused.length) throw new Error(`${name}: ${refused.length} uploads answered ${refused.join(', ')}`);
    return {
      name,
      uploads: UPLOADS,
      mbEach: MB,
      idleRssMB: +(idleRss / MIB).toFixed(1),
      peakRssMB: +(peakRss / MIB).toFixed(1),
      peakAboveIdleMB: +((peakRss - idleRss) / MIB).toFixed(1),
      rssAfterMB: +(rssAfter / MIB).toFixed(1),
      seconds: +seconds.toFixed(2),
      storedFiles: stored.n,
      storedMB: +(stored.bytes / MIB).toFixed(1),
    };
  } finally {
    child.send('close');
    await once(child, 'exit');
  }
}

const results = [];
if (before) results.push(await run('before (answer files in PostgreSQL, read into memory)', before));
results.push(await run('after, local folder (spooled to disk, moved into the store)', current));
const s3 = await startTestS3Server('bench');
try {
  results.push(await run('after, S3-compatible store (spooled, one streamed PUT each)', current, s3.env));
} finally {
  await s3.close();
}
console.table(results);
await writeFile(
  path.join(here, 'results', 'answer-uploads.json'),
  `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
);
