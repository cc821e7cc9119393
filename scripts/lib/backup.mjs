// Backup and restore of the whole platform: every service's schema (pg_dump) and both areas of the file store.
//
// A backup is one folder, `agora-backup-<UTC time>`:
//   database.dump          pg_dump's custom format of the schemas accounts, library, consultation and mailing
//                          (data, migrations tables, sequences, indexes); PostGIS stays an extension of the server
//   files/public/<key>     the public area of the file store (library content)
//   files/private/<key>    the private area (backup archives, answer files, exports)
//   manifest.json          what it holds: schemas, and size and SHA-256 of the dump and of every file;
//                          written last, so a folder without it is an unfinished backup
//
// The file store is used through a small interface, what `FileStorage` of services/common offers:
//   list(prefix) -> [{ key, size }] sorted by key;  get(key) -> { stream } | null;  put(key, Readable)
// `localFileStore(root)` below is that interface on a folder (STORAGE_DIR, STORAGE_PRIVATE_DIR).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';

/** The schemas of the services: the whole of Agora's data in PostgreSQL. */
export const SCHEMAS = ['accounts', 'library', 'consultation', 'mailing'];
export const AREAS = ['public', 'private'];
const FORMAT = 'agora-backup/1';

/** The file store interface on a local folder; keys are `/`-separated paths below `root`. */
export function localFileStore(root) {
  const full = (key) => {
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`key outside the store: ${key}`);
    return file;
  };
  return {
    root,
    async list(prefix = '') {
      const out = [];
      const walk = async (dir, keyPrefix) => {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (e) {
          if (e.code === 'ENOENT') return;
          throw e;
        }
        for (const entry of entries) {
          const key = `${keyPrefix}${entry.name}`;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`);
          else if (entry.isFile() && key.startsWith(prefix))
            out.push({ key, size: (await stat(path.join(dir, entry.name))).size });
        }
      };
      await walk(root, '');
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async get(key) {
      try {
        await stat(full(key));
      } catch (e) {
        if (e.code === 'ENOENT') return null;
        throw e;
      }
      return { stream: createReadStream(full(key)) };
    },
    async put(key, stream) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      const part = `${file}.part-${process.pid}`;
      await pipeline(stream, createWriteStream(part));
      await rename(part, file);
    },
  };
}

/** A transform that passes bytes through and counts and hashes them. */
function digest() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Size and SHA-256 of a local file. */
async function digestOf(file) {
  const d = digest();
  await pipeline(createReadStream(file), d.stream, new PassThrough().resume());
  return d.result();
}

/** Runs a PostgreSQL client program; rejects with its standard error when it fails. */
function run(program, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', (e) =>
      reject(e.code === 'ENOENT' ? new Error(`${program} not found: install the PostgreSQL client`) : e),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** `20261202T013000Z`: a folder name that sorts by time. */
const stamp = (date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Backs up the platform into a new folder below `outDir`; returns its path and manifest.
 * `stores`: `{ public, private }`, each the file store interface above.
 */
export async function backupPlatform({ databaseUrl, stores, outDir, now = new Date(), log = () => {} }) {
  const target = path.join(outDir, `agora-backup-${stamp(now)}`);
  await mkdir(outDir, { recursive: true });
  await mkdir(target); // fails if a backup of the same second is there
  const dumpFile = path.join(target, 'database.dump');
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...SCHEMAS.map((s) => `--schema=${s}`),
    `--file=${dumpFile}`,
    `--dbname=${databaseUrl}`,
  ]);
  const database = await digestOf(dumpFile);
  log(`database: ${SCHEMAS.join(', ')} (${database.size} bytes)`);

  const files = {};
  for (const area of AREAS) {
    const copy = localFileStore(path.join(target, 'files', area));
    files[area] = [];
    for (const { key } of await stores[area].list('')) {
      const source = await stores[area].get(key);
      if (!source) continue; // removed since it was listed
      const d = digest();
      await copy.put(key, source.stream.pipe(d.stream));
      files[area].push({ key, ...d.result() });
    }
    log(`files, ${area}: ${files[area].length}`);
  }
  const manifest = { format: FORMAT, created: now.toISOString(), schemas: SCHEMAS, database, files };
  await writeFile(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir: target, manifest };
}

/** Reads a backup folder's manifest, refusing an unfinished or foreign one. */
export async function readManifest(dir) {
  let manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  } catch (e) {
    throw new Error(`${dir} is not a finished Agora backup (no readable manifest.json: ${e.message})`, {
      cause: e,
    });
  }
  if (manifest.format !== FORMAT) throw new Error(`${dir}: unknown backup format ${manifest.format}`);
  return manifest;
}

/** The schemas of `SCHEMAS` that hold any table in the database: a restore needs none. */
export async function occupiedSchemas(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT DISTINCT table_schema AS schema FROM information_schema.tables WHERE table_schema = ANY($1) ORDER BY 1',
      [SCHEMAS],
    );
    return rows.map((r) => r.schema);
  } finally {
    await client.end();
  }
}

/**
 * Every table of the services' schemas with its row count and an MD5 checksum of its rows in a stable order
 * (`'12 rows 5d41…'`), by its quoted name: what a restore of a backup of the database must give again.
 */
export async function tableDigests(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query(
      `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
        WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1`,
      [SCHEMAS],
    );
    const out = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query(
        `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${name} t`,
      );
      out[name] = `${rows[0]?.n} rows ${rows[0]?.digest}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup folder into an empty deployment: a database without Agora's tables (the schemas are made by
 * the restore; PostGIS is created when missing) and empty file stores. The dump and every file are checked
 * against their size and SHA-256 first: the restore refuses, changing nothing, when the backup does not match
 * its manifest or the database or a store is not empty. The database is restored in one transaction.
 */
export async function restorePlatform({ databaseUrl, stores, fromDir, log = () => {} }) {
  const manifest = await readManifest(fromDir);
  const dumpFile = path.join(fromDir, 'database.dump');
  const unlike = (got, want) => got.sha256 !== want.sha256 || got.size !== want.size;
  if (unlike(await digestOf(dumpFile), manifest.database))
    throw new Error(`${dumpFile} does not match the manifest`);
  for (const area of AREAS) {
    for (const entry of manifest.files[area]) {
      const file = path.join(fromDir, 'files', area, ...entry.key.split('/'));
      const got = await digestOf(file).catch(() => ({ size: -1, sha256: '' }));
      if (unlike(got, entry))
        throw new Error(`${area}/${entry.key} is missing or does not match the manifest`);
    }
  }

  const occupied = await occupiedSchemas(databaseUrl);
  if (occupied.length > 0)
    throw new Error(
      `the database is not empty: schema ${occupied.join(', ')} has tables; restore into a new one`,
    );
  for (const area of AREAS) {
    if ((await stores[area].list('')).length > 0)
      throw new Error(`the ${area} file store is not empty; restore into an empty one`);
  }

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS postgis');
  } finally {
    await client.end();
  }
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    dumpFile,
  ]);
  log(`database: ${manifest.schemas.join(', ')} restored`);

  const copies = {};
  for (const area of AREAS) {
    const copy = localFileStore(path.join(fromDir, 'files', area));
    for (const entry of manifest.files[area]) {
      const source = await copy.get(entry.key);
      if (!source) throw new Error(`${area}/${entry.key} is missing from the backup`);
      await stores[area].put(entry.key, source.stream);
    }
    copies[area] = manifest.files[area].length;
    log(`files, ${area}: ${copies[area]} restored`);
  }
  return { manifest, files: copies };
}
