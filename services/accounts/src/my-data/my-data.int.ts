// A citizen's archive of their own data (decision 0086): accounts builds it in the background from its own rows
// and consultation's internal routes; the archive is opened and every part checked against both databases.
import { randomBytes, randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { bootTestService, closedPort, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createConsultationService } from '../../../consultation/src/index.js';
import {
  OPEN,
  PROJECT,
  SHOWN_ATTR,
  SHOWN_VAR,
  TOPIC,
  seedParticipation,
} from '../../../consultation/test/participation-fixture.js';
import { readTarGz } from '../../../library/test/backup-test-helpers.js';
import { ADMIN_PASSWORD } from '../../test/accounts-test-helpers.js';
import { accountsService } from '../index.js';
import { MyDataArchives } from './my-data-archives.js';

const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n a photo of the bench', 'binary');
/** A document above the 20 MB that a JSON answer of the internal client may be, in consultation's file store. */
const PLAN = Buffer.concat([randomBytes(1024 * 1024), Buffer.alloc(20 * 1024 * 1024, 'plan ')]);

/** Reads a response body as bytes (supertest leaves unknown types unparsed). */
const bytes = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** Calls of the accounts service `svc` as `who`. */
function callAs(svc: TestService, who: SessionUser | null) {
  const server = svc.app.getHttpServer();
  return {
    get: (path: string) => request(server).get(path).set(IDENTITY_HEADER, svc.identity(who)),
    post: (path: string) => request(server).post(path).set(IDENTITY_HEADER, svc.identity(who)),
  };
}

describe("a citizen's own data (accounts and consultation, real Postgres)", () => {
  let consultation: TestService;
  let svc: TestService;
  let maria: SessionUser;
  let kostas: SessionUser;
  let thread: number;
  let answers: Record<'point' | 'line' | 'polygon', string>;
  let fileId: string;
  const planId = randomUUID();

  beforeAll(async () => {
    consultation = await bootTestService(createConsultationService({}));
    await consultation.app.listen(0, '127.0.0.1');
    const { port } = consultation.app.getHttpServer().address() as { port: number };
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSULTATION_URL: `http://127.0.0.1:${port}/`,
      }),
    );
    const users = await svc.db.query<SessionUser>(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash, phone, lat, lon)
       VALUES ('maria', 'Μαρία', 'Π', 'maria@example.org', 'authorized', 'secret-hash', '2310000000', 40.6, 22.9),
              ('kostas', 'Κώστας', 'Κ', 'kostas@example.org', 'authorized', 'secret-hash', NULL, NULL, NULL)
       RETURNING uuid::text, username, firstname, lastname, email, role`,
    );
    [maria, kostas] = users as [SessionUser, SessionUser];
    await svc.db.query(
      `INSERT INTO accounts.enrolment (category, user_uuid, role) VALUES ($1, $2, 'normal')`,
      [OPEN, maria.uuid],
    );

    const seeded = await seedParticipation(consultation);
    thread = seeded.thread;
    const answer = async (owner: string, wkt: string) => {
      const [row] = await consultation.db.query<{ token: string }>(
        `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
         VALUES ($1, $2, $3, $4, public.ST_GeomFromText($5, 4326)) RETURNING token::text`,
        [PROJECT, TOPIC, SHOWN_ATTR, owner, wkt],
      );
      return row!.token;
    };
    answers = {
      point: await answer(maria.uuid, 'POINT(22.95 40.63)'),
      line: await answer(maria.uuid, 'LINESTRING(22.9 40.6, 22.95 40.65)'),
      polygon: await answer(maria.uuid, 'POLYGON((22.9 40.6, 22.91 40.6, 22.91 40.61, 22.9 40.6))'),
    };
    const others = await answer(kostas.uuid, 'POINT(22.1 40.1)');
    await consultation.db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value) VALUES
         ($1, $4, 'text', 'Χρειάζεται παγκάκι'), ($2, $4, 'text', 'Ποδηλατόδρομος'), ($3, $4, 'text', 'Πάρκο')`,
      [answers.point, answers.line, answers.polygon, SHOWN_VAR],
    );
    await consultation.db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, number_value) VALUES ($1, $2, 'number', 4.5)`,
      [answers.point, SHOWN_VAR],
    );
    await consultation.db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value) VALUES ($1, $2, 'text', 'Όχι')`,
      [others, SHOWN_VAR],
    );
    const [file] = await consultation.db.query<{ id: string }>(
      `INSERT INTO consultation.answer_file (owner, answer, variable, name, mime, bytes, content)
       VALUES ($1, $2, $3, 'bench.png', 'image/png', $4, $5) RETURNING id::text`,
      [maria.uuid, answers.point, SHOWN_VAR, PHOTO.length, PHOTO],
    );
    fileId = file!.id;
    await consultation.db.query(
      `INSERT INTO consultation.answer_file (id, owner, answer, variable, name, mime, bytes, storage_key)
       VALUES ($1, $2, $3, $4, 'plan.pdf', 'application/pdf', $5, $6)`,
      [planId, maria.uuid, answers.line, SHOWN_VAR, PLAN.length, `answers/${planId}`],
    );
    await consultation.app.get<FileStorage>(PRIVATE_FILE_STORAGE).put(`answers/${planId}`, PLAN);
    await consultation.db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, file) VALUES ($1, $2, 'photo', $3)`,
      [answers.point, SHOWN_VAR, fileId],
    );
    await consultation.db.query(
      `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
      [maria.uuid, seeded.questions.mode.token, OPEN, seeded.questions.mode.bike],
    );
    await consultation.db.query(
      `INSERT INTO consultation.social_reaction (scope, item, user_uuid, reaction) VALUES
         ('project', $1, $2, 'like'), ('project', $1, $3, 'like')`,
      [PROJECT, maria.uuid, kostas.uuid],
    );
    await consultation.db.query(
      `INSERT INTO consultation.thread_post (thread, raw, author, username, display_username) VALUES
         ($1, 'Καλή ιδέα η παραλία', $2, 'maria', 'Μαρία Π'), ($1, 'Διαφωνώ', $3, 'kostas', 'Κώστας Κ')`,
      [thread, maria.uuid, kostas.uuid],
    );
  });

  afterAll(async () => {
    await svc?.close();
    await consultation?.close();
  });

  const as = (who: SessionUser | null) => callAs(svc, who);
  const store = () => svc.app.get<FileStorage>(PRIVATE_FILE_STORAGE);

  /** Asks for the request's state until it has finished (done or failed). */
  async function finished(who: SessionUser, job: string) {
    for (;;) {
      const res = await as(who).get(`/profile/data/${job}`);
      expect(res.status).toBe(200);
      expect(res.body.percent).toBeGreaterThanOrEqual(0);
      if (res.body.state === 'done' || res.body.state === 'failed') return res.body;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function download(who: SessionUser, job: string): Promise<Buffer> {
    const res = await bytes(as(who).get(`/profile/data/${job}/file`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="agora-my-data-\d{4}-\d{2}-\d{2}\.tar\.gz"$/,
    );
    return res.body as Buffer;
  }

  let job = '';

  it('builds the archive in the background and it holds every part, as the databases hold it', async () => {
    expect((await as(maria).get('/profile/data')).body).toEqual({ latest: null });
    const asked = await as(maria).post('/profile/data');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      state: 'queued',
      percent: 0,
      size: null,
      file_name: null,
      code: null,
    });
    job = asked.body.job;
    expect(Date.parse(asked.body.expires) - Date.parse(asked.body.created)).toBe(24 * 60 * 60 * 1000);

    const state = await finished(maria, job);
    expect(state).toMatchObject({ job, state: 'done', percent: 100, code: null });
    expect((await as(maria).get('/profile/data')).body.latest.job).toBe(job);
    const archive = await download(maria, job);
    expect(archive.length).toBe(state.size);
    // the archive is a file of the store's private area, the row keeps its key (no bytes in PostgreSQL)
    const [row] = await svc.db.query<{ storage_key: string; size: string }>(
      `SELECT storage_key, size FROM accounts.my_data_archive WHERE id = $1`,
      [job],
    );
    expect(row).toEqual({ storage_key: `my-data/${job}`, size: String(archive.length) });
    expect((await store().stat(`my-data/${job}`))?.size).toBe(archive.length);
    const columns = await svc.db.query<{ data_type: string }>(
      `SELECT data_type FROM information_schema.columns
        WHERE table_schema = 'accounts' AND table_name = 'my_data_archive' AND data_type = 'bytea'`,
    );
    expect(columns).toEqual([]);
    const entries = await readTarGz(archive);
    expect([...entries.keys()]).toEqual([
      'README.md',
      'profile.json',
      'enrolments.json',
      'consultation-profile.json',
      'answers.geojson',
      'likes.json',
      'forum-posts.json',
      `files/${answers.point}/${fileId}-bench.png`,
      `files/${answers.line}/${planId}-plan.pdf`,
      'files.json',
    ]);
    const json = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));

    // README: each file described, in Greek and in English
    const readme = entries.get('README.md')!.toString('utf8');
    for (const name of [
      'profile.json',
      'enrolments.json',
      'answers.geojson',
      'likes.json',
      'forum-posts.json',
    ])
      expect(readme.split(`\`${name}\``).length).toBe(3);
    expect(readme).toContain('## Ελληνικά');
    expect(readme).toContain('## English');

    // the profile: the user's row, without the password hash
    const [user] = await svc.db.query<Record<string, unknown>>(
      `SELECT uuid::text, username, email, phone, lat, lon, role, locale FROM accounts."user" WHERE uuid = $1`,
      [maria.uuid],
    );
    const profile = json('profile.json');
    expect(profile).toMatchObject({
      uuid: user!.uuid,
      username: user!.username,
      email: user!.email,
      phone: user!.phone,
      role: user!.role,
      locale: user!.locale,
      location: { lat: user!.lat, lon: user!.lon },
      external_logins: [],
    });
    expect(entries.get('profile.json')!.toString()).not.toContain('secret-hash');

    // enrolments with roles, the category named
    const enrolments = await svc.db.query<{ category: string; role: string }>(
      `SELECT category::text, role FROM accounts.enrolment WHERE user_uuid = $1`,
      [maria.uuid],
    );
    expect(json('enrolments.json')).toEqual(
      enrolments.map((e) => ({ ...e, category_name: 'open-cat', created: expect.any(String) })),
    );

    // consultation-profile answers: question and choice by their texts
    expect(json('consultation-profile.json')).toEqual([
      { category: 'Ανοιχτή', question: 'Πώς μετακινείστε;', choice: 'Ποδήλατο', created: expect.any(String) },
    ]);

    // every answer with its geometry (GeoJSON, EPSG:4326) and values; nobody else's
    const collection = json('answers.geojson');
    expect(collection.type).toBe('FeatureCollection');
    const stored = await consultation.db.query<{ token: string; geometry: unknown }>(
      `SELECT token::text, public.ST_AsGeoJSON(geom)::jsonb AS geometry FROM consultation.answer
        WHERE owner = $1 ORDER BY created, token`,
      [maria.uuid],
    );
    expect(collection.features.map((f: { id: string; geometry: unknown }) => [f.id, f.geometry])).toEqual(
      stored.map((s) => [s.token, s.geometry]),
    );
    const byId = new Map(collection.features.map((f: { id: string }) => [f.id, f]));
    expect(
      (byId.get(answers.point) as { geometry: { type: string } }).geometry.type +
        (byId.get(answers.line) as { geometry: { type: string } }).geometry.type +
        (byId.get(answers.polygon) as { geometry: { type: string } }).geometry.type,
    ).toBe('PointLineStringPolygon');
    expect((byId.get(answers.point) as { properties: unknown }).properties).toEqual({
      project: 'Παραλία',
      topic: 'Διαδρομή',
      attribute: 'Στάση',
      created: expect.any(String),
      updated: expect.any(String),
      values: expect.arrayContaining([
        expect.objectContaining({ variable: 'why', kind: 'text', text: 'Χρειάζεται παγκάκι' }),
        expect.objectContaining({ variable: 'why', kind: 'number', number: 4.5 }),
        expect.objectContaining({ variable: 'why', kind: 'photo', file: 'bench.png' }),
      ]),
    });
    const [values] = await consultation.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM consultation.answer_value v JOIN consultation.answer a ON a.token = v.answer
        WHERE a.owner = $1`,
      [maria.uuid],
    );
    expect(
      collection.features.reduce(
        (n: number, f: { properties: { values: unknown[] } }) => n + f.properties.values.length,
        0,
      ),
    ).toBe(values!.n);

    // the uploaded files, byte for byte, however large, and their index
    expect(entries.get(`files/${answers.point}/${fileId}-bench.png`)).toEqual(PHOTO);
    expect(PLAN.length).toBeGreaterThan(20 * 1024 * 1024);
    expect(entries.get(`files/${answers.line}/${planId}-plan.pdf`)!.equals(PLAN)).toBe(true);
    expect(json('files.json')).toEqual([
      {
        id: fileId,
        answer: answers.point,
        variable: 'why',
        name: 'bench.png',
        mime: 'image/png',
        bytes: PHOTO.length,
        path: `files/${answers.point}/${fileId}-bench.png`,
      },
      {
        id: planId,
        answer: answers.line,
        variable: 'why',
        name: 'plan.pdf',
        mime: 'application/pdf',
        bytes: PLAN.length,
        path: `files/${answers.line}/${planId}-plan.pdf`,
      },
    ]);

    // likes and forum posts: hers only
    expect(json('likes.json')).toEqual([
      { scope: 'project', item: PROJECT, reaction: 'like', created: expect.any(String) },
    ]);
    expect(json('forum-posts.json')).toEqual([
      {
        id: expect.any(Number),
        thread: 'Συζήτηση για την παραλία',
        text: 'Καλή ιδέα η παραλία',
        created: expect.any(String),
        updated: expect.any(String),
      },
    ]);
  });

  it('is readable by its asker only: another user and an admin get 403, anonymous 401', async () => {
    for (const who of [kostas, TEST_ADMIN]) {
      for (const path of [`/profile/data/${job}`, `/profile/data/${job}/file`]) {
        const res = await as(who).get(path);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('AUTH.FORBIDDEN');
      }
    }
    expect((await as(null).get(`/profile/data/${job}/file`)).status).toBe(401);
    const unknown = await as(maria).get('/profile/data/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ACCOUNTS.MY_DATA_NOT_FOUND']);
    expect((await as(maria).get('/profile/data/not-an-id/file')).status).toBe(404);
  });

  it("gives consultation's part to the accounts service alone, and a file to its owner only", async () => {
    const internal = (path: string, identity: string) =>
      request(consultation.app.getHttpServer()).get(path).set(IDENTITY_HEADER, identity);
    const data = `/internal/users/${maria.uuid}/data`;
    const file = `/internal/users/${maria.uuid}/files/${fileId}`;
    for (const identity of [consultation.identity(maria), consultation.identity(null, { sys: 'library' })]) {
      expect((await internal(data, identity)).status).toBe(403);
      expect((await internal(file, identity)).status).toBe(403);
    }
    const accounts = consultation.identity(null, { sys: 'accounts' });
    // the file's bytes as they are, with its type and length
    const mine = await bytes(internal(file, accounts));
    expect([mine.status, mine.headers['content-type'], mine.headers['content-length'], mine.body]).toEqual([
      200,
      'image/png',
      String(PHOTO.length),
      PHOTO,
    ]);
    const plan = await bytes(internal(`/internal/users/${maria.uuid}/files/${planId}`, accounts));
    expect([plan.status, plan.headers['content-length'], plan.body.equals(PLAN)]).toEqual([
      200,
      String(PLAN.length),
      true,
    ]);
    const other = await internal(`/internal/users/${kostas.uuid}/files/${fileId}`, accounts);
    expect([other.status, other.body.code]).toEqual([404, 'CONSULTATION.FILE_NOT_FOUND']);
    expect((await internal('/internal/users/not-a-uuid/data', accounts)).status).toBe(404);
  });

  it('runs one request at a time per user: a second one while it runs answers the running one', async () => {
    const archives = svc.app.get(MyDataArchives);
    // a request left queued (its job not yet taken): asking again answers that one
    const [queued] = await svc.db.query<{ id: string }>(
      `INSERT INTO accounts.my_data_archive (user_uuid) VALUES ($1) RETURNING id::text`,
      [kostas.uuid],
    );
    const again = await as(kostas).post('/profile/data');
    expect([again.status, again.body.job, again.body.state]).toEqual([200, queued!.id, 'queued']);
    const [{ n }] = await svc.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts.my_data_archive WHERE user_uuid = $1`,
      [kostas.uuid],
    );
    expect(n).toBe(1);
    // once built, a new request is a new archive
    await archives.build(queued!.id);
    expect((await finished(kostas, queued!.id)).state).toBe('done');
    const next = await as(kostas).post('/profile/data');
    expect(next.status).toBe(202);
    expect(next.body.job).not.toBe(queued!.id);
    expect((await finished(kostas, next.body.job)).state).toBe('done');
  });

  it('answers 409 for the file of an unfinished request, and a failed one carries its code', async () => {
    const [row] = await svc.db.query<{ id: string }>(
      `INSERT INTO accounts.my_data_archive (user_uuid, state) VALUES ($1, 'running') RETURNING id::text`,
      [maria.uuid],
    );
    const res = await as(maria).get(`/profile/data/${row!.id}/file`);
    expect([res.status, res.body.code]).toEqual([409, 'ACCOUNTS.MY_DATA_NOT_READY']);
    await svc.db.query(
      `UPDATE accounts.my_data_archive SET state = 'failed', code = 'ACCOUNTS.CONSULTATION_UNAVAILABLE' WHERE id = $1`,
      [row!.id],
    );
    expect((await as(maria).get(`/profile/data/${row!.id}`)).body).toMatchObject({
      state: 'failed',
      code: 'ACCOUNTS.CONSULTATION_UNAVAILABLE',
      file_name: null,
    });
  });

  it('removes the request and its archive a day after it was asked for (the scheduled clean-up)', async () => {
    const archives = svc.app.get(MyDataArchives);
    // not yet a day old: kept
    await svc.db.query(
      `UPDATE accounts.my_data_archive SET created = now() - interval '23 hours' WHERE id = $1`,
      [job],
    );
    await archives.cleanup();
    expect((await as(maria).get(`/profile/data/${job}`)).status).toBe(200);
    // a day old: gone, for its owner too, and the row with the archive removed
    await svc.db.query(
      `UPDATE accounts.my_data_archive SET created = now() - interval '24 hours 1 second' WHERE id = $1`,
      [job],
    );
    const gone = await as(maria).get(`/profile/data/${job}/file`);
    expect([gone.status, gone.body.code]).toEqual([404, 'ACCOUNTS.MY_DATA_NOT_FOUND']);
    expect(await store().exists(`my-data/${job}`)).toBe(true);
    expect(await archives.cleanup()).toBeGreaterThanOrEqual(1);
    expect(await svc.db.query(`SELECT id FROM accounts.my_data_archive WHERE id = $1`, [job])).toEqual([]);
    expect(await store().exists(`my-data/${job}`)).toBe(false);
  });
});

