import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createTestDatabase, testServerUrl, type TestDatabase } from '@agora/common/testing';
import { localFileStore, tableDigests as contents } from './lib/backup.mjs';

// The platform backed up with scripts/backup.mjs and restored with scripts/restore.mjs, as an operator runs them:
// a migrated database with data in every service's schema (PostGIS geometry too) and files in both areas of the
// store, restored into a new database without PostGIS and empty folders, gives the same tables, rows and files.

const run = promisify(execFile);
const ROOT = process.cwd(); // jest runs from the repository root

/** A new database with nothing in it, not even PostGIS: what a new deployment's server gives. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agora_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: testServerUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

function script(name: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [path.join(ROOT, 'scripts', name), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

describe('backup and restore of the platform', () => {
  let source: TestDatabase;
  let target: { url: string; drop(): Promise<void> };
  let dir: string;
  const before: Record<string, string> = {};
  const files = {
    public: {
      'items/4b0c.png': randomBytes(70_000),
      'thumbs/4b0c.png': randomBytes(3000),
      'demo/a.txt': 'α',
    },
    private: { 'backups/library-1.tar.gz': randomBytes(5000), 'answers/9/file.pdf': randomBytes(1) },
  };
  const storeEnv = (name: string) => ({
    AGORA_DATA_DIR: path.join(dir, name),
    STORAGE_DIR: path.join(dir, name, 'files'),
    STORAGE_PRIVATE_DIR: path.join(dir, name, 'private'),
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agora-backup-'));
    source = await createTestDatabase('agora_backup');
    target = await emptyDatabase();
    await script('migrate.mjs', [], { DATABASE_URL: source.url, AGORA_DATA_DIR: path.join(dir, 'unused') });
    await source.query(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ('maria', 'Μαρία', 'Π.', 'maria@example.org', 'admin', '$argon2id$x'),
              ('nikos', 'Νίκος', 'K.', 'nikos@example.org', 'authorized', '$argon2id$y')`,
    );
    await source.query(
      `INSERT INTO library.library_item (title, resource_key, thumbnail_key, mime, width, height, tags)
       VALUES ('Λευκός Πύργος', 'items/4b0c.png', 'thumbs/4b0c.png', 'image/png', 640, 480, '{sea,tower}')`,
    );
    await source.query(
      `WITH c AS (INSERT INTO consultation.category (mname, title) VALUES ('sea', 'Seafront') RETURNING token),
            p AS (INSERT INTO consultation.project (mname, title, start_date, end_date, center)
                  VALUES ('front', 'Front', '2026-01-01', '2026-12-31', ST_SetSRID(ST_MakePoint(22.94, 40.63), 4326))
                  RETURNING token)
       INSERT INTO consultation.node (project, title, mname, has_geometry, geom_type, max_geom, boundary)
       SELECT p.token, 'Pier', 'pier', true, 'point', 3, ST_GeomFromText('POLYGON((22.9 40.6,23 40.6,23 40.7,22.9 40.6))', 4326) FROM p`,
    );
    for (const [area, entries] of Object.entries(files)) {
      const root = storeEnv('site')[area === 'public' ? 'STORAGE_DIR' : 'STORAGE_PRIVATE_DIR'];
      for (const [key, data] of Object.entries(entries)) {
        await mkdir(path.dirname(path.join(root, key)), { recursive: true });
        await writeFile(path.join(root, key), data);
      }
    }
    Object.assign(before, await contents(source.url));
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  let backupDir: string;

  it('writes the schemas and both areas of the file store into one folder with a manifest', async () => {
    const { stdout } = await script('backup.mjs', ['--out', path.join(dir, 'backups')], {
      DATABASE_URL: source.url,
      ...storeEnv('site'),
    });
    backupDir = /backup written: (\S+)/.exec(stdout)?.[1] ?? '';
    const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      schemas: string[];
      files: Record<'public' | 'private', Array<{ key: string; size: number }>>;
    };
    expect(manifest.schemas).toEqual(['accounts', 'library', 'consultation', 'mailing']);
    expect(manifest.files.public.map((f) => f.key)).toEqual([
      'demo/a.txt',
      'items/4b0c.png',
      'thumbs/4b0c.png',
    ]);
    expect(manifest.files.private.map((f) => [f.key, f.size])).toEqual([
      ['answers/9/file.pdf', 1],
      ['backups/library-1.tar.gz', 5000],
    ]);
  });

  it('restores into a new database without PostGIS and empty stores: the same rows and the same files', async () => {
    await script('restore.mjs', ['--from', backupDir], { DATABASE_URL: target.url, ...storeEnv('restored') });
    const after = await contents(target.url);
    expect(Object.keys(after).length).toBeGreaterThan(30);
    expect(after).toEqual(before);
    expect(after['accounts."user"']).toMatch(/^2 rows/);

    const restored = new pg.Client({ connectionString: target.url });
    await restored.connect();
    const geo = await restored.query<{ center: string; inside: boolean }>(
      `SELECT ST_AsText(p.center) AS center, ST_Contains(n.boundary, ST_SetSRID(ST_MakePoint(22.95, 40.62), 4326)) AS inside
         FROM consultation.project p JOIN consultation.node n ON n.project = p.token`,
    );
    await restored.end();
    expect(geo.rows).toEqual([{ center: 'POINT(22.94 40.63)', inside: true }]);

    for (const [area, entries] of Object.entries(files)) {
      const root = storeEnv('restored')[area === 'public' ? 'STORAGE_DIR' : 'STORAGE_PRIVATE_DIR'];
      expect((await localFileStore(root).list('')).map((f) => f.key).sort()).toEqual(
        Object.keys(entries).sort(),
      );
      for (const [key, data] of Object.entries(entries))
        expect(await readFile(path.join(root, key))).toEqual(Buffer.from(data));
    }
    // The restored schema is at the backup's migrations: nothing is left to apply.
    const { stdout } = await script('migrate.mjs', [], { DATABASE_URL: target.url, AGORA_DATA_DIR: dir });
    expect(stdout).not.toMatch(/applied/);
  });

  it('refuses to restore into a deployment that is not empty, changing nothing', async () => {
    const attempt = script('restore.mjs', ['--from', backupDir], {
      DATABASE_URL: target.url,
      ...storeEnv('again'),
    });
    await expect(attempt).rejects.toMatchObject({
      stderr: expect.stringMatching(/the database is not empty/),
    });
    expect(await localFileStore(storeEnv('again').STORAGE_DIR).list('')).toEqual([]);
    expect(await contents(target.url)).toEqual(before);
  });

  it('refuses a backup whose files do not match its manifest, before changing anything', async () => {
    const fresh = await emptyDatabase();
    try {
      await writeFile(path.join(backupDir, 'files', 'public', 'items', '4b0c.png'), 'not the picture');
      const attempt = script('restore.mjs', ['--from', backupDir], {
        DATABASE_URL: fresh.url,
        ...storeEnv('bad'),
      });
      await expect(attempt).rejects.toMatchObject({
        stderr: expect.stringMatching(/public\/items\/4b0c\.png is missing or does not match the manifest/),
      });
      expect(await contents(fresh.url)).toEqual({});
    } finally {
      await fresh.drop();
    }
  });
});
