import { IDENTITY_HEADER } from '@agora/contracts';
import { DocumentationHtmlAnswer, LibraryViewPublicAnswer } from '@agora/contracts/api';
import type { TestService } from '@agora/common/testing';
import request from 'supertest';
import {
  filesUnder,
  libraryTestFolder,
  testUser,
  type LibraryTestFolder,
} from '../../test/library-test-bed.js';
import { makeDocx, makeImage, makePdf, makeZip } from '@agora/common/uploads/fixtures';

describe('documentation, library views, markers, validation scopes and public pages', () => {
  let folder: LibraryTestFolder;
  let svc: TestService;
  let dir: string;

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-library-docs-');
    ({ svc, root: dir } = await folder.boot('docs'));
  });
  afterAll(() => folder?.close());

  const http = () => request(svc.app.getHttpServer());
  const ed = () => svc.identity(testUser('editor'));
  const anon = () => svc.identity(null);
  const docCount = async () =>
    (await svc.db.query('SELECT count(*)::int AS n FROM library.documentation'))[0].n;

  it('creates an html page with its body sanitised, and serves it publicly by uri', async () => {
    const res = await http()
      .post('/documentation')
      .set(IDENTITY_HEADER, ed())
      .field('uri', 'help/maps')
      .field('title', 'Χάρτες')
      .field('type', 'html')
      .field(
        'html',
        '<p onclick="steal()">Καλώς <b>ήρθατε</b><script>alert(1)</script><a href="javascript:x()">x</a></p>',
      );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uuid: expect.any(String),
      uri: 'help/maps',
      title: 'Χάρτες',
      comment: '',
      type: 'html',
      html: '<p>Καλώς <b>ήρθατε</b><a>x</a></p>',
      resource: null,
      filename: null,
      owner: testUser('editor').uuid,
      can_edit: true,
      can_delete: true,
      created: expect.any(String),
    });
    const page = await http().get('/?action=documentation&uri=help/maps').set(IDENTITY_HEADER, anon());
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ type: 'html', title: 'Χάρτες', html: '<p>Καλώς <b>ήρθατε</b><a>x</a></p>' });
    // written to the response directly, out of the answer check's sight: checked here
    expect(DocumentationHtmlAnswer.safeParse(page.body).error).toBeUndefined();

    const dup = await http()
      .post('/documentation')
      .set(IDENTITY_HEADER, ed())
      .field('uri', 'help/maps')
      .field('title', 'x')
      .field('type', 'html');
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ Error: 'uri: This value already exists!', code: 'LIBRARY.EXISTS' });
    expect(
      (
        await http()
          .get('/checkIfExists/scope/documentation/field/uri/value/help%2Fmaps')
          .set(IDENTITY_HEADER, anon())
      ).body,
    ).toBe(true);
    expect(
      (
        await http()
          .get('/checkIfExists/scope/documentation/field/uri/value/nope')
          .set(IDENTITY_HEADER, anon())
      ).body,
    ).toBe(false);

    const typeChange = await http()
      .put(`/documentation/uuid/${res.body.uuid}`)
      .set(IDENTITY_HEADER, ed())
      .field('type', 'resource');
    expect(typeChange.status).toBe(400);
    const put = await http()
      .post(`/documentation/uuid/${res.body.uuid}`)
      .set(IDENTITY_HEADER, ed())
      .field('_method', 'PUT')
      .field('html', '<h2>New</h2><img src=x onerror=alert(1)>');
    expect(put.status).toBe(200);
    expect(put.body.html).toBe('<h2>New</h2><img src="x" />');
  });

  it('creates a resource page from a real PDF and downloads it named after the last uri segment', async () => {
    const pdf = makePdf();
    const res = await http()
      .post('/documentation')
      .set(IDENTITY_HEADER, ed())
      .field('uri', 'guides/participation-guide')
      .field('title', 'Οδηγός')
      .field('type', 'resource')
      .attach('resource', pdf, { filename: 'Οδηγός v2.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'resource',
      html: null,
      filename: 'Οδηγός v2.pdf',
      resource: expect.stringMatching(/^\/api\/library\/files\/documentation\/.+\.pdf$/),
    });
    const dl = await http()
      .get('/?action=documentation&uri=guides/participation-guide')
      .set(IDENTITY_HEADER, anon())
      .buffer(true);
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('attachment; filename="participation-guide.pdf"');
    expect(Buffer.compare(dl.body as Buffer, pdf)).toBe(0);

    const docx = await http()
      .post('/documentation')
      .set(IDENTITY_HEADER, ed())
      .field('uri', 'guides/word')
      .field('title', 'Word')
      .field('type', 'resource')
      .attach('resource', makeDocx(), { filename: 'a.docx', contentType: 'application/octet-stream' });
    expect(docx.status).toBe(200);
    const del = await http().delete(`/documentation/uuid/${docx.body.uuid}`).set(IDENTITY_HEADER, ed());
    expect(del.body).toEqual({ message: 'data deleted' });
    expect(await filesUnder(dir)).not.toContain(docx.body.resource.replace('/api/library/files/', ''));
  });

  it.each([
    ['a PDF that is really a ZIP', makeZip(['word/document.xml']), 'a.pdf', 415],
    ['an image named .pdf', Buffer.from('GIF89a....'), 'a.pdf', 415],
    ['an executable named .docx', Buffer.from('MZ\x90\x00'), 'a.docx', 415],
  ])('refuses %s and writes nothing', async (_what, data, name, status) => {
    const before = await filesUnder(dir);
    const n = await docCount();
    const res = await http()
      .post('/documentation')
      .set(IDENTITY_HEADER, ed())
      .field('uri', 'bad/file')
      .field('title', 'x')
      .field('type', 'resource')
      .attach('resource', data, { filename: name, contentType: 'application/pdf' });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({
      Error: 'the file must be a .pdf, .doc or .docx document',
      code: 'LIBRARY.NOT_A_DOCUMENT',
    });
    expect(await docCount()).toBe(n);
    expect(await filesUnder(dir)).toEqual(before);
  });

  it.each([
    [
      { uri: '../etc/passwd', title: 'x', type: 'html' },
      "uri: lowercase letters, digits and '-', in '/'-separated parts",
    ],
    [
      { uri: 'Upper', title: 'x', type: 'html' },
      "uri: lowercase letters, digits and '-', in '/'-separated parts",
    ],
    [{ uri: 'ok', type: 'html' }, 'title: This value is required.'],
    [{ uri: 'ok', title: 'x' }, 'type: This value is required.'],
    [{ uri: 'ok', title: 'x', type: 'resource' }, 'resource: This value is required.'],
  ])('refuses invalid fields %p with 400', async (fields, message) => {
    const req = http().post('/documentation').set(IDENTITY_HEADER, ed());
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.Error).toBe(message);
  });

  it('lists and searches documentation, 404 {"Error"} for unknown uris', async () => {
    const list = await http().get('/documentation/page/1/query/guide').set(IDENTITY_HEADER, ed());
    expect(list.body.values.map((d: { uri: string }) => d.uri)).toEqual(['guides/participation-guide']);
    expect((await http().get('/documentation').set(IDENTITY_HEADER, ed())).body.total).toBe(2);
    const missing = await http().get('/?action=documentation&uri=nothing/here').set(IDENTITY_HEADER, anon());
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      Error: 'documentation not found',
      code: 'LIBRARY.DOCUMENTATION_NOT_FOUND',
    });
    expect((await http().get('/?action=libraryView&uri=nothing').set(IDENTITY_HEADER, anon())).status).toBe(
      404,
    );
  });

  it('serves the rules of the library scopes', async () => {
    for (const scope of ['library', 'documentation', 'libraryView']) {
      const res = await http().get(`/validation/scope/${scope}`).set(IDENTITY_HEADER, anon());
      expect(res.status).toBe(200);
      expect(res.body.title).toMatchObject({ required: true });
    }
    expect(
      (await http().get('/validation/scope/documentation/fields/uri').set(IDENTITY_HEADER, anon())).body,
    ).toEqual({
      uri: expect.objectContaining({ unique: true, validation: expect.any(String) }),
    });
    expect((await http().get('/validation/scope/nope').set(IDENTITY_HEADER, anon())).status).toBe(404);
    expect(
      (await http().get('/checkIfExists/scope/library/field/title/value/x').set(IDENTITY_HEADER, anon()))
        .status,
    ).toBe(400);
  });

  it('library views: JSON and multipart, items checked, public page with items in order', async () => {
    const png = await makeImage('png', 64, 64);
    const items: string[] = [];
    for (const t of ['a', 'b']) {
      const r = await http()
        .post('/library')
        .set(IDENTITY_HEADER, ed())
        .field('title', t)
        .attach('resource', png, { filename: 'a.png', contentType: 'image/png' });
      items.push(r.body.uuid);
    }
    const created = await http()
      .post('/libraryView')
      .set(IDENTITY_HEADER, ed())
      .send({ uri: 'views/parks', title: 'Πάρκα', description: 'd', items: [items[1], items[0]] });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      uuid: expect.any(String),
      uri: 'views/parks',
      title: 'Πάρκα',
      description: 'd',
      items: [items[1], items[0]],
      owner: testUser('editor').uuid,
      can_edit: true,
      can_delete: true,
      created: expect.any(String),
    });
    const multipart = await http()
      .post('/libraryView')
      .set(IDENTITY_HEADER, ed())
      .field('uri', 'views/two')
      .field('title', 'Two')
      .field('items', JSON.stringify([items[0]]));
    expect(multipart.status).toBe(200);
    expect(multipart.body.items).toEqual([items[0]]);
    const unknown = await http()
      .post('/libraryView')
      .set(IDENTITY_HEADER, ed())
      .send({ uri: 'v3', title: 'x', items: ['6f1d2c1e-8a4b-4d57-9a43-2f0a3f3c9b10'] });
    expect(unknown.status).toBe(400);
    const dup = await http()
      .post('/libraryView')
      .set(IDENTITY_HEADER, ed())
      .send({ uri: 'views/parks', title: 'x' });
    expect(dup.status).toBe(409);
    expect(
      (
        await http()
          .get('/checkIfExists/scope/libraryView/field/uri/value/views%2Fparks')
          .set(IDENTITY_HEADER, anon())
      ).body,
    ).toBe(true);

    const pub = await http().get('/?action=libraryView&uri=views/parks').set(IDENTITY_HEADER, anon());
    expect(pub.status).toBe(200);
    expect(pub.body.title).toBe('Πάρκα');
    expect(pub.body.items.map((i: { title: string }) => i.title)).toEqual(['b', 'a']);
    expect(LibraryViewPublicAnswer.safeParse(pub.body).error).toBeUndefined();

    const put = await http()
      .put(`/libraryView/uuid/${created.body.uuid}`)
      .set(IDENTITY_HEADER, ed())
      .send({ title: 'Νέο' });
    expect(put.body).toMatchObject({ title: 'Νέο', uri: 'views/parks' });
    expect((await http().get('/libraryView/page/1').set(IDENTITY_HEADER, ed())).body.total).toBe(2);
    expect(
      (await http().get(`/libraryView/uuid/${created.body.uuid}`).set(IDENTITY_HEADER, ed())).body.title,
    ).toBe('Νέο');
    expect(
      (await http().delete(`/libraryView/uuid/${created.body.uuid}`).set(IDENTITY_HEADER, ed())).body,
    ).toEqual({ message: 'data deleted' });
  });

  it('markers: a clean SVG is stored and served as image/svg+xml with a sandbox CSP; hostile ones are refused', async () => {
    const ok = await http()
      .post('/marker')
      .set(IDENTITY_HEADER, ed())
      .attach(
        'file',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="red"/></svg>',
        ),
        { filename: 'Red Pin.svg', contentType: 'image/svg+xml' },
      );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      url: expect.stringMatching(/^\/api\/library\/files\/markers\/red-pin-[0-9a-f]{8}\.svg$/),
    });
    const served = await http().get(ok.body.url.replace('/api', '')).set(IDENTITY_HEADER, anon());
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");

    const before = await filesUnder(dir);
    const hostile = await http()
      .post('/marker')
      .set(IDENTITY_HEADER, ed())
      .attach(
        'file',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
        ),
        { filename: 'pin.svg', contentType: 'image/svg+xml' },
      );
    expect(hostile.status).toBe(415);
    expect(hostile.body).toEqual({ Error: 'the SVG contains a script', code: 'LIBRARY.UNSAFE_SVG' });
    const png = await http()
      .post('/marker')
      .set(IDENTITY_HEADER, ed())
      .attach('file', await makeImage('png', 8, 8), { filename: 'x.svg', contentType: 'image/svg+xml' });
    expect(png.status).toBe(415);
    expect(await filesUnder(dir)).toEqual(before);

    const list = await http().get('/marker').set(IDENTITY_HEADER, ed());
    expect(list.body).toEqual([
      { url: ok.body.url, type: 'marker', name: expect.stringMatching(/^red-pin-/) },
    ]);
  });

  it('refuses .. in file keys with 400', async () => {
    for (const url of ['/library/files/..%2F..%2Fetc%2Fpasswd', '/library/files/markers/..%2F..%2Fsecret']) {
      const res = await http().get(url).set(IDENTITY_HEADER, anon());
      expect(res.status).toBe(400);
      expect(res.body.Error).toEqual(expect.any(String));
    }
  });

  describe('roles', () => {
    const id = '6f1d2c1e-8a4b-4d57-9a43-2f0a3f3c9b10';
    const routes: Array<['get' | 'post' | 'put' | 'delete', string]> = [
      ['get', '/documentation'],
      ['get', '/documentation/page/1/query/a'],
      ['get', `/documentation/uuid/${id}`],
      ['post', '/documentation'],
      ['put', `/documentation/uuid/${id}`],
      ['delete', `/documentation/uuid/${id}`],
      ['get', '/libraryView'],
      ['get', `/libraryView/uuid/${id}`],
      ['post', '/libraryView'],
      ['put', `/libraryView/uuid/${id}`],
      ['delete', `/libraryView/uuid/${id}`],
      ['get', '/marker'],
      ['post', '/marker'],
    ];
    it.each(routes)('%s %s: anonymous 401, authorized 403, editor passes', async (method, url) => {
      const call = (who: string) => http()[method](url).set(IDENTITY_HEADER, who);
      expect((await call(anon())).status).toBe(401);
      const denied = await call(svc.identity(testUser('authorized')));
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ Error: 'action denied', code: 'AUTH.FORBIDDEN' });
      const allowed = await call(ed());
      expect([401, 403]).not.toContain(allowed.status);
      expect(allowed.status).toBeLessThan(500);
    });
  });
});
