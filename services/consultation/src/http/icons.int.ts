import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ICON_MAX_BYTES, type AttributeWire, type TopicWire } from '@agora/contracts';
import { bootTestService, closedPort, type TestService } from '@agora/common/testing';
import { createLibraryService } from '../../../library/src/index.js';
import { makeImage } from '@agora/common/uploads/fixtures';
import { createConsultationService } from '../index.js';
import { client, seedProject } from '../../test/tree-test-helpers.js';

const ICON_URL = /^\/api\/library\/files\/icons\/[a-z0-9-]+-[0-9a-f]{8}\.(png|svg)$/;
const HOSTILE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="4"/></svg>');
const MARKER = '/api/library/files/markers/pin.svg';
const TEXT = { variable_type: JSON.stringify([{ kind: 'text', options: { maxLength: 200 } }]) };

/** A port on which nothing listens. */
interface Structure {
  category: string;
  topic: TopicWire;
  attribute: AttributeWire;
}

/** A project with a topic and an attribute (icon by URL), and its category. */
async function seedStructure(svc: TestService, mname: string): Promise<Structure> {
  const admin = client(svc, 'admin');
  const project = await seedProject(svc.db, mname);
  const [{ category }] = await svc.db.query<{ category: string }>(
    'SELECT category FROM consultation.project WHERE token = $1',
    [project],
  );
  const topic = (await admin.post('/node', { project, title: 'Πλατεία', mname: 'plaza' })).body as TopicWire;
  const attribute = (
    await admin.post('/attribute', { node: topic.token, name: 'Δέντρα', mname: 'trees', icon: MARKER })
  ).body as AttributeWire;
  return { category: category!, topic, attribute };
}

