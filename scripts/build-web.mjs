#!/usr/bin/env node
// Builds the web front end: the shell into dist/shell/ and each remote into dist/remotes/<folder>/<version>/,
// then points dist/remotes/remotes.json at the versions just built.
//
//   node scripts/build-web.mjs                       shell + the four remotes
//   node scripts/build-web.mjs --only mf-library     one remote (repeatable); the shell is not rebuilt
//   node scripts/build-web.mjs --only shell          the shell alone
//   node scripts/build-web.mjs --no-registry         leave remotes.json untouched (publish a build without
//                                                    switching to it)
//   REMOTE_VERSION=1.0.1 node scripts/build-web.mjs --only mf-library --no-registry
//
// Builds run one after the other (rspack already uses every core).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { injectManifest } from 'workbox-build';
import {
  DIST,
  LAZY_SHARED,
  REMOTES,
  remoteConfig,
  serviceWorkerConfig,
  shellConfig,
} from './rspack.common.mjs';

function parseArgs(argv) {
  const only = [];
  let registry = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') {
      const value = argv[++i];
      if (!value) throw new Error('--only needs a folder name');
      only.push(...value.split(','));
    } else if (arg.startsWith('--only=')) {
      only.push(...arg.slice('--only='.length).split(','));
    } else if (arg === '--no-registry') {
      registry = false;
    } else if (arg === '--help' || arg === '-h') {
      console.log('usage: node scripts/build-web.mjs [--only <shell|mf-…>]... [--no-registry]');
      process.exit(0);
    } else {
      throw new Error(`unknown argument ${arg}`);
    }
  }
  const known = ['shell', ...REMOTES.map((r) => r.folder)];
  for (const name of only)
    if (!known.includes(name)) throw new Error(`unknown app ${name} (one of ${known.join(', ')})`);
  return { only, registry };
}