describe('an archive of own data while consultation cannot answer', () => {
  let svc: TestService;
  let nikos: SessionUser;

  beforeAll(async () => {
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSULTATION_URL: `http://127.0.0.1:${await closedPort()}/`,
      }),
    );
    [nikos] = (await svc.db.query<SessionUser>(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ('nikos', 'Νίκος', 'Ν', 'nikos@example.org', 'authorized', 'x')
       RETURNING uuid::text, username, firstname, lastname, email, role`,
    )) as [SessionUser];
  });

  afterAll(async () => {
    await svc?.close();
  });

  it('fails with the code that says so, and a new request may be made', async () => {
    const as = () => callAs(svc, nikos);
    const asked = await as().post('/profile/data');
    expect(asked.status).toBe(202);
    for (;;) {
      const res = await as().get(`/profile/data/${asked.body.job}`);
      if (res.body.state === 'failed') {
        expect(res.body).toMatchObject({
          code: 'ACCOUNTS.CONSULTATION_UNAVAILABLE',
          file_name: null,
          size: null,
        });
        break;
      }
      expect(res.body.state).not.toBe('done');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const file = await as().get(`/profile/data/${asked.body.job}/file`);
    expect([file.status, file.body.code]).toEqual([409, 'ACCOUNTS.MY_DATA_NOT_READY']);
    // the failed build left no file in the store
    const store = svc.app.get<FileStorage>(PRIVATE_FILE_STORAGE);
    expect(await store.exists(`my-data/${asked.body.job}`)).toBe(false);
    expect((await as().post('/profile/data')).status).toBe(202);
  });
});
