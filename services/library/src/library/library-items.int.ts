import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import sharp from 'sharp';
import request from 'supertest';
import {
  filesUnder,
  libraryTestFolder,
  testUser,
  type LibraryTestFolder,
} from '../../test/library-test-bed.js';
import { makeImage, makePdf } from '@agora/common/uploads/fixtures';

describe('library items (uploads by content)', () => {
  let folder: LibraryTestFolder;
  let svc: TestService;
  let dir: string;
  let png: Buffer;

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-library-items-');
    ({ svc, root: dir } = await folder.boot('items'));
    png = await makeImage('png', 1200, 800);
  });
  afterAll(() => folder?.close());

  const http = () => request(svc.app.getHttpServer());
  const as = (who: SessionUser | null) => svc.identity(who);
  const ed = () => as(testUser('editor'));
  const count = async () =>
    Number((await svc.db.query('SELECT count(*)::int AS n FROM library.library_item'))[0].n);

  const upload = (fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) => {
    const req = http().post('/library').set(IDENTITY_HEADER, ed());
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    if (file) req.attach('resource', file.data, { filename: file.name, contentType: file.type });
    return req;
  };

  it('uploads an image: stored without metadata, with a webp thumbnail, answered as a LibraryItem', async () => {
    const jpeg = await makeImage('jpeg', 1000, 500, { exif: true });
    const res = await upload(
      {
        title: 'Πλατεία',
        tags: '["πλατεία","square"]',
        alt_text: 'alt',
        description: 'd',
        tooltip: 't',
        documentation: 'https://example.org/x',
      },
      { data: jpeg, name: 'photo.jpg', type: 'image/jpeg' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Πλατεία',
      tags: ['πλατεία', 'square'],
      tooltip: 't',
      description: 'd',
      documentation: 'https://example.org/x',
      alt_text: 'alt',
      resource: expect.stringMatching(/^\/api\/library\/files\/items\/[0-9a-f-]+\.jpg$/),
      thumbnail: expect.stringMatching(/^\/api\/library\/files\/thumbs\/[0-9a-f-]+\.webp$/),
      width: 1000,
      height: 500,
      mime: 'image/jpeg',
      owner: testUser('editor').uuid,
      can_edit: true,
      can_delete: true,
      created: expect.any(String),
    });
    const original = await http()
      .get(res.body.resource.replace('/api', ''))
      .set(IDENTITY_HEADER, as(null))
      .buffer(true);
    expect(original.status).toBe(200);
    expect(original.body.includes(Buffer.from('secret-owner'))).toBe(false);
    const thumb = await http()
      .get(res.body.thumbnail.replace('/api', ''))
      .set(IDENTITY_HEADER, as(null))
      .buffer(true);
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(480);
  });

  it.each([
    ['text renamed .png, declared image/png', Buffer.from('just text, honestly'), 'a.png', 'image/png'],
    ['a PDF renamed .jpg', makePdf(), 'a.jpg', 'image/jpeg'],
    [
      'an SVG (script carrier) declared image/png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.png',
      'image/png',
    ],
  ])('refuses %s with 415 {"Error":"not an image"} and writes nothing', async (_what, data, name, type) => {
    const before = await filesUnder(dir);
    const n = await count();
    const res = await upload({ title: 'x' }, { data, name, type });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ Error: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' });
    expect(await count()).toBe(n);
    expect(await filesUnder(dir)).toEqual(before);
  });

  it('accepts an image whatever its name and declared type (content decides)', async () => {
    const res = await upload({ title: 'named wrong' }, { data: png, name: 'notes.txt', type: 'text/plain' });
    expect(res.status).toBe(200);
    expect(res.body.mime).toBe('image/png');
    expect(res.body.resource).toMatch(/\.png$/);
  });

  it('refuses missing or invalid fields with 400 {"Error"} and writes nothing', async () => {
    const before = await filesUnder(dir);
    const n = await count();
    const cases: Array<[Record<string, string>, boolean, string]> = [
      [{}, true, 'title: This value is required.'],
      [{ title: 'x'.repeat(201) }, true, 'title: Maximum size is 200.'],
      [
        { title: 'x', documentation: 'javascript:alert(1)' },
        true,
        'documentation: the documentation link must start with http:// or https://',
      ],
      [{ title: 'x', tags: 'not json' }, true, 'tags: invalid JSON list'],
      [{ title: 'x' }, false, 'resource: This value is required.'],
      [{ title: 'x', role: 'admin' }, true, 'property role should not exist'],
    ];
    for (const [fields, withFile, message] of cases) {
      const res = await upload(
        fields,
        withFile ? { data: png, name: 'a.png', type: 'image/png' } : undefined,
      );
      expect(res.status).toBe(400);
      expect(res.body.Error).toBe(message);
    }
    expect(await count()).toBe(n);
    expect(await filesUnder(dir)).toEqual(before);
  });

  it('removes the written files when the database write fails', async () => {
    const before = await filesUnder(dir);
    await svc.db.query(`ALTER TABLE library.library_item ADD CONSTRAINT no_boom CHECK (title <> 'boom')`);
    try {
      const res = await upload({ title: 'boom' }, { data: png, name: 'a.png', type: 'image/png' });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await svc.db.query('ALTER TABLE library.library_item DROP CONSTRAINT no_boom');
    }
    expect(await filesUnder(dir)).toEqual(before);
  });

  it('refuses files above 20 MB with 413', async () => {
    const res = await upload(
      { title: 'big' },
      { data: Buffer.alloc(21 * 1024 * 1024, 1), name: 'a.png', type: 'image/png' },
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ Error: 'the file is larger than 20 MB', code: 'LIBRARY.TOO_LARGE' });
  });

  it('refuses a file in another part, or a second image, with 400 REQUEST.FILE and stores nothing', async () => {
    const before = await count();
    const other = await http()
      .post('/library')
      .set(IDENTITY_HEADER, ed())
      .field('title', 'x')
      .attach('image', png, { filename: 'a.png', contentType: 'image/png' });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      Error: 'image: files are not accepted here',
      code: 'REQUEST.FILE',
      field: 'image',
    });
    const two = await upload({ title: 'x' }, { data: png, name: 'a.png', type: 'image/png' }).attach(
      'resource',
      png,
      { filename: 'b.png', contentType: 'image/png' },
    );
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ code: 'REQUEST.FILE', field: 'resource' });
    expect(await count()).toBe(before);
  });

  it('updates changed fields (PUT and POST with _method=PUT), replaces the image and removes the old files', async () => {
    const created = (
      await upload({ title: 'old', tags: '["a"]' }, { data: png, name: 'a.png', type: 'image/png' })
    ).body;
    const put = await http()
      .put(`/library/uuid/${created.uuid}`)
      .set(IDENTITY_HEADER, ed())
      .field('title', 'new');
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'new', tags: ['a'], resource: created.resource });

    const webp = await makeImage('webp', 300, 200);
    const post = await http()
      .post(`/library/uuid/${created.uuid}`)
      .set(IDENTITY_HEADER, ed())
      .field('_method', 'PUT')
      .field('tags', '["b","c"]')
      .attach('resource', webp, { filename: 'b.webp', contentType: 'image/webp' });
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({
      title: 'new',
      tags: ['b', 'c'],
      mime: 'image/webp',
      width: 300,
      height: 200,
    });
    const files = await filesUnder(dir);
    expect(files).not.toContain(created.resource.replace('/api/library/files/', ''));
    expect(files).toContain(post.body.resource.replace('/api/library/files/', ''));

    const bad = await http()
      .put(`/library/uuid/${created.uuid}`)
      .set(IDENTITY_HEADER, ed())
      .attach('resource', Buffer.from('nope'), { filename: 'x.png', contentType: 'image/png' });
    expect(bad.status).toBe(415);
    const noMethod = await http()
      .post(`/library/uuid/${created.uuid}`)
      .set(IDENTITY_HEADER, ed())
      .field('title', 'x');
    expect(noMethod.status).toBe(400);

    const del = await http().delete(`/library/uuid/${created.uuid}`).set(IDENTITY_HEADER, ed());
    expect(del.body).toEqual({ message: 'data deleted' });
    expect(await filesUnder(dir)).not.toContain(post.body.resource.replace('/api/library/files/', ''));
    expect((await http().delete(`/library/uuid/${created.uuid}`).set(IDENTITY_HEADER, ed())).status).toBe(
      404,
    );
    expect((await http().delete('/library/uuid/..%2F..%2Fetc').set(IDENTITY_HEADER, ed())).status).toBe(400);
  });

  it('filters by tags, autocompletes at most 8 tags, lists recent items and items by uuid', async () => {
    await svc.db.query(`DELETE FROM library.library_item`);
    await svc.db.query(`
      INSERT INTO library.library_item (title, tags, resource_key, mime, width, height, created)
      SELECT 'i' || i, ARRAY['tag' || (i % 10), CASE WHEN i % 2 = 0 THEN 'even' ELSE 'odd' END, 'Πάρκο'],
             'items/' || i || '.png', 'image/png', 10, 10, '2026-01-01'::timestamptz + i * interval '1 minute'
      FROM generate_series(1, 40) AS i`);
    const even = await http().get('/library/page/1/taglist/even;tag2').set(IDENTITY_HEADER, ed());
    expect(even.body.total).toBe(4);
    expect(even.body.values.map((v: { title: string }) => v.title)).toEqual(['i32', 'i22', 'i12', 'i2']);

    const ac = await http().get('/library/autocomplete/tags/query/TAG').set(IDENTITY_HEADER, ed());
    expect(ac.body).toHaveLength(8);
    expect(ac.body[0]).toBe('tag0');
    const ex = await http()
      .get('/library/autocomplete/tags/query/ta/tags/tag0;tag1')
      .set(IDENTITY_HEADER, ed());
    expect(ex.body).not.toContain('tag0');
    expect(
      (
        await http()
          .get(`/library/autocomplete/tags/query/${encodeURIComponent('άρκ')}`)
          .set(IDENTITY_HEADER, ed())
      ).body,
    ).toEqual(['Πάρκο']);
    expect(
      (await http().get('/library/autocomplete/tags/query/%25').set(IDENTITY_HEADER, ed())).body,
    ).toEqual([]);

    const recent = await http()
      .get('/library/limit/5/sort/created/sort_method/DESC')
      .set(IDENTITY_HEADER, ed());
    expect(recent.body.values.map((v: { title: string }) => v.title)).toEqual([
      'i40',
      'i39',
      'i38',
      'i37',
      'i36',
    ]);
    const recentOdd = await http()
      .get('/library/limit/5/taglist/odd/sort/created/sort_method/DESC')
      .set(IDENTITY_HEADER, ed());
    expect(recentOdd.body.values.map((v: { title: string }) => v.title)).toEqual([
      'i39',
      'i37',
      'i35',
      'i33',
      'i31',
    ]);
    expect(
      (await http().get('/library/limit/0/sort/created/sort_method/DESC').set(IDENTITY_HEADER, ed())).status,
    ).toBe(400);

    const [a, b] = recent.body.values;
    const unknown = '6f1d2c1e-8a4b-4d57-9a43-2f0a3f3c9b10';
    const byIds = await http().get(`/library/uuid/${b.uuid};${unknown};${a.uuid}`).set(IDENTITY_HEADER, ed());
    expect(byIds.body.map((v: { title: string }) => v.title)).toEqual(['i39', 'i40']);
    expect((await http().get('/library/uuid/abc').set(IDENTITY_HEADER, ed())).status).toBe(400);
  });

  describe('roles', () => {
    const id = '6f1d2c1e-8a4b-4d57-9a43-2f0a3f3c9b10';
    const routes: Array<['get' | 'post' | 'put' | 'delete', string]> = [
      ['get', '/library'],
      ['get', '/library/page/1/taglist/a'],
      ['get', '/library/autocomplete/tags/query/a'],
      ['get', '/library/limit/5/sort/created/sort_method/DESC'],
      ['post', '/library'],
      ['put', `/library/uuid/${id}`],
      ['post', `/library/uuid/${id}`],
      ['delete', `/library/uuid/${id}`],
      ['post', '/admin/public_upload/path/editor'],
    ];
    it.each(routes)('%s %s: anonymous 401, authorized 403, editor passes', async (method, url) => {
      const call = (who: string) => http()[method](url).set(IDENTITY_HEADER, who);
      expect((await call(as(null))).status).toBe(401);
      const denied = await call(as(testUser('authorized')));
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ Error: 'action denied', code: 'AUTH.FORBIDDEN' });
      const allowed = await call(ed());
      expect([401, 403]).not.toContain(allowed.status);
      expect(allowed.status).toBeLessThan(500);
    });

    it('lets any logged-in user read items by uuid (the answer form offers them), not anonymous visitors', async () => {
      const url = `/library/uuid/${id}`;
      expect((await http().get(url).set(IDENTITY_HEADER, as(null))).status).toBe(401);
      const read = await http()
        .get(url)
        .set(IDENTITY_HEADER, as(testUser('authorized')));
      expect(read.status).toBe(200);
      expect(read.body).toEqual([]);
    });
  });

  it('uploads editor images by content and answers {url}', async () => {
    const res = await http()
      .post('/admin/public_upload/path/editor')
      .set(IDENTITY_HEADER, ed())
      .attach('file', await makeImage('gif', 50, 50), { filename: 'x.gif', contentType: 'image/gif' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: expect.stringMatching(/^\/api\/library\/files\/editor\/[0-9a-f-]+\.gif$/),
    });
    const bad = await http()
      .post('/admin/public_upload/path/editor')
      .set(IDENTITY_HEADER, ed())
      .attach('file', Buffer.from('<html>'), { filename: 'x.png', contentType: 'image/png' });
    expect(bad.status).toBe(415);
    expect(bad.body).toEqual({ Error: 'not an image', code: 'LIBRARY.NOT_AN_IMAGE' });
  });
});