describe('uploaded icons of attributes, variables and profile choices', () => {
  let dir: string;
  let library: TestService;
  let svc: TestService;
  let down: TestService;
  let png: Buffer;
  let s: Structure;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-icons-'));
    library = await bootTestService(createLibraryService({ STORAGE_DIR: dir }));
    await library.app.listen(0, '127.0.0.1');
    const { port } = library.app.getHttpServer().address() as { port: number };
    svc = await bootTestService(createConsultationService({ LIBRARY_URL: `http://127.0.0.1:${port}` }));
    down = await bootTestService(
      createConsultationService({ LIBRARY_URL: `http://127.0.0.1:${await closedPort()}` }),
    );
    png = await makeImage('png', 48, 48);
    s = await seedStructure(svc, 'square');
  });
  afterAll(async () => {
    await down?.close();
    await svc?.close();
    await library?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const admin = () => client(svc, 'admin');
  const icons = async () => (await readdir(path.join(dir, 'icons')).catch(() => [])).sort();
  /** The library's stored file of an icon URL. */
  const stored = (url: string) => `${url.split('/').pop()}`;
  /** A new expert question of the category, without choices. */
  const expertQuestion = async (question: string) =>
    (
      await admin().post('/ConsultationProfile', {
        question,
        category: s.category,
        role: 'expert',
        weight: 1,
      })
    ).body as { token: string };
  const count = async (table: string) =>
    (await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM consultation.${table}`))[0]!.n;

  describe('attributes', () => {
    it('POST attribute stores an uploaded PNG in the library and keeps its URL', async () => {
      const res = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Παγκάκια', mname: 'benches' })
        .attach('icon', png, { filename: 'bench.png', contentType: 'image/png' });
      expect(res.status).toBe(200);
      expect(res.body.icon).toMatch(ICON_URL);
      expect(await icons()).toContain(stored(res.body.icon));
      const served = await client(library, 'anonymous').get(res.body.icon.replace('/api', ''));
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/png/);
    });

    it('PUT attribute (_method put) replaces the icon with an uploaded SVG; a string icon stays a URL', async () => {
      const res = await admin()
        .form('put', `/attribute/token/${s.attribute.token}`, { _method: 'put', name: 'Δέντρα!' })
        .attach('icon', SVG, { filename: 'tree.svg', contentType: 'image/svg+xml' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        expect.objectContaining({ name: 'Δέντρα!', icon: expect.stringMatching(ICON_URL) }),
      );
      expect(res.body.icon).toMatch(/\.svg$/);
      const back = await admin().form('put', `/attribute/token/${s.attribute.token}`, { icon: MARKER });
      expect(back.status).toBe(200);
      expect(back.body.icon).toBe(MARKER);
    });

    it('refuses a hostile SVG with the library message and saves nothing', async () => {
      const before = { files: await icons(), rows: await count('attribute') };
      const res = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Κακό', mname: 'evil' })
        .attach('icon', HOSTILE, { filename: 'evil.svg' });
      expect(res.status).toBe(415);
      expect(res.body.Error).toBe('icon: the SVG contains a script');
      const put = await admin()
        .form('put', `/attribute/token/${s.attribute.token}`, { _method: 'put' })
        .attach('icon', Buffer.from('plain text, renamed'), { filename: 'fake.png' });
      expect(put.status).toBe(415);
      expect(put.body.Error).toBe('icon: the icon must be an SVG, PNG, JPEG or WebP image');
      const big = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Μεγάλο', mname: 'big' })
        .attach('icon', Buffer.alloc(1024 * 1024 + 1, 1), { filename: 'big.png' });
      expect(big.status).toBe(413);
      expect(big.body.Error).toBe('icon: the file is larger than 1 MB');
      const two = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Δύο', mname: 'two-icons' })
        .attach('icon', png, { filename: 'a.png' })
        .attach('icon', png, { filename: 'b.png' });
      expect(two.status).toBe(400);
      expect({ files: await icons(), rows: await count('attribute') }).toEqual(before);
    });

    it('checks the form before uploading, and removes the icon when the write fails', async () => {
      const before = await icons();
      const invalid = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Χωρίς', has_geometry: 'true' })
        .attach('icon', png, { filename: 'x.png' });
      expect(invalid.status).toBe(400);
      const both = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Δύο', mname: 'two', icon: MARKER })
        .attach('icon', png, { filename: 'x.png' });
      expect(both.status).toBe(400);
      expect(both.body.Error).toBe('icon: send a link or a file, not both');
      // the short name is taken: found inside the write, after the upload
      const taken = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Πάλι', mname: 'trees' })
        .attach('icon', png, { filename: 'again.png' });
      expect(taken.status).toBe(409);
      const other = await admin()
        .form('post', '/attribute', { node: s.topic.token, name: 'Άλλο', mname: 'other' })
        .attach('file', png, { filename: 'x.png' });
      expect(other.status).toBe(400);
      expect(await icons()).toEqual(before);
    });
  });

  describe('variables', () => {
    it('POST variable stores an uploaded icon; a write that fails removes it', async () => {
      const res = await admin()
        .form('post', '/variable', { attribute: s.attribute.token, mname: 'height', ...TEXT })
        .attach('icon', png, { filename: 'ruler.png' });
      expect(res.status).toBe(200);
      expect(res.body.icon).toMatch(ICON_URL);
      expect(await icons()).toContain(stored(res.body.icon));

      const before = await icons();
      const taken = await admin()
        .form('post', '/variable', { attribute: s.attribute.token, mname: 'height', ...TEXT })
        .attach('icon', png, { filename: 'ruler.png' });
      expect(taken.status).toBe(409);
      const hostile = await admin()
        .form('post', '/variable', { attribute: s.attribute.token, mname: 'width', ...TEXT })
        .attach('icon', HOSTILE, { filename: 'x.svg' });
      expect(hostile.status).toBe(415);
      expect(hostile.body.Error).toMatch(/^icon: the SVG contains /);
      expect(await icons()).toEqual(before);

      const put = await admin()
        .form('put', `/variable/token/${res.body.token}`, { _method: 'put' })
        .attach('icon', SVG, { filename: 'ruler.svg' });
      expect(put.status).toBe(200);
      expect(put.body.icon).toMatch(/\.svg$/);
    });
  });

  describe('profile choices', () => {
    it('POST ConsultationProfile takes icons_i for choice i beside marker URLs', async () => {
      const res = await admin()
        .form('post', '/ConsultationProfile', {
          question: 'Πώς μετακινείστε;',
          category: s.category,
          role: 'normal',
          weight: '2',
          'choices[0][content]': 'Με τα πόδια',
          'choices[0][icon]': MARKER,
          'choices[0][weight]': '1',
          'choices[1][content]': 'Με ποδήλατο',
          'choices[1][weight]': '2',
        })
        .attach('icons_1', png, { filename: 'bike.png' });
      expect(res.status).toBe(200);
      expect(res.body.choices.map((c: { icon: string }) => c.icon)).toEqual([
        MARKER,
        expect.stringMatching(ICON_URL),
      ]);
    });

    it('refuses a hostile choice icon, an icon for no choice, or a choice without any icon; saves nothing', async () => {
      const before = { files: await icons(), rows: await count('profile_question') };
      const fields = {
        question: 'Τι προτιμάτε;',
        category: s.category,
        role: 'normal',
        weight: '1',
        'choices[0][content]': 'Πράσινο',
        'choices[0][weight]': '1',
      };
      const hostile = await admin()
        .form('post', '/ConsultationProfile', fields)
        .attach('icons_0', HOSTILE, { filename: 'x.svg' });
      expect(hostile.status).toBe(415);
      expect(hostile.body.Error).toBe('icons_0: the SVG contains a script');
      const nobody = await admin()
        .form('post', '/ConsultationProfile', fields)
        .attach('icons_0', png, { filename: 'a.png' })
        .attach('icons_4', png, { filename: 'b.png' });
      expect(nobody.status).toBe(400);
      expect(nobody.body.Error).toBe('icons_4: there is no choice 4');
      const missing = await admin().form('post', '/ConsultationProfile', fields);
      expect(missing.status).toBe(400);
      expect(missing.body.Error).toMatch(/^choices\[0\]\.icon: /);
      // an unknown category is found by the write, after the upload: the icon is removed again
      const unknown = await admin()
        .form('post', '/ConsultationProfile', { ...fields, category: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f' })
        .attach('icons_0', png, { filename: 'a.png' });
      expect(unknown.status).toBe(404);
      expect({ files: await icons(), rows: await count('profile_question') }).toEqual(before);
    });

    it('POST consultationWeight and PUT consultationWeight/id take an uploaded icon', async () => {
      const question = await expertQuestion('Ηλικία;');
      const added = await admin()
        .form('post', '/consultationWeight', { question: question.token, content: '18-30', weight: '1' })
        .attach('icon', png, { filename: 'young.png' });
      expect(added.status).toBe(200);
      expect(added.body.icon).toMatch(ICON_URL);

      const changed = await admin()
        .form('put', `/consultationWeight/id/${added.body.id}`, { _method: 'put' })
        .attach('icon', SVG, { filename: 'young.svg' });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual(
        expect.objectContaining({ content: '18-30', icon: expect.stringMatching(/\.svg$/) }),
      );

      const before = await icons();
      const gone = await admin()
        .form('put', '/consultationWeight/id/999999', { _method: 'put' })
        .attach('icon', png, { filename: 'x.png' });
      expect(gone.status).toBe(404);
      const noQuestion = await admin()
        .form('post', '/consultationWeight', {
          question: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
          content: 'x',
          weight: '1',
        })
        .attach('icon', png, { filename: 'x.png' });
      expect(noQuestion.status).toBe(404);
      const text = await admin()
        .form('put', `/consultationWeight/id/${added.body.id}`, { _method: 'put' })
        .attach('icon', Buffer.from('renamed text'), { filename: 'x.webp' });
      expect(text.status).toBe(415);
      expect(await icons()).toEqual(before);
    });
  });

  it('refuses an icon above the library limit, a file in another part and two files in one part, before any write', async () => {
    const before = { files: await icons(), rows: await count('profile_choice') };
    const question = await expertQuestion('Όριο;');
    const fields = { question: question.token, content: 'x', weight: '1' };
    const large = await admin()
      .form('post', '/consultationWeight', fields)
      .attach('icon', Buffer.alloc(ICON_MAX_BYTES + 1), { filename: 'big.png' });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      Error: 'icon: the file is larger than 1 MB',
      code: 'ICON.TOO_LARGE',
      field: 'icon',
    });
    const elsewhere = await admin()
      .form('post', '/consultationWeight', fields)
      .attach('picture', png, { filename: 'a.png' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({
      Error: 'picture: files are not accepted here: send the link of a library file',
      code: 'REQUEST.FILE',
      field: 'picture',
    });
    const twice = await admin()
      .form('post', '/consultationWeight', fields)
      .attach('icon', png, { filename: 'a.png' })
      .attach('icon', png, { filename: 'b.png' });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('REQUEST.FILE');
    expect({ files: await icons(), rows: await count('profile_choice') }).toEqual(before);
  });

  it('answers 503 and saves nothing when the library does not answer', async () => {
    const d = await seedStructure(down, 'down');
    const as = client(down, 'admin');
    const rows = async () =>
      (
        await down.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM consultation.attribute) + (SELECT count(*) FROM consultation.variable)
                + (SELECT count(*) FROM consultation.profile_question)
                + (SELECT count(*) FROM consultation.profile_choice) AS n`,
        )
      )[0]!.n;
    const before = await rows();
    const calls = [
      as
        .form('post', '/attribute', { node: d.topic.token, name: 'Νέο', mname: 'new' })
        .attach('icon', png, 'a.png'),
      as
        .form('put', `/attribute/token/${d.attribute.token}`, { _method: 'put' })
        .attach('icon', png, 'a.png'),
      as
        .form('post', '/variable', { attribute: d.attribute.token, mname: 'v', ...TEXT })
        .attach('icon', png, 'a.png'),
      as
        .form('post', '/ConsultationProfile', {
          question: 'Ερώτηση;',
          category: d.category,
          role: 'normal',
          weight: '1',
          'choices[0][content]': 'Ναι',
          'choices[0][weight]': '1',
        })
        .attach('icons_0', png, 'a.png'),
      as
        .form('post', '/consultationWeight', { question: d.category, content: 'x', weight: '1' })
        .attach('icon', png, 'a.png'),
      as.form('put', '/consultationWeight/id/1', { _method: 'put' }).attach('icon', png, 'a.png'),
    ];
    for (const call of calls) {
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.body.Error).toBe('the library service cannot store the icon now: try again later');
    }
    expect(await rows()).toBe(before);
    const attribute = (await as.get(`/attribute/node/${d.topic.token}/token/${d.attribute.token}`)).body;
    expect(attribute.icon).toBe(MARKER);
  });
});