function compile(config) {
  return new Promise((resolve, reject) => {
    const compiler = rspack(config);
    compiler.run((err, stats) => {
      compiler.close(() => {
        if (err) return reject(err);
        const info = stats.toJson({ all: false, errors: true, warnings: true });
        for (const w of info.warnings ?? []) {
          // publicPath 'auto' is what makes versioned remote folders work; the warning about it is expected.
          if (!/publicPath='auto'/.test(w.message)) console.warn(`warning: ${w.message}`);
        }
        if (stats.hasErrors()) {
          reject(new Error(info.errors.map((e) => e.message).join('\n')));
        } else {
          resolve(stats);
        }
      });
    });
  });
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

function sizeOf(file) {
  const buf = readFileSync(file);
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}

function printSizes(title, dir) {
  const rows = listFiles(dir)
    .filter((f) => /\.(js|css|html|json)$/.test(f))
    .map((f) => ({ file: path.relative(dir, f), ...sizeOf(f) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip }), { raw: 0, gzip: 0 });
  console.log(`\n${title}  (${path.relative(process.cwd(), dir) || dir})`);
  for (const r of rows)
    console.log(`  ${r.file.padEnd(48)} ${kib(r.raw).padStart(10)} ${kib(r.gzip).padStart(10)} gzip`);
  console.log(`  ${'total'.padEnd(48)} ${kib(total.raw).padStart(10)} ${kib(total.gzip).padStart(10)} gzip`);
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The shell's files that every page loads before it renders: the chunk of `import('./bootstrap')` in src/index.ts
 * and the chunks of the shared singletons the shell provides (all of them are needed at start but the LAZY_SHARED
 * ones, which the first map of a page loads; the copies rspack also emits as consumers' fallbacks are never loaded
 * and not listed). The entry chunk is left out: index.html already has its <script>.
 */
function startupFiles(stats) {
  const { chunks } = stats.toJson({ all: false, chunks: true, chunkOrigins: true });
  const lazy = LAZY_SHARED.map((name) => `provide shared module (default) ${name}@`);
  const atStart = (origin) => {
    const from = origin.moduleName ?? '';
    if (origin.request === './bootstrap' && from === './src/index.ts') return true;
    return from.startsWith('provide shared module') && !lazy.some((prefix) => from.startsWith(prefix));
  };
  const files = new Set();
  for (const chunk of chunks) {
    if (chunk.initial || !chunk.origins.some(atStart)) continue;
    for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
  }
  if (files.size === 0)
    throw new Error('no start-up chunks found in the shell build (did the entry change?)');
  return [...files].sort();
}

/**
 * `<link rel="preload">` for the start-up files, after the entry's <script> in index.html: the entry script
 * discovers them only once it has run, the browser fetches them while the entry downloads and runs. The chunks are
 * classic scripts (not ES modules), hence `preload as=script`.
 */
function addPreloadHints(shellDir, publicPath, files) {
  const file = path.join(shellDir, 'index.html');
  const html = readFileSync(file, 'utf8');
  const entry = /<script [^>]*src="[^"]+"[^>]*><\/script>/.exec(html);
  if (!entry) throw new Error(`${file}: no entry <script>`);
  const links = files
    .map(
      (f) => `<link rel="preload" href="${publicPath}${f}" as="${f.endsWith('.css') ? 'style' : 'script'}">`,
    )
    .join('');
  const at = entry.index + entry[0].length;
  writeFileSync(file, html.slice(0, at) + links + html.slice(at));
  console.log(`  index.html: preload hints for ${files.length} start-up files`);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** What the gateway serves precompressed (text); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|map|txt)$/;

/**
 * Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) next to every compressible file of `dir`,
 * each only when it is smaller than the file: the gateway serves them to clients that accept the encoding, with no
 * compression work per request. Returns the bytes before and after (brotli).
 */
async function precompress(dir) {
  const files = listFiles(dir).filter((f) => COMPRESSIBLE.test(f));
  const totals = { raw: 0, brotli: 0 };
  await Promise.all(
    files.map(async (file) => {
      const body = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      if (br.length < body.length) writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      totals.raw += body.length;
      totals.brotli += Math.min(br.length, body.length);
    }),
  );
  console.log(
    `  precompressed ${files.length} files: ${kib(totals.raw)} -> ${kib(totals.brotli)} brotli (and gzip)`,
  );
}

/**
 * The service worker (decision 0091): bundled by rspack, then workbox-build writes into it the precache list:
 * index.html and the files it loads at start (its entry script and preloaded start-up chunks), which the first
 * visit has just downloaded; the hashed ones need no revision (their name changes with their content), so the
 * install reads them from the HTTP cache. The shell's lazy chunks, the remotes and the rest are cached as pages use
 * them: a first visit downloads nothing more for the worker.
 */
async function buildServiceWorker(shellDir) {
  await compile(serviceWorkerConfig());
  const html = readFileSync(path.join(shellDir, 'index.html'), 'utf8');
  const startFiles = [...html.matchAll(/(?:src|href)="\/([^"/]+\.[0-9a-f]{8}\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  const sw = path.join(shellDir, 'sw.js');
  const { count, size, warnings } = await injectManifest({
    swSrc: sw,
    swDest: sw,
    globDirectory: shellDir,
    globPatterns: ['index.html', ...new Set(startFiles)],
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
  });
  for (const w of warnings) console.warn(`warning: ${w}`);
  console.log(`  sw.js: ${count} precached files, ${kib(size)}`);
}

/** Files (relative to dir) of the sync + async assets of an mf-manifest entry. */
function manifestAssets(entry) {
  const a = entry?.assets ?? {};
  return [...(a.js?.sync ?? []), ...(a.js?.async ?? []), ...(a.css?.sync ?? []), ...(a.css?.async ?? [])];
}

/**
 * What a cold load of one remote route downloads, from the build outputs: the shell's page, its initial and
 * bootstrap chunks and the shared singletons it provides, /remotes.json, the remote's manifest, remoteEntry.js and
 * every chunk of its exposed ./App (sync and async: an upper bound when the remote has several lazy pages).
 */
function coldLoad(remoteFolder, version) {
  const shellDir = path.join(DIST, 'shell');
  const remoteDir = path.join(DIST, 'remotes', remoteFolder, version);
  if (!existsSync(path.join(shellDir, 'index.html')) || !existsSync(path.join(remoteDir, 'mf-manifest.json')))
    return null;
  const files = new Set();
  const html = readFileSync(path.join(shellDir, 'index.html'), 'utf8');
  files.add(path.join(shellDir, 'index.html'));
  for (const m of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g))
    files.add(path.join(shellDir, m[1]));
  // Everything else the shell emits is reached at start (bootstrap and the shared singletons it provides).
  for (const f of listFiles(shellDir)) if (/\.(js|css)$/.test(f)) files.add(f);
  const manifest = readJson(path.join(remoteDir, 'mf-manifest.json'));
  files.add(path.join(remoteDir, 'mf-manifest.json'));
  files.add(path.join(remoteDir, manifest.metaData.remoteEntry.name));
  for (const expose of manifest.exposes ?? [])
    for (const f of manifestAssets(expose)) files.add(path.join(remoteDir, f));
  let gzip = 0;
  let raw = 0;
  for (const f of files) {
    const s = sizeOf(f);
    gzip += s.gzip;
    raw += s.raw;
  }
  return { requests: files.size + 1, raw, gzip };
}

async function main() {
  const { only, registry } = parseArgs(process.argv.slice(2));
  const wantShell = only.length === 0 || only.includes('shell');
  const remotes = only.length === 0 ? REMOTES : REMOTES.filter((r) => only.includes(r.folder));
  const started = Date.now();

  if (wantShell) {
    console.log('building shell');
    const t = Date.now();
    const config = shellConfig();
    const stats = await compile(config);
    console.log(`  built in ${Date.now() - t} ms`);
    addPreloadHints(config.output.path, config.output.publicPath, startupFiles(stats));
    await buildServiceWorker(config.output.path);
    await precompress(config.output.path);
  }
  const built = [];
  for (const remote of remotes) {
    const { version, config } = remoteConfig(remote.folder);
    console.log(`building ${remote.folder}@${version}`);
    const t = Date.now();
    await compile(config);
    console.log(`  built in ${Date.now() - t} ms`);
    await precompress(config.output.path);
    built.push({ ...remote, version });
  }

  const registryFile = path.join(DIST, 'remotes', 'remotes.json');
  if (registry && built.length > 0) {
    mkdirSync(path.dirname(registryFile), { recursive: true });
    const current = existsSync(registryFile) ? readJson(registryFile) : {};
    for (const r of built) current[r.name] = `/remotes/${r.folder}/${r.version}/mf-manifest.json`;
    writeFileSync(registryFile, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(process.cwd(), registryFile)}`);
    console.log(JSON.stringify(current, null, 2));
  } else if (built.length > 0) {
    console.log('\nremotes.json left untouched (--no-registry)');
  }

  if (wantShell) printSizes('shell', path.join(DIST, 'shell'));
  for (const r of built)
    printSizes(`${r.folder}@${r.version}`, path.join(DIST, 'remotes', r.folder, r.version));

  const current = existsSync(registryFile) ? readJson(registryFile) : {};
  const estimates = [];
  for (const r of REMOTES) {
    const entry = built.find((b) => b.folder === r.folder)?.version ?? current[r.name]?.split('/')[3];
    if (!entry) continue;
    const estimate = coldLoad(r.folder, entry);
    if (estimate) estimates.push({ ...r, version: entry, ...estimate });
  }
  if (estimates.length > 0) {
    // Small shared modules sit in two chunks in the shell (provided and fallback) of which a page loads one:
    // the figures count both, so they are an upper bound by a few KiB.
    console.log('\ncold load of one remote route (shell + that remote, gzip, upper bound):');
    for (const e of estimates) {
      console.log(
        `  ${`${e.folder}@${e.version}`.padEnd(28)} ${kib(e.gzip).padStart(10)} gzip  ${kib(e.raw).padStart(10)} raw  ${e.requests} requests`,
      );
    }
  }
  console.log(`\ndone in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
