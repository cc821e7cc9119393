import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import request from 'supertest';
import {
  callAs,
  filesUnder,
  libraryTestFolder,
  testUser,
  type LibraryNode,
  type LibraryTestFolder,
} from '../../test/library-test-bed.js';
import {
  editTarGz,
  fileSnapshot,
  makeTarGz,
  pdfBytes,
  pngBytes,
  readTarGz,
  webpBytes,
  type RawEntry,
} from '../../test/backup-test-helpers.js';
import { sanitizeSvg } from '../uploads/sanitize.js';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { BackupQueue } from './backup-queue.js';
import { BackupWorker } from './backup-worker.js';
import { moveArchivesToPrivate } from './private-archives.js';

const MB = 1024 * 1024;
const EDITOR_IMAGE = 'editor/0b5f3a4e-2d1c-4e8f-9a7b-6c5d4e3f2a1b.png';
const MARKER = 'markers/pin-0a1b2c3d.svg';
const MARKER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="8" fill="#c00"/></svg>';

/** Rewrites the rows of one table of an archive (and their count in the manifest stays right). */
function editRows(
  archive: Buffer,
  table: string,
  edit: (rows: Array<Record<string, unknown>>) => Array<Record<string, unknown>>,
): Promise<Buffer> {
  return editTarGz(archive, (entries) =>
    entries.map((e) => {
      if (e.path !== `${table}.jsonl`) return e;
      const rows = String(e.body)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      return {
        ...e,
        body: Buffer.from(
          edit(rows)
            .map((r) => JSON.stringify(r))
            .join('\n') + '\n',
        ),
      };
    }),
  );
}

/** Small limits, so that the archives that break them stay small. */
const LIMITS = {
  BACKUP_MAX_TOTAL_BYTES: String(4 * MB),
  BACKUP_MAX_ENTRY_BYTES: String(1 * MB),
  BACKUP_MAX_ENTRIES: '200',
  BACKUP_MAX_UPLOAD_BYTES: String(8 * MB),
};

