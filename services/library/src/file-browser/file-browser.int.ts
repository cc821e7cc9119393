import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import { FileBrowserListingAnswer } from '@agora/contracts/api';
import request from 'supertest';
import { fileSnapshot, pdfBytes, pngBytes } from '../../test/backup-test-helpers.js';
import {
  libraryTestFolder,
  testUser,
  type LibraryNode,
  type LibraryTestFolder,
} from '../../test/library-test-bed.js';

describe('file browser', () => {
  let folder: LibraryTestFolder;
  let base: string;
  let node: LibraryNode;

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-fb-');
    base = folder.base;
    node = await folder.boot('fb');
    await mkdir(path.join(node.root, 'items'), { recursive: true });
    await writeFile(path.join(node.root, 'items', 'a.png'), pngBytes(100));
    await writeFile(path.join(node.root, 'items', 'doc.pdf'), pdfBytes());
    await writeFile(path.join(node.root, 'notes.txt'), 'notes');
    await writeFile(path.join(base, 'secret.txt'), 'secret');
    await symlink('/etc', path.join(node.root, 'etc-link'));
    await symlink(path.join(base, 'secret.txt'), path.join(node.root, 'items', 'secret.png'));
  });
  afterAll(() => folder?.close());

  const as = (who: SessionUser | null) => ({
    get: (q: string) =>
      request(node.svc.app.getHttpServer()).get(`/?${q}`).set(IDENTITY_HEADER, node.svc.identity(who)),
    del: (body: unknown) =>
      request(node.svc.app.getHttpServer())
        .delete('/?action=fileBrowser')
        .set(IDENTITY_HEADER, node.svc.identity(who))
        .send(body as object),
  });
  const admin = as(testUser('admin'));

  it('lists the storage root and a folder, with a breadcrumb; links are never shown', async () => {
    const root = await admin.get('action=fileBrowser&dir=');
    expect(root.status).toBe(200);
    expect(root.body).toEqual({
      content: [
        { name: 'items', type: 'dir', size: 0, modified: expect.any(String), path: 'items' },
        { name: 'notes.txt', type: 'file', size: 5, modified: expect.any(String), path: 'notes.txt' },
      ],
      breadcrumb: [{ name: '/', path: '' }],
    });
    const items = await admin.get('action=fileBrowser&dir=items');
    expect(items.body.content.map((e: { path: string }) => e.path)).toEqual(['items/a.png', 'items/doc.pdf']);
    expect(items.body.breadcrumb).toEqual([
      { name: '/', path: '' },
      { name: 'items', path: 'items' },
    ]);
    // the route also sends files, so its answers are not checked by the harness: the listing is checked here
    for (const listing of [root.body, items.body])
      expect(FileBrowserListingAnswer.safeParse(listing).error).toBeUndefined();
  });

  it('downloads files: images and pdf inline, others as attachments', async () => {
    const png = await admin.get('action=fileBrowser&download=items/a.png');
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('inline; filename="a.png"');
    const pdf = await admin.get('action=fileBrowser&download=items%2Fdoc.pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="doc.pdf"');
    const txt = await admin.get('action=fileBrowser&download=notes.txt');
    expect(txt.headers['content-disposition']).toBe('attachment; filename="notes.txt"');
  });

  it.each([
    'dir=../../etc',
    'dir=..%2F..%2Fetc',
    'dir=%2e%2e%2f%2e%2e%2fetc',
    'dir=items%5c..%5c..',
    'download=../secret.txt',
    'download=..%2F..%2Fsecret.txt',
    'download=%2Fetc%2Fpasswd/../../x',
  ])('refuses %s with 400 {"Error"}', async (q) => {
    const res = await admin.get(`action=fileBrowser&${q}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Error: 'invalid path', code: 'FILE_BROWSER.INVALID_PATH' });
  });

  it('refuses a path sent twice (a list) with the same 400', async () => {
    const res = await admin.get('action=fileBrowser&dir=items&dir=x');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      Error: 'invalid path',
      code: 'FILE_BROWSER.INVALID_PATH',
      field: 'dir',
    });
  });

  it('refuses a dir with a NUL character before it reaches the storage', async () => {
    const res = await admin.get('action=fileBrowser&dir=items%00');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Error: 'invalid character in the request', code: 'REQUEST.INVALID' });
  });

  it.each([
    'dir=/etc',
    'dir=etc-link',
    'download=/etc/passwd',
    'download=etc-link/passwd',
    'download=items/secret.png',
    'dir=none',
    'download=items',
  ])('never reaches outside the storage: %s is 404', async (q) => {
    const res = await admin.get(`action=fileBrowser&${q}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ Error: 'not found', code: 'FILE_BROWSER.NOT_FOUND' });
  });

  it('deletes a file, never outside the storage or through a link', async () => {
    for (const [p, status] of [
      ['../secret.txt', 400],
      ['/etc/passwd', 404],
      [`${base}/secret.txt`, 404],
      ['items/secret.png', 404],
      ['etc-link/hostname', 404],
      ['items', 404],
    ] as const) {
      const res = await admin.del({ path: p });
      expect([p, res.status]).toEqual([p, status]);
    }
    expect(await readFile(path.join(base, 'secret.txt'), 'utf8')).toBe('secret');
    const ok = await admin.del({ path: 'notes.txt' });
    expect(ok.body).toEqual({ message: 'data deleted' });
    expect(Object.keys(await fileSnapshot(node.root))).toEqual([
      'etc-link',
      'items/a.png',
      'items/doc.pdf',
      'items/secret.png',
    ]);
  });

  it('is for admins only', async () => {
    expect((await as(null).get('action=fileBrowser&dir=')).status).toBe(401);
    expect((await as(testUser('editor')).get('action=fileBrowser&dir=')).status).toBe(403);
    expect((await as(testUser('editor')).del({ path: 'items/a.png' })).status).toBe(403);
  });
});
