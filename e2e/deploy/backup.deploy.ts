// The backup image as the backup CronJob and the restore Job run it: `localhost/agora/backup:<tag>` (scripts/test.sh
// builds it, tag `test`; AGORA_IMAGE_TAG picks another) started with podman as uid 1000 on a read-only root file
// system with a tmpfs /tmp, the file store mounted read-only for the backup, against a fresh database holding rows
// in every service's schema (PostGIS geometry too) and a file store with files in both areas. The backup folder it
// writes is restored with the same image into a new database without PostGIS and empty folders: the same tables,
// row counts and row checksums, and the same files byte for byte. A second restore into the now full target is
// refused.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, testServerUrl, type TestDatabase } from '@agora/common/testing';
import { tableDigests as contents } from '../../scripts/lib/backup.mjs';
import { podmanEnv } from '../../scripts/lib/podman.mjs';

const IMAGE = `localhost/agora/backup:${process.env.AGORA_IMAGE_TAG || 'test'}`;

/** The files below `dir`, by their path relative to it, with their bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const file = path.join(e.parentPath, e.name);
      out.set(path.relative(dir, file), await readFile(file));
    }
  return out;
}

/** Runs the image once as the manifests do; answers its exit code and output. */
function runImage(
  command: string[],
  env: Record<string, string>,
  mounts: Array<[string, string, 'ro' | 'rw']>,
): { code: number | null; output: string } {
  const r = spawnSync(
    'podman',
    [
      'run',
      '--rm',
      '--network',
      'host',
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--cap-drop',
      'ALL',
      '--security-opt',
      'no-new-privileges',
      ...mounts.flatMap(([host, inside, mode]) => ['-v', `${host}:${inside}:${mode}`]),
      ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      IMAGE,
      ...command,
    ],
    { env: podmanEnv(), encoding: 'utf8', timeout: 120_000 },
  );
  return { code: r.status, output: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ''}` };
}

describe('the backup image: a backup and its restore with pg_dump and pg_restore in the container', () => {
  let dir: string;
  let source: TestDatabase;
  const target = {
    name: `agora_deploy_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`,
    url: '',
  };
  const site = () => path.join(dir, 'site');
  const restored = () => path.join(dir, 'restored');
  const backups = () => path.join(dir, 'backups');
  const files = {
    'library/items/4b0c.png': randomBytes(80_000),
    'library/thumbs/4b0c.png': randomBytes(2_000),
    'library/demo/lefkos-pyrgos.txt': Buffer.from('Θεσσαλονίκη\n'),
    'library-private/backups/library-1.tar.gz': randomBytes(5_000),
    'library-private/answers/9/file.pdf': randomBytes(1),
  };
  let backupName = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agora-backup-image-'));
    // the container's user (1000) writes the backups and the restored files
    for (const d of [
      backups(),
      path.join(restored(), 'library'),
      path.join(restored(), 'library-private'),
      path.join(dir, 'unused'),
    ]) {
      await mkdir(d, { recursive: true });
      await chmod(d, 0o777);
    }
    await chmod(restored(), 0o777);
    for (const [key, data] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(site(), key)), { recursive: true });
      await writeFile(path.join(site(), key), data);
    }
    source = await createTestDatabase('agora_deploy_backup');
    await source.query(`
      CREATE SCHEMA accounts; CREATE SCHEMA library; CREATE SCHEMA consultation; CREATE SCHEMA mailing;
      CREATE TABLE accounts."user" (id serial PRIMARY KEY, username text UNIQUE NOT NULL, created timestamptz NOT NULL);
      CREATE TABLE library.library_item (uuid uuid PRIMARY KEY, title text, resource_key text, tags text[]);
      CREATE TABLE consultation.answer (id bigserial PRIMARY KEY, author int, geom geometry(Point, 4326), value jsonb);
      CREATE TABLE mailing.mail (id serial PRIMARY KEY, recipient text, body text);
      INSERT INTO accounts."user" (username, created)
        SELECT 'citizen' || lpad(i::text, 3, '0'), '2026-12-01T10:00:00Z'::timestamptz + i * interval '1 minute'
        FROM generate_series(1, 40) i;
      INSERT INTO library.library_item VALUES
        ('9f1c1e5e-1c1a-4a59-8c52-1c6b0d6d4b0c', 'Λευκός Πύργος', 'items/4b0c.png', '{sea,tower}');
      INSERT INTO consultation.answer (author, geom, value)
        SELECT i % 40 + 1, ST_SetSRID(ST_MakePoint(22.94 + i / 1e4, 40.63 + i / 1e4), 4326),
               jsonb_build_object('rating', i % 5, 'note', 'σχόλιο ' || i)
        FROM generate_series(1, 300) i;
      INSERT INTO mailing.mail (recipient, body) VALUES ('maria@example.org', 'Καλωσήρθατε');
    `);
    const admin = new pg.Client({ connectionString: testServerUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${target.name}"`); // empty: not even PostGIS
    await admin.end();
    const url = new URL(testServerUrl());
    url.pathname = `/${target.name}`;
    target.url = url.toString();
  }, 60_000);

  afterAll(async () => {
    await source?.drop();
    const admin = new pg.Client({ connectionString: testServerUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${target.name}" WITH (FORCE)`);
    await admin.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is built to run as uid 1000 with the PostgreSQL client of the server', () => {
    const r = spawnSync('podman', ['image', 'inspect', '--format', '{{.Config.User}}', IMAGE], {
      env: podmanEnv(),
      encoding: 'utf8',
    });
    expect(r.stdout.trim()).toBe('1000:1000');
    const version = runImage(['pg_dump', '--version'], {}, []);
    expect(version.output).toMatch(/^pg_dump \(PostgreSQL\) 15\./);
  });

  it('backs up the schemas and both areas of the file store, the store mounted read-only', () => {
    const { code, output } = runImage(
      ['node', 'scripts/backup.mjs'],
      { DATABASE_URL: source.url, BACKUP_KEEP: '3' },
      [
        [site(), '/var/lib/agora/files', 'ro'],
        [backups(), '/var/backups/agora', 'rw'],
      ],
    );
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('backup written') });
    const written = /backup written: \/var\/backups\/agora\/(agora-backup-\d{8}T\d{6}Z) \((\d+) files\)/.exec(
      output,
    );
    expect(written?.[2]).toBe(String(Object.keys(files).length));
    backupName = written![1]!;
  });

  it('restores into a new database without PostGIS and empty folders: the same rows and the same files', async () => {
    const { code, output } = runImage(
      ['node', 'scripts/restore.mjs'],
      { DATABASE_URL: target.url, RESTORE_FROM: `/var/backups/agora/${backupName}` },
      [
        [restored(), '/var/lib/agora/files', 'rw'],
        [backups(), '/var/backups/agora', 'ro'],
      ],
    );
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('restored the backup') });
    const [before, after] = [await contents(source.url), await contents(target.url)];
    expect(Object.keys(after)).toEqual([
      'accounts."user"',
      'consultation.answer',
      'library.library_item',
      'mailing.mail',
    ]);
    expect(after['consultation.answer']).toMatch(/^300 rows /);
    expect(after).toEqual(before);
    // the sequences go on where they were
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const next = await client
      .query<{ id: number }>(`SELECT nextval('accounts.user_id_seq')::int AS id`)
      .finally(() => client.end());
    expect(next.rows[0]?.id).toBe(41);
    const [had, got] = [await filesOf(site()), await filesOf(restored())];
    expect([...got.keys()].sort()).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of had)
      expect({ key, same: got.get(key)?.equals(bytes) }).toEqual({ key, same: true });
  });

  it('refuses to restore into a database that is not empty, changing nothing', async () => {
    const before = await contents(target.url);
    const { code, output } = runImage(
      ['node', 'scripts/restore.mjs', '--from', `/var/backups/agora/${backupName}`],
      { DATABASE_URL: target.url },
      [
        [path.join(dir, 'unused'), '/var/lib/agora/files', 'rw'],
        [backups(), '/var/backups/agora', 'ro'],
      ],
    );
    expect(code).toBe(1);
    expect(output).toContain('the database is not empty');
    expect(await contents(target.url)).toEqual(before);
  });
});