describe('library backups', () => {
  let folder: LibraryTestFolder;
  let base: string;
  let a: LibraryNode;
  let b: LibraryNode;
  const admin = testUser('admin');
  const editor = testUser('editor');

  const call = (svc: TestService, who: SessionUser | null = admin) => callAs(svc, who);

  /** Polls the job until it is no longer running. */
  async function waitJob(svc: TestService, id: string): Promise<Record<string, unknown>> {
    for (;;) {
      const res = await call(svc).get(`/libraryExport/job/${id}`);
      expect(res.status).toBe(200);
      if (res.body.state !== 'running') return res.body as Record<string, unknown>;
      await svc.app.get(BackupQueue).settled(id);
    }
  }

  async function seed(svc: TestService, root: string, n: number): Promise<void> {
    for (let i = 0; i < n; i += 1) {
      const id = randomUUID();
      const resource = `items/${id}.png`;
      const thumb = `items/${id}.thumb.webp`;
      await mkdir(path.join(root, 'items'), { recursive: true });
      await writeFile(path.join(root, resource), pngBytes());
      await writeFile(path.join(root, thumb), webpBytes());
      await svc.db.query(
        `INSERT INTO library.library_item (id, title, tags, resource_key, thumbnail_key, mime, width, height, alt_text)
         VALUES ($1, $2, $3, $4, $5, 'image/png', 10, 20, 'alt')`,
        [id, `item ${i}`, ['park', `t${i}`], resource, thumb],
      );
    }
    await mkdir(path.join(root, 'docs'), { recursive: true });
    await writeFile(path.join(root, 'docs', 'rules.pdf'), pdfBytes());
    await svc.db.query(
      `INSERT INTO library.documentation (uri, title, type, resource_key) VALUES ('rules', 'Rules', 'resource', 'docs/rules.pdf')`,
    );
    // The library folders no row refers to: an image of a rich-text page, a map marker and icons.
    await mkdir(path.join(root, 'editor'), { recursive: true });
    await writeFile(path.join(root, EDITOR_IMAGE), pngBytes());
    await mkdir(path.join(root, 'markers'), { recursive: true });
    await writeFile(path.join(root, MARKER), sanitizeSvg(Buffer.from(MARKER_SVG)));
    // Icons of the consultation structure, uploaded through the library: a raster one and an SVG one.
    await mkdir(path.join(root, 'icons'), { recursive: true });
    await writeFile(path.join(root, 'icons', 'bench-0a1b2c3d.png'), pngBytes());
    await writeFile(path.join(root, 'icons', 'tree-1a2b3c4d.svg'), sanitizeSvg(Buffer.from(MARKER_SVG)));
    await svc.db.query(
      `INSERT INTO library.documentation (uri, title, type, html) VALUES ('about', 'About', 'html', $1)`,
      [`<p>about<img src="/api/files/${EDITOR_IMAGE}" alt="" /></p>`],
    );
    const items = await svc.db.query<{ id: string }>(`SELECT id FROM library.library_item ORDER BY title`);
    await svc.db.query(`INSERT INTO library.library_view (uri, title, items) VALUES ('parks', 'Parks', $1)`, [
      items.map((r) => r.id),
    ]);
  }

  /** Rows of the three tables and the storage's files (without the backups folder). */
  async function snapshot(node: LibraryNode) {
    const rows: Record<string, unknown> = {};
    for (const t of ['library_item', 'documentation', 'library_view']) {
      rows[t] = await node.svc.db.query(`SELECT row_to_json(t)::text AS j FROM library.${t} t ORDER BY id`);
    }
    const files = Object.fromEntries(
      Object.entries(await fileSnapshot(node.root)).filter(([k]) => !k.startsWith('backups/')),
    );
    return { rows, files };
  }

  async function exportNow(svc: TestService): Promise<string> {
    const res = await call(svc).post('/libraryExport');
    expect(res.status).toBe(200);
    const job = await waitJob(svc, res.body.job as string);
    expect(job).toEqual(expect.objectContaining({ state: 'done', progress: 100 }));
    return job.filename as string;
  }

  async function download(svc: TestService, filename: string): Promise<Buffer> {
    const res = await call(svc)
      .get(`/libraryExport/download/${filename}`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return res.body as Buffer;
  }

  async function upload(svc: TestService, archive: Buffer, name = 'backup.tar.gz') {
    return call(svc).put('/libraryExport/scope/restore-from-local-file').attach('archive', archive, name);
  }

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-backups-');
    base = folder.base;
    a = await folder.boot('a', LIMITS);
    b = await folder.boot('b', LIMITS);
    await seed(a.svc, a.root, 3);
  });
  afterAll(() => folder?.close());

  it('is for admins only', async () => {
    expect((await call(a.svc, null).get('/libraryExport')).status).toBe(401);
    expect((await call(a.svc, editor).get('/libraryExport')).status).toBe(403);
    expect((await call(a.svc, editor).post('/libraryExport')).status).toBe(403);
    const res = await call(a.svc, editor).put('/libraryExport/scope/restore-from-api').send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ Error: 'action denied', code: 'AUTH.FORBIDDEN' });
  });

  it('exports the whole library to a .tar.gz, listed and downloadable', async () => {
    const filename = await exportNow(a.svc);
    expect(filename).toMatch(/^library-\d{8}-\d{6}-[0-9a-f]{6}\.tar\.gz$/);
    const list = await call(a.svc).get('/libraryExport');
    expect(list.body).toEqual([
      {
        filename,
        created: expect.any(String),
        size: expect.any(Number),
        items: 3,
        source: 'export',
        restored_date: null,
        api_enabled: false,
        api_client: null,
        api_secret: null,
      },
    ]);
    const archive = await download(a.svc, filename);
    expect(archive.length).toBe(list.body[0].size);
    const entries = await readTarGz(archive);
    expect([...entries.keys()].filter((k) => !k.startsWith('files/'))).toEqual([
      'manifest.json',
      'library_item.jsonl',
      'documentation.jsonl',
      'library_view.jsonl',
    ]);
    expect(JSON.parse(entries.get('manifest.json')!.toString())).toEqual(
      expect.objectContaining({ counts: { library_item: 3, documentation: 2, library_view: 1 }, files: 11 }),
    );
    expect(entries.get('files/docs/rules.pdf')).toEqual(await readFile(path.join(a.root, 'docs/rules.pdf')));
    // the whole library: the rich-text images, the map markers and icons too, never the backups themselves
    expect(entries.get(`files/${EDITOR_IMAGE}`)).toEqual(await readFile(path.join(a.root, EDITOR_IMAGE)));
    expect(entries.get(`files/${MARKER}`)).toEqual(await readFile(path.join(a.root, MARKER)));
    // and the structure's uploaded icons
    for (const icon of ['icons/bench-0a1b2c3d.png', 'icons/tree-1a2b3c4d.svg'])
      expect(entries.get(`files/${icon}`)).toEqual(await readFile(path.join(a.root, icon)));
    expect([...entries.keys()].filter((k) => k.startsWith('files/backups'))).toEqual([]);
    expect(entries.get('library_item.jsonl')!.toString().trim().split('\n')).toHaveLength(3);

    // The archive is in the private storage, never in the public one, and the files route does not serve it.
    expect(await readFile(path.join(`${a.root}-private`, 'backups', filename))).toEqual(archive);
    expect(await filesUnder(path.join(a.root, 'backups'))).toEqual([]);
    for (const who of [null, admin]) {
      const res = await call(a.svc, who).get(`/library/files/backups/${filename}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ Error: 'file not found', code: 'LIBRARY.FILE_NOT_FOUND' });
    }
  });

  it('moves the archives that earlier versions kept in the public storage to the private one at start', async () => {
    const legacy = 'library-20250101-000000-a1b2c3.tar.gz';
    const other = 'upload-20250102-000000-d4e5f6.tar.gz';
    const root = path.join(base, 'legacy', 'storage');
    await mkdir(path.join(root, 'backups'), { recursive: true });
    await writeFile(path.join(root, 'backups', legacy), 'legacy archive');
    await writeFile(path.join(root, 'backups', other), 'another archive');
    // One already copied by an instance that stopped before removing the public one.
    await mkdir(path.join(`${root}-private`, 'backups'), { recursive: true });
    await writeFile(path.join(`${root}-private`, 'backups', other), 'another archive');
    const node = await folder.boot('legacy');
    expect(await filesUnder(path.join(root, 'backups'))).toEqual([]);
    expect(await filesUnder(path.join(`${root}-private`, 'backups'))).toEqual([legacy, other]);
    await node.svc.db.query(
      `INSERT INTO library.backup (filename, size, items, source) VALUES ($1, 14, 0, 'export')`,
      [legacy],
    );
    expect((await download(node.svc, legacy)).toString()).toBe('legacy archive');
    expect((await call(node.svc, null).get(`/library/files/backups/${legacy}`)).status).toBe(404);
    // Idempotent: a second run moves nothing and changes nothing.
    const storage = node.svc.app.get<FileStorage>(FILE_STORAGE);
    const privateStorage = node.svc.app.get<FileStorage>(PRIVATE_FILE_STORAGE);
    expect(await moveArchivesToPrivate(storage, privateStorage)).toBe(0);
    expect(await filesUnder(path.join(`${root}-private`, 'backups'))).toEqual([legacy, other]);
  });

  it('answers 409 while another job runs, and 404/400 for unknown or unsafe backups', async () => {
    // No worker takes jobs for a while: the export waits in the queue.
    const worker = a.svc.app.get(BackupWorker);
    await worker.stop();
    const queued = await call(a.svc).post('/libraryExport');
    expect(queued.status).toBe(200);
    expect((await call(a.svc).get(`/libraryExport/job/${queued.body.job}`)).body).toEqual({
      id: queued.body.job,
      kind: 'export',
      state: 'running',
      progress: 0,
      filename: expect.stringMatching(/^library-.*\.tar\.gz$/),
    });
    const res = await call(a.svc).post('/libraryExport');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('BACKUP.BUSY');
    const uploaded = await upload(a.svc, Buffer.alloc(1024));
    expect(uploaded.status).toBe(409);
    expect(uploaded.body.code).toBe('BACKUP.BUSY');
    worker.start();
    expect(await waitJob(a.svc, queued.body.job as string)).toEqual(
      expect.objectContaining({ state: 'done', progress: 100 }),
    );
    expect((await call(a.svc).get('/libraryExport/download/none.tar.gz')).status).toBe(404);
    expect((await call(a.svc).get('/libraryExport/download/..%2f..%2fetc%2fpasswd')).status).toBe(400);
    expect((await call(a.svc).get(`/libraryExport/job/${randomUUID()}`)).status).toBe(404);
  });

  it('restores from a server file: rows and files exactly as exported, files of newer rows removed', async () => {
    const before = await snapshot(a);
    const filename = await exportNow(a.svc);
    // Change the library: delete an item, add another with its file, edit a view.
    await a.svc.db.query(`DELETE FROM library.library_item WHERE title = 'item 0'`);
    const extra = randomUUID();
    await writeFile(path.join(a.root, 'items', `${extra}.png`), pngBytes());
    await a.svc.db.query(
      `INSERT INTO library.library_item (id, title, resource_key, mime, width, height) VALUES ($1, 'new', $2, 'image/png', 1, 1)`,
      [extra, `items/${extra}.png`],
    );
    await a.svc.db.query(`UPDATE library.library_view SET title = 'changed'`);
    await rm(path.join(a.root, EDITOR_IMAGE));
    await rm(path.join(a.root, MARKER));
    // a stored file changed in place (same size, other bytes) is restored; an identical one is left alone
    const pdf = path.join(a.root, 'docs', 'rules.pdf');
    const original = await readFile(pdf);
    await writeFile(pdf, Buffer.from(original.toString('latin1').replace('test', 'TEST'), 'latin1'));
    const [firstImage] = Object.keys(before.files).filter((k) => k.startsWith('items/'));
    const inode = (await stat(path.join(a.root, firstImage))).ino;
    const res = await call(a.svc).put(`/libraryExport/scope/restore-from-server-file/filename/${filename}`);
    expect(res.status).toBe(200);
    const job = await waitJob(a.svc, res.body.job as string);
    expect(job).toEqual(expect.objectContaining({ state: 'done', progress: 100, filename }));
    expect(await snapshot(a)).toEqual(before);
    expect((await stat(path.join(a.root, firstImage))).ino).toBe(inode);
    const row = (await call(a.svc).get('/libraryExport')).body.find(
      (r: { filename: string }) => r.filename === filename,
    );
    expect(row.restored_date).toEqual(expect.any(String));
  });

  it('restores from an uploaded archive and keeps it as a backup', async () => {
    const before = await snapshot(a);
    const [latest] = (await call(a.svc).get('/libraryExport')).body as Array<{ filename: string }>;
    const archive = await download(a.svc, latest.filename);
    await a.svc.db.query(`DELETE FROM library.library_view`);
    const res = await upload(a.svc, archive);
    expect(res.status).toBe(200);
    const job = await waitJob(a.svc, res.body.job as string);
    expect(job.state).toBe('done');
    expect(await snapshot(a)).toEqual(before);
    const list = (await call(a.svc).get('/libraryExport')).body as Array<{ source: string; items: number }>;
    expect(list.filter((r) => r.source === 'upload')).toEqual([
      expect.objectContaining({ items: 3, restored_date: expect.any(String) }),
    ]);
  });

  it('refuses an upload that is not a .tar.gz or is missing, and one above the size limit with 413', async () => {
    const zip = await upload(a.svc, Buffer.from('x'), 'backup.zip');
    expect([zip.status, zip.body.code]).toEqual([415, 'BACKUP.NOT_TAR_GZ']);
    const none = await call(a.svc).put('/libraryExport/scope/restore-from-local-file').field('x', '1');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('BACKUP.NO_ARCHIVE');
    const big = await upload(a.svc, Buffer.alloc(9 * MB));
    expect(big.status).toBe(413);
    expect(big.body).toEqual(
      expect.objectContaining({ Error: expect.any(String), code: 'REQUEST.TOO_LARGE', field: 'archive' }),
    );
  });

  it('refuses a restore from another server without its parameters, or with others', async () => {
    const restore = (body: object) => call(a.svc).put('/libraryExport/scope/restore-from-api').send(body);
    const missing = await restore({ domain: 'example.org', api_client: 'c' });
    expect([missing.status, missing.body.Error]).toEqual([400, 'missing parameters']);
    const empty = await restore({ domain: 'example.org', api_client: 'c', api_secret: '' });
    expect([empty.status, empty.body.Error]).toEqual([400, 'missing parameters']);
    const other = await restore({ domain: 'example.org', api_client: 'c', api_secret: 's', path: '/' });
    expect([other.status, other.body.Error]).toEqual([400, 'property path should not exist']);
  });

  describe('hostile or broken archives leave the library exactly as it was', () => {
    let good: Buffer;
    let before: Awaited<ReturnType<typeof snapshot>>;
    let backupsBefore: number;

    beforeAll(async () => {
      const [latest] = (await call(a.svc).get('/libraryExport')).body as Array<{ filename: string }>;
      good = await download(a.svc, latest.filename);
      before = await snapshot(a);
      backupsBefore = ((await call(a.svc).get('/libraryExport')).body as unknown[]).length;
    });

    const withEntries = (extra: RawEntry[]) => editTarGz(good, (entries) => [...entries, ...extra]);

    const cases: Array<[string, () => Promise<Buffer>, string, number]> = [
      [
        'a ../ entry',
        () => withEntries([{ path: '../../evil.txt', body: 'evil' }]),
        'BACKUP.UNSAFE_PATH',
        400,
      ],
      [
        'a nested ../ entry',
        () => withEntries([{ path: 'files/../../evil.txt', body: 'e' }]),
        'BACKUP.UNSAFE_PATH',
        400,
      ],
      [
        'an absolute path',
        () => withEntries([{ path: '/tmp/agora-evil.txt', body: 'evil' }]),
        'BACKUP.UNSAFE_PATH',
        400,
      ],
      [
        'a symbolic link',
        () => withEntries([{ path: 'files/items/link.png', type: 'SymbolicLink', linkpath: '/etc/passwd' }]),
        'BACKUP.UNSAFE_ENTRY',
        422,
      ],
      [
        'a hard link',
        () => withEntries([{ path: 'files/items/hard.png', type: 'Link', linkpath: 'manifest.json' }]),
        'BACKUP.UNSAFE_ENTRY',
        422,
      ],
      [
        'a device',
        () => withEntries([{ path: 'files/items/dev', type: 'CharacterDevice' }]),
        'BACKUP.UNSAFE_ENTRY',
        422,
      ],
      [
        'a decompression bomb (a few KB of gzip, more than the total limit unpacked)',
        async () => {
          const bomb = makeTarGz(
            Array.from({ length: 6 }, (_, i) => ({
              path: `files/bomb/${i}.png`,
              body: Buffer.alloc(1000 * 1000),
            })),
          );
          expect(bomb.length).toBeLessThan(20 * 1024);
          return bomb;
        },
        'BACKUP.TOO_LARGE',
        413,
      ],
      [
        'an entry above the per-entry limit',
        () => withEntries([{ path: 'files/items/big.png', body: Buffer.alloc(MB + 1) }]),
        'BACKUP.ENTRY_TOO_LARGE',
        413,
      ],
      [
        'too many entries',
        async () =>
          makeTarGz(
            Array.from({ length: 201 }, (_, i) => ({ path: `files/d${i}`, type: 'Directory' as const })),
          ),
        'BACKUP.TOO_MANY_ENTRIES',
        413,
      ],
      [
        'a missing file',
        () => editTarGz(good, (entries) => entries.filter((e) => !e.path.startsWith('files/docs/'))),
        'BACKUP.MISSING_FILE',
        422,
      ],
      [
        'a corrupt JSON row',
        () =>
          editTarGz(good, (entries) =>
            entries.map((e) =>
              e.path === 'library_view.jsonl' ? { ...e, body: Buffer.from('{"id": "broken\n') } : e,
            ),
          ),
        'BACKUP.INVALID_ROW',
        422,
      ],
      [
        'a row with a hostile storage key',
        () =>
          editTarGz(good, (entries) =>
            entries.map((e) =>
              e.path === 'documentation.jsonl'
                ? { ...e, body: Buffer.from(String(e.body).replace('docs/rules.pdf', '../../etc/passwd')) }
                : e,
            ),
          ),
        'BACKUP.INVALID_ROW',
        422,
      ],
      [
        'an image that is not an image',
        () =>
          editTarGz(good, (entries) => {
            const png = entries.find((e) => e.path.endsWith('.png'))!;
            return entries.map((e) =>
              e === png ? { ...e, body: Buffer.from('<html>not an image</html>') } : e,
            );
          }),
        'BACKUP.INVALID_FILE',
        422,
      ],
      [
        'a view whose uri breaks the uri rule',
        () => editRows(good, 'library_view', (rows) => rows.map((r) => ({ ...r, uri: '../Parks page' }))),
        'BACKUP.INVALID_ROW',
        422,
      ],
      [
        'an item whose documentation link is a javascript: URL',
        () =>
          editRows(good, 'library_item', (rows) =>
            rows.map((r, i) => (i === 0 ? { ...r, documentation: 'javascript:alert(1)' } : r)),
          ),
        'BACKUP.INVALID_ROW',
        422,
      ],
      [
        'a document row pointing into the backups folder',
        () =>
          editRows(good, 'documentation', (rows) =>
            rows.map((r) => (r.resource_key ? { ...r, resource_key: 'backups/library.tar.gz' } : r)),
          ),
        'BACKUP.INVALID_ROW',
        422,
      ],
      [
        'an SVG with a script as a library image',
        async () => {
          const archive = await editRows(good, 'library_item', (rows) =>
            rows.map((r, i) => (i === 0 ? { ...r, mime: 'image/svg+xml' } : r)),
          );
          const [first] = String((await readTarGz(good)).get('library_item.jsonl')).split('\n');
          const key = (JSON.parse(first) as { resource_key: string }).resource_key;
          return editTarGz(archive, (entries) =>
            entries.map((e) =>
              e.path === `files/${key}`
                ? { ...e, body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }
                : e,
            ),
          );
        },
        'BACKUP.INVALID_FILE',
        422,
      ],
      [
        'an SVG where the row says PNG',
        () =>
          editTarGz(good, (entries) => {
            const png = entries.find((e) => e.path.startsWith('files/items/') && e.path.endsWith('.png'))!;
            return entries.map((e) => (e === png ? { ...e, body: MARKER_SVG } : e));
          }),
        'BACKUP.INVALID_FILE',
        422,
      ],
      [
        'a marker with an event handler',
        () =>
          withEntries([
            {
              path: 'files/markers/evil-00000000.svg',
              body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>',
            },
          ]),
        'BACKUP.INVALID_FILE',
        422,
      ],
      [
        'an entry that would overwrite a backup',
        () => withEntries([{ path: `files/backups/${'library-20260101-000000-abcdef.tar.gz'}`, body: 'x' }]),
        'BACKUP.UNEXPECTED_ENTRY',
        422,
      ],
      [
        'a missing manifest',
        () => editTarGz(good, (es) => es.filter((e) => e.path !== 'manifest.json')),
        'BACKUP.INVALID_MANIFEST',
        422,
      ],
      ['not a gzip at all', async () => Buffer.from('this is not an archive'), 'BACKUP.CORRUPT', 422],
      ['gzip that is not a tar', async () => gzipSync(Buffer.alloc(4096, 'x')), 'BACKUP.CORRUPT', 422],
      [
        'rows that conflict in the database (after the files were copied in)',
        () =>
          editTarGz(good, (entries) =>
            entries.map((e) => {
              if (e.path !== 'library_item.jsonl') return e;
              const lines = String(e.body).trim().split('\n');
              const copy = {
                ...JSON.parse(lines[0]),
                resource_key: 'items/brand-new.png',
                thumbnail_key: null,
              };
              return { ...e, body: Buffer.from([...lines, JSON.stringify(copy)].join('\n') + '\n') };
            }),
          ).then(async (archive) => {
            // the manifest count must match so that the failure comes from the database
            return editTarGz(archive, (entries) => [
              ...entries.map((e) => {
                if (e.path === 'manifest.json') {
                  const m = JSON.parse(String(e.body));
                  m.counts.library_item += 1;
                  return { ...e, body: Buffer.from(JSON.stringify(m)) };
                }
                if (e.path.endsWith('.png')) return { ...e, body: pngBytes() };
                return e;
              }),
              { path: 'files/items/brand-new.png', body: pngBytes() },
            ]);
          }),
        'BACKUP.CONFLICTING_ROWS',
        422,
      ],
    ];

    it.each(cases)('refuses %s', async (_what, make, code, status) => {
      const res = await upload(a.svc, await make());
      expect(res.status).toBe(200);
      const job = await waitJob(a.svc, res.body.job as string);
      expect(job).toEqual(
        expect.objectContaining({ state: 'failed', code, status, error: expect.any(String) }),
      );
      expect(await snapshot(a)).toEqual(before);
      expect(((await call(a.svc).get('/libraryExport')).body as unknown[]).length).toBe(backupsBefore);
      await expect(readFile(path.join(base, 'evil.txt'))).rejects.toThrow();
      await expect(readFile(path.join(base, 'a', 'evil.txt'))).rejects.toThrow();
      await expect(readFile('/tmp/agora-evil.txt')).rejects.toThrow();
    });
  });

  it('restores only the files that rows and library folders refer to, with the html sanitised', async () => {
    const [latest] = (await call(a.svc).get('/libraryExport')).body as Array<{ filename: string }>;
    const good = await download(a.svc, latest.filename);
    const before = await snapshot(a);
    let shared = '';
    const hostile = await editRows(good, 'documentation', (rows) =>
      rows.map((r) =>
        r.type === 'html'
          ? { ...r, html: '<p onmouseover="steal()">about<script>alert(document.cookie)</script></p>' }
          : r,
      ),
    )
      // every item shares the first one's thumbnail: a key the rows list several times is stored once
      .then((archive) =>
        editRows(archive, 'library_item', (rows) => {
          shared = rows[0].thumbnail_key as string;
          return rows.map((r) => ({ ...r, thumbnail_key: shared }));
        }),
      )
      .then((archive) =>
        editTarGz(archive, (entries) => [
          ...entries,
          // files that no row refers to: a stray image and an SVG outside the markers folder
          { path: 'files/items/planted.png', body: pngBytes() },
          {
            path: 'files/thumbs/planted.svg',
            body: '<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>',
          },
        ]),
      );
    const res = await upload(a.svc, hostile);
    expect(await waitJob(a.svc, res.body.job as string)).toEqual(expect.objectContaining({ state: 'done' }));
    const pages = await a.svc.db.query<{ html: string }>(
      `SELECT html FROM library.documentation WHERE type = 'html'`,
    );
    expect(pages).toEqual([{ html: '<p>about</p>' }]);
    const after = await snapshot(a);
    expect(Object.keys(after.files)).not.toContain('items/planted.png');
    expect(Object.keys(after.files)).not.toContain('thumbs/planted.svg');
    expect(after.files[shared]).toBe(before.files[shared]);
    // the other thumbnails are no row's any more: removed; every other file is as it was
    const kept = Object.fromEntries(
      Object.entries(before.files).filter(([k]) => k === shared || !k.includes('.thumb.')),
    );
    expect(after.files).toEqual(kept);

    // and back to the library as it was
    const again = await upload(a.svc, good);
    expect(await waitJob(a.svc, again.body.job as string)).toEqual(
      expect.objectContaining({ state: 'done' }),
    );
    expect(await snapshot(a)).toEqual(before);
  });

  describe('restore from another server through its API', () => {
    let proxy: http.Server;
    let redirector: http.Server;
    let domain: string;
    let redirecting: string;
    let filename: string;
    /** Requests that reached server A's stand-in gateway. */
    let hits = 0;
    /** A library that allows pulling from `domain` (and from `redirecting`): the admin listed them. */
    let c: LibraryNode;
    const failedRemote = expect.objectContaining({
      state: 'failed',
      code: 'BACKUP.REMOTE_FAILED',
      status: 502,
      error: 'the backup could not be fetched from the other server',
    });

    beforeAll(async () => {
      await a.svc.app.listen(0, '127.0.0.1');
      const target = (a.svc.app.getHttpServer().address() as AddressInfo).port;
      // A stand-in for server A's gateway: strips /api and signs an anonymous identity.
      proxy = http.createServer((req, res) => {
        hits += 1;
        const forward = http.request(
          {
            host: '127.0.0.1',
            port: target,
            method: req.method,
            path: (req.url ?? '').replace(/^\/api/, ''),
            headers: { ...req.headers, [IDENTITY_HEADER]: a.svc.identity(null) },
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        req.pipe(forward);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      domain = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      // An allowed origin that sends every request on to another address.
      redirector = http.createServer((req, res) => {
        res.writeHead(302, { location: `${domain}${req.url ?? '/'}` }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
      redirecting = `http://localhost:${(redirector.address() as AddressInfo).port}`;
      c = await folder.boot('c', { ...LIMITS, BACKUP_REMOTE_ORIGINS: `${domain}, ${redirecting}` });
      filename = await exportNow(a.svc);
    });
    afterAll(async () => {
      await new Promise((resolve) => proxy.close(resolve));
      await new Promise((resolve) => redirector.close(resolve));
    });

    it('pulls the backup with the API key into a fresh library; disabling the key stops it', async () => {
      const enabled = await call(a.svc).put(`/libraryExport/scope/enable-api/filename/${filename}`);
      expect(enabled.status).toBe(200);
      expect(enabled.body).toEqual(
        expect.objectContaining({
          filename,
          api_enabled: true,
          api_client: expect.stringMatching(/^[0-9a-f]{32}$/),
        }),
      );
      const { api_client, api_secret } = enabled.body as { api_client: string; api_secret: string };
      expect(api_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // shown once only
      const listed = (await call(a.svc).get('/libraryExport')).body.find(
        (r: { filename: string }) => r.filename === filename,
      );
      expect(listed).toEqual(expect.objectContaining({ api_enabled: true, api_client, api_secret: null }));
      const stored = await a.svc.db.query<{ api_secret_hash: string }>(
        `SELECT api_secret_hash FROM library.backup WHERE filename = $1`,
        [filename],
      );
      expect(stored[0].api_secret_hash).not.toContain(api_secret);

      // a wrong secret: refused by A, C unchanged, told with the one code and nothing of A's answer
      const emptyC = await snapshot(c);
      const wrong = await call(c.svc)
        .put('/libraryExport/scope/restore-from-api')
        .send({ domain, api_client, api_secret: 'wrong' });
      expect(wrong.status).toBe(200);
      expect(await waitJob(c.svc, wrong.body.job as string)).toEqual(failedRemote);
      expect(await snapshot(c)).toEqual(emptyC);

      const res = await call(c.svc)
        .put('/libraryExport/scope/restore-from-api')
        .send({ domain, api_client, api_secret });
      expect(res.status).toBe(200);
      expect(await waitJob(c.svc, res.body.job as string)).toEqual(
        expect.objectContaining({ state: 'done' }),
      );
      expect(await snapshot(c)).toEqual(await snapshot(a));
      expect((await call(c.svc).get('/libraryExport')).body).toEqual([
        expect.objectContaining({ source: `api:127.0.0.1:${domain.split(':')[2]}`, items: 3 }),
      ]);

      // the pull itself, as the other server sends it
      const direct = await request(a.svc.app.getHttpServer())
        .get(`/libraryExport/api/${api_client}/download`)
        .set(IDENTITY_HEADER, a.svc.identity(null))
        .set('Authorization', `Bearer ${api_secret}`);
      expect(direct.status).toBe(200);
      expect(direct.headers['content-type']).toBe('application/gzip');

      const disabled = await call(a.svc).put(`/libraryExport/scope/disable-api/filename/${filename}`);
      expect(disabled.body).toEqual(
        expect.objectContaining({ api_enabled: false, api_client: null, api_secret: null }),
      );
      const after = await request(a.svc.app.getHttpServer())
        .get(`/libraryExport/api/${api_client}/download`)
        .set(IDENTITY_HEADER, a.svc.identity(null))
        .set('Authorization', `Bearer ${api_secret}`);
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ Error: 'invalid api credentials', code: 'BACKUP.API_DENIED' });
      const again = await call(c.svc)
        .put('/libraryExport/scope/restore-from-api')
        .send({ domain, api_client, api_secret });
      expect(await waitJob(c.svc, again.body.job as string)).toEqual(failedRemote);
    });

    it('refuses an origin the admin did not allow, and non-public addresses, before connecting', async () => {
      const port = domain.split(':')[2];
      const send = (svc: TestService, remote: string) =>
        call(svc)
          .put('/libraryExport/scope/restore-from-api')
          .send({ domain: remote, api_client: 'a'.repeat(32), api_secret: 's' });
      // B allows no origin: plain http to the same loopback server is refused outright,
      const plain = await send(b.svc, domain);
      expect([plain.status, plain.body.code]).toEqual([400, 'BACKUP.INVALID_REMOTE']);
      // and https to loopback, private, link-local (cloud metadata) and unique-local addresses, or names that
      // resolve to them, fails without a connection, with the answer any other failure gets.
      const before = hits;
      for (const remote of [
        `https://127.0.0.1:${port}`,
        `https://localhost:${port}`,
        `https://[::1]:${port}`,
        `https://[::ffff:127.0.0.1]:${port}`,
        'https://169.254.169.254',
        'https://10.0.0.1',
        'https://192.168.1.1',
        'https://[fd00::1]',
      ]) {
        const started = await send(b.svc, remote);
        expect([remote, started.status]).toEqual([remote, 200]);
        expect([remote, await waitJob(b.svc, started.body.job as string)]).toEqual([remote, failedRemote]);
      }
      // An allowed origin is reached, but a redirect elsewhere is not followed.
      const redirected = await send(c.svc, redirecting);
      expect(await waitJob(c.svc, redirected.body.job as string)).toEqual(failedRemote);
      expect(hits).toBe(before);
    });

    it('refuses plain http to a non-loopback host and malformed bodies', async () => {
      const http1 = await call(b.svc)
        .put('/libraryExport/scope/restore-from-api')
        .send({ domain: 'http://agora.example.org', api_client: 'a'.repeat(32), api_secret: 's' });
      expect(http1.status).toBe(400);
      expect(http1.body.code).toBe('BACKUP.INVALID_REMOTE');
      const withPath = await call(b.svc)
        .put('/libraryExport/scope/restore-from-api')
        .send({ domain: 'agora.example.org/evil?x=1', api_client: 'a'.repeat(32), api_secret: 's' });
      expect(withPath.status).toBe(400);
      const missing = await call(b.svc)
        .put('/libraryExport/scope/restore-from-api')
        .send({ domain: 'x.org' });
      expect(missing.status).toBe(400);
    });
  });

  it('deletes a backup and its archive', async () => {
    const [first] = (await call(a.svc).get('/libraryExport')).body as Array<{ filename: string }>;
    const res = await call(a.svc).delete(`/libraryExport/filename/${first.filename}`);
    expect(res.body).toEqual({ message: 'data deleted' });
    expect(await filesUnder(path.join(`${a.root}-private`, 'backups'))).not.toContain(first.filename);
    expect((await call(a.svc).get(`/libraryExport/download/${first.filename}`)).status).toBe(404);
  });
});
