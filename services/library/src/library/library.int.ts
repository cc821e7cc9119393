import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import request from 'supertest';
import { libraryTestFolder, testUser, type LibraryTestFolder } from '../../test/library-test-bed.js';

describe('GET /library', () => {
  let folder: LibraryTestFolder;
  let svc: TestService;

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-library-');
    ({ svc } = await folder.boot('library'));
  });
  afterAll(() => folder?.close());

  const get = (url: string, who: SessionUser | null | 'none') => {
    const req = request(svc.app.getHttpServer()).get(url);
    return who === 'none' ? req : req.set(IDENTITY_HEADER, svc.identity(who));
  };

  it('refuses a request without a signed identity with 401 {"Error"}', async () => {
    const res = await get('/library', 'none');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ Error: 'missing or invalid identity', code: 'AUTH.IDENTITY' });
    const forged = await request(svc.app.getHttpServer()).get('/library').set(IDENTITY_HEADER, 'e30.forged');
    expect(forged.status).toBe(401);
  });

  it('answers 401 to anonymous visitors and 403 below the editor role', async () => {
    const anonymous = await get('/library', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.Error).toEqual(expect.any(String));
    for (const role of ['reviewer', 'authorized', 'guest'] as const) {
      const res = await get('/library', testUser(role));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ Error: 'action denied', code: 'AUTH.FORBIDDEN' });
    }
  });

  it('answers an empty first page to editors and admins', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const res = await get('/library', testUser(role));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ values: [], page: 1, total_pages: 1, total: 0 });
    }
  });

  it('pages items newest first, in the exact response shape', async () => {
    await svc.db.query(`
        INSERT INTO library.library_item (title, tags, resource_key, mime, width, height, thumbnail_key, created)
        SELECT 'Εικόνα ' || i, ARRAY['tag' || (i % 3), 'κοινό'], 'items/' || i || '.png', 'image/png', 640, 480,
               CASE WHEN i = 25 THEN 'thumbs/25.png' END, '2026-01-01T00:00:00Z'::timestamptz + i * interval '1 hour'
        FROM generate_series(1, 25) AS i`);
    const first = await get('/library/page/1', testUser('editor'));
    expect(first.status).toBe(200);
    expect(first.body.page).toBe(1);
    expect(first.body.total_pages).toBe(2);
    expect(first.body.total).toBe(25);
    expect(first.body.values).toHaveLength(20);
    expect(first.body.values[0]).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Εικόνα 25',
      tags: ['tag1', 'κοινό'],
      tooltip: '',
      description: '',
      documentation: '',
      alt_text: '',
      resource: '/api/library/files/items/25.png',
      thumbnail: '/api/library/files/thumbs/25.png',
      width: 640,
      height: 480,
      mime: 'image/png',
      owner: null,
      // an item without an owner: every editor changes it, admins alone delete it
      can_edit: true,
      can_delete: false,
      created: '2026-01-02T01:00:00.000Z',
    });
    expect(first.body.values[1].thumbnail).toBeNull();
    expect(first.body.values.map((v: { title: string }) => v.title).slice(0, 3)).toEqual([
      'Εικόνα 25',
      'Εικόνα 24',
      'Εικόνα 23',
    ]);

    // The same page for an admin, who may change and delete every item.
    const plain = await get('/library', testUser('admin'));
    expect(plain.body).toEqual({
      ...first.body,
      values: first.body.values.map((v: object) => ({ ...v, can_edit: true, can_delete: true })),
    });

    const second = await get('/library/page/2', testUser('editor'));
    expect(second.body.values.map((v: { title: string }) => v.title)).toEqual([
      'Εικόνα 5',
      'Εικόνα 4',
      'Εικόνα 3',
      'Εικόνα 2',
      'Εικόνα 1',
    ]);
    const beyond = await get('/library/page/3', testUser('editor'));
    expect(beyond.body).toEqual({ values: [], page: 3, total_pages: 2, total: 25 });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])(
    'answers 400 {"Error"} to page %p, never 500',
    async (page) => {
      const res = await get(`/library/page/${page}`, testUser('editor'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ Error: 'invalid page', code: 'REQUEST.PAGE' });
    },
  );

  it('describes the list in the OpenAPI document', async () => {
    const res = await request(svc.app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/library', '/library/page/{page}']));
    const page = res.body.paths['/library'].get.responses['200'].content['application/json'].schema;
    expect(page.required).toEqual(expect.arrayContaining(['values', 'page', 'total_pages', 'total']));
    expect(page.properties.values.items.required).toEqual(
      expect.arrayContaining(['uuid', 'title', 'tags', 'resource', 'thumbnail', 'created']),
    );
    expect(page.properties.values.items.properties.thumbnail).toMatchObject({
      type: 'string',
      nullable: true,
    });
  });
});
