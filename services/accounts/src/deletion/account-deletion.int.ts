// Deleting an account (decision 0088): by the user themself (`DELETE /profile`) or by an administrator, the same
// path: consultation erases the personal data and the answers of the projects set to erase them and detaches the
// rest (the statistics unchanged), then accounts deletes the account; checked against both databases.
import { randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { bootTestService, closedPort, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createConsultationService } from '../../../consultation/src/index.js';
import {
  ELSEWHERE,
  OPEN,
  OTHER,
  PROJECT,
  SHOWN_ATTR,
  SHOWN_VAR,
  TOPIC,
  seedParticipation,
} from '../../../consultation/test/participation-fixture.js';
import { ADMIN_PASSWORD } from '../../test/accounts-test-helpers.js';
import { accountsService } from '../index.js';
import { hashPassword } from '../users/users.service.js';

const PASSWORD = 'Μυστικό-42-password';
const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n the bench by the sea', 'binary');
const ELSEWHERE_TOPIC = randomUUID();
const ELSEWHERE_ATTR = randomUUID();
const ELSEWHERE_VAR = randomUUID();

function callAs(svc: TestService, who: SessionUser | null) {
  const server = svc.app.getHttpServer();
  const id = svc.identity(who);
  return {
    get: (path: string) => request(server).get(path).set(IDENTITY_HEADER, id),
    delete: (path: string, body?: object) => request(server).delete(path).set(IDENTITY_HEADER, id).send(body),
  };
}

async function newUser(svc: TestService, username: string, role = 'authorized'): Promise<SessionUser> {
  const [user] = await svc.db.query<SessionUser>(
    `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
     VALUES ($1, 'Όνομα', $1, $1 || '@example.org', $2, $3)
     RETURNING uuid::text, username, firstname, lastname, email, role`,
    [username, role, await hashPassword(PASSWORD)],
  );
  return user!;
}

describe('deleting an account (accounts and consultation, real Postgres)', () => {
  let consultation: TestService;
  let svc: TestService;
  let thread: number;
  const as = (who: SessionUser | null) => callAs(svc, who);
  const cdb = <T>(sql: string, params: unknown[] = []) => consultation.db.query<T>(sql, params);
  const store = () => consultation.app.get<FileStorage>(PRIVATE_FILE_STORAGE);

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
    ({ thread } = await seedParticipation(consultation));
    // the second project (another category) is set to erase a deleted account's answers
    await consultation.db.query(
      `UPDATE consultation.project SET erase_answers_on_account_deletion = true WHERE token = $1;`,
      [ELSEWHERE],
    );
    await consultation.db.query(
      `INSERT INTO consultation.node (token, project, title, mname, has_geometry, boundary, geom_type, max_geom)
       VALUES ($1, $2, 'Πλατεία', 'square', true,
         public.ST_GeomFromText('POLYGON((22 40, 23 40, 23 41, 22 41, 22 40))', 4326), 'point', 5)`,
      [ELSEWHERE_TOPIC, ELSEWHERE],
    );
    await consultation.db.query(
      `INSERT INTO consultation.attribute (token, node, name, mname, has_geometry, geom_type, max_geom, sort_order)
       VALUES ($1, $2, 'Δέντρο', 'tree', true, 'point', 5, 1)`,
      [ELSEWHERE_ATTR, ELSEWHERE_TOPIC],
    );
    await consultation.db.query(
      `INSERT INTO consultation.variable (token, attribute, mname, description, is_visible, sort_order, variable_type)
       VALUES ($1, $2, 'kind', 'Είδος', true, 1, '[{"kind": "text"}]')`,
      [ELSEWHERE_VAR, ELSEWHERE_ATTR],
    );
  });

  afterAll(async () => {
    await svc?.close();
    await consultation?.close();
  });

  /** A participant with answers in both projects, a weight, a profile answer, a file, likes, a post, sessions. */
  async function participant(username: string, weight: number): Promise<{ user: SessionUser; file: string }> {
    const user = await newUser(svc, username);
    await svc.db.query(
      `INSERT INTO accounts.enrolment (category, user_uuid, role) VALUES ($1, $3, 'normal'), ($2, $3, 'normal')`,
      [OPEN, OTHER, user.uuid],
    );
    await svc.db.query(
      `INSERT INTO accounts.session (id_hash, user_uuid, expires_at)
       VALUES ($1, $3, now() + interval '1 day'), ($2, $3, now() + interval '1 day')`,
      [`h-${username}-1`, `h-${username}-2`, user.uuid],
    );
    await svc.db.query(
      `INSERT INTO accounts.recovery_token (token_hash, user_uuid, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
      [`r-${username}`, user.uuid],
    );
    const answer = async (project: string, node: string, attr: string, x: number) => {
      const [row] = await cdb<{ token: string }>(
        `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
         VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_MakePoint($5, 40.6), 4326)) RETURNING token::text`,
        [project, node, attr, user.uuid, x],
      );
      return row!.token;
    };
    const kept = [
      await answer(PROJECT, TOPIC, SHOWN_ATTR, 22.9),
      await answer(PROJECT, TOPIC, SHOWN_ATTR, 22.91),
    ];
    const erased = await answer(ELSEWHERE, ELSEWHERE_TOPIC, ELSEWHERE_ATTR, 22.5);
    await cdb(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, number_value) VALUES
         ($1, $4, 'text', 'Παγκάκι', NULL), ($2, $4, 'number', NULL, 7), ($3, $5, 'text', 'Πλάτανος', NULL)`,
      [kept[0], kept[1], erased, SHOWN_VAR, ELSEWHERE_VAR],
    );
    const file = randomUUID();
    await store().put(`answers/${file}`, PHOTO);
    await cdb(
      `INSERT INTO consultation.answer_file (id, owner, answer, variable, name, mime, bytes, storage_key)
       VALUES ($1, $2, $3, $4, 'bench.png', 'image/png', $5, $6)`,
      [file, user.uuid, kept[0], SHOWN_VAR, PHOTO.length, `answers/${file}`],
    );
    await cdb(
      `INSERT INTO consultation.answer_value (answer, variable, kind, file) VALUES ($1, $2, 'photo', $3)`,
      [kept[0], SHOWN_VAR, file],
    );
    const [question] = await cdb<{ token: string; choice: number }>(
      `SELECT q.token::text AS token, min(c.id)::int AS choice FROM consultation.profile_question q
         JOIN consultation.profile_choice c ON c.question = q.token WHERE q.category = $1
        GROUP BY q.token, q.sort_order ORDER BY q.sort_order LIMIT 1`,
      [OPEN],
    );
    await cdb(
      `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
      [user.uuid, question!.token, OPEN, question!.choice],
    );
    await cdb(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight) VALUES ($1, $2, 'normal', $3)`,
      [OPEN, user.uuid, weight],
    );
    await cdb(`INSERT INTO consultation.admin_active_category (user_uuid, category) VALUES ($1, $2)`, [
      user.uuid,
      OPEN,
    ]);
    await cdb(
      `INSERT INTO consultation.social_reaction (scope, item, user_uuid, reaction) VALUES
         ('project', $1, $2, 'like'), ('choice', $3, $2, 'like')`,
      [PROJECT, user.uuid, kept[1]],
    );
    await cdb(
      `INSERT INTO consultation.thread_post (thread, raw, author, username, display_username)
       VALUES ($1, 'Καλή ιδέα', $2, $3, 'Όνομα Ε.')`,
      [thread, user.uuid, username],
    );
    return { user, file };
  }

  /** The statistics of the kept project's attribute, as an administrator reads them (no cell hidden). */
  async function statistics() {
    const res = await request(consultation.app.getHttpServer())
      .get(`/data/scope/ensemble/attribute/${SHOWN_ATTR}`)
      .set(IDENTITY_HEADER, consultation.identity(TEST_ADMIN));
    expect(res.status).toBe(200);
    const kinds = (res.body.variables as Array<{ kinds: Array<Record<string, unknown>> }>).flatMap(
      (v) => v.kinds,
    );
    return {
      count: res.body.count,
      respondents: res.body.respondents,
      weighted: res.body.weighted_respondents,
      number: kinds.find((k) => k.variable_type === 'number'),
    };
  }

  /** Every trace of `uuid` in consultation's tables. */
  async function traces(uuid: string) {
    const [row] = await cdb<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM consultation.answer WHERE owner = $1) AS answers,
              (SELECT count(*)::int FROM consultation.answer_file WHERE owner = $1) AS files,
              (SELECT count(*)::int FROM consultation.profile_answer WHERE user_uuid = $1) AS profile_answers,
              (SELECT count(*)::int FROM consultation.profile_weight WHERE user_uuid = $1) AS weights,
              (SELECT count(*)::int FROM consultation.social_reaction WHERE user_uuid = $1) AS likes,
              (SELECT count(*)::int FROM consultation.thread_post WHERE author = $1) AS posts,
              (SELECT count(*)::int FROM consultation.admin_active_category WHERE user_uuid = $1) AS active`,
      [uuid],
    );
    return row;
  }

  async function accountRows(uuid: string) {
    const [row] = await svc.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM accounts."user" WHERE uuid = $1) AS users,
              (SELECT count(*)::int FROM accounts.session WHERE user_uuid = $1) AS sessions,
              (SELECT count(*)::int FROM accounts.enrolment WHERE user_uuid = $1) AS enrolments,
              (SELECT count(*)::int FROM accounts.recovery_token WHERE user_uuid = $1) AS recovery`,
      [uuid],
    );
    return row;
  }

  const NOTHING = { answers: 0, files: 0, profile_answers: 0, weights: 0, likes: 0, posts: 0, active: 0 };

  let maria: { user: SessionUser; file: string };
  let kostas: { user: SessionUser; file: string };

  it('tells beforehand what will be erased, kept detached and how to confirm', async () => {
    maria = await participant('maria', 3);
    kostas = await participant('kostas', 2);
    const res = await as(maria.user).get('/profile/deletion');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      erased_projects: [{ token: ELSEWHERE, title: 'Αλλού', answers: 1 }],
      kept_answers: 2,
      profile_answers: 1,
      files: 1,
      likes: 2,
      posts: 1,
      confirm_with: 'password',
      external_logins: 0,
      enrolments: 2,
      sessions: 2,
    });
    expect((await as(null).get('/profile/deletion')).status).toBe(401);
  });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const before = {
      consultation: await traces(maria.user.uuid),
      accounts: await accountRows(maria.user.uuid),
    };
    const wrong = await as(maria.user).delete('/profile', { password: 'not it' });
    expect([wrong.status, wrong.body.code, wrong.body.field]).toEqual([
      400,
      'ACCOUNTS.WRONG_CURRENT_PASSWORD',
      'password',
    ]);
    // a username confirms only an account with external logins
    const byName = await as(maria.user).delete('/profile', { username: 'maria' });
    expect([byName.status, byName.body.code]).toEqual([400, 'ACCOUNTS.WRONG_CURRENT_PASSWORD']);
    const extra = await as(maria.user).delete('/profile', { password: PASSWORD, other: 1 });
    expect(extra.status).toBe(400);
    expect((await as(null).delete('/profile', { password: PASSWORD })).status).toBe(401);
    expect({
      consultation: await traces(maria.user.uuid),
      accounts: await accountRows(maria.user.uuid),
    }).toEqual(before);
  });

  it('deletes the account with the right password: statistics unchanged, erasing project emptied', async () => {
    const stats = await statistics();
    expect(stats.respondents).toBe(2);
    expect(stats.weighted).toBe(5);
    expect(await store().exists(`answers/${maria.file}`)).toBe(true);
    const [erasedBefore] = await cdb<{ n: number }>(
      `SELECT count(*)::int AS n FROM consultation.answer WHERE project = $1`,
      [ELSEWHERE],
    );
    expect(erasedBefore!.n).toBe(2);

    const res = await as(maria.user).delete('/profile', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'data deleted' });
    expect(res.headers['x-agora-session-clear']).toBe('1');

    expect(await accountRows(maria.user.uuid)).toEqual({ users: 0, sessions: 0, enrolments: 0, recovery: 0 });
    expect(await traces(maria.user.uuid)).toEqual(NOTHING);
    // the kept project's statistics: the same respondents, weights and values (the photo value went with its file)
    expect(await statistics()).toEqual(stats);
    const [erased] = await cdb<{ n: number }>(
      `SELECT count(*)::int AS n FROM consultation.answer WHERE project = $1`,
      [ELSEWHERE],
    );
    expect(erased!.n).toBe(1);
    // the kept answers share one fresh owner in the category, with the weight copied to it
    const owners = await cdb<{ owner: string; weight: number }>(
      `SELECT DISTINCT a.owner::text AS owner, w.weight FROM consultation.answer a
         LEFT JOIN consultation.profile_weight w ON w.user_uuid = a.owner AND w.category = $2
        WHERE a.project = $1 AND a.owner <> $3`,
      [PROJECT, OPEN, kostas.user.uuid],
    );
    expect(owners).toHaveLength(1);
    expect(owners[0]!.weight).toBe(3);
    expect(await store().exists(`answers/${maria.file}`)).toBe(false);
    const [post] = await cdb<{ username: string; display_username: string; author: string }>(
      `SELECT username, display_username, author::text AS author FROM consultation.thread_post WHERE raw = 'Καλή ιδέα'
        AND author <> $1`,
      [kostas.user.uuid],
    );
    expect(post).toMatchObject({ username: '', display_username: '' });
    expect(post!.author).not.toBe(owners[0]!.owner);
    // the like of the project stays counted, detached; the like of the kept answer too
    const [likes] = await cdb<{ n: number }>(
      `SELECT count(*)::int AS n FROM consultation.social_reaction WHERE scope = 'project' AND item = $1`,
      [PROJECT],
    );
    expect(likes!.n).toBe(2);

    const [entry] = await svc.db.query<{ action: string; before: unknown; actor_username: string | null }>(
      `SELECT action, before, actor_username FROM accounts.audit_log WHERE object_id = $1 ORDER BY id DESC LIMIT 1`,
      [maria.user.uuid],
    );
    expect(entry).toEqual({
      action: 'users.delete_own',
      before: { uuid: maria.user.uuid },
      actor_username: null,
    });
  });

  it("gives consultation's forget routes to the accounts service alone", async () => {
    const server = consultation.app.getHttpServer();
    const path = `/internal/users/${kostas.user.uuid}/forget`;
    for (const identity of [
      consultation.identity(kostas.user),
      consultation.identity(TEST_ADMIN),
      consultation.identity(null, { sys: 'library' }),
    ]) {
      expect((await request(server).get(path).set(IDENTITY_HEADER, identity)).status).toBe(403);
      expect((await request(server).post(path).set(IDENTITY_HEADER, identity)).status).toBe(403);
    }
    const accounts = consultation.identity(null, { sys: 'accounts' });
    expect(
      (await request(server).get('/internal/users/not-a-uuid/forget').set(IDENTITY_HEADER, accounts)).status,
    ).toBe(404);
    expect(await traces(kostas.user.uuid)).toMatchObject({ answers: 3, files: 1, posts: 1 });
  });

  it('a retry finds nothing left in consultation and succeeds', async () => {
    const res = await request(consultation.app.getHttpServer())
      .post(`/internal/users/${maria.user.uuid}/forget`)
      .set(IDENTITY_HEADER, consultation.identity(null, { sys: 'accounts' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      erased_answers: 0,
      detached_answers: 0,
      profile_answers: 0,
      files: 0,
      likes: 0,
      posts: 0,
    });
    // the account is gone: its session no longer logs in, the route answers 404
    expect((await as(maria.user).delete('/profile', { password: PASSWORD })).status).toBe(404);
    const login = await request(svc.app.getHttpServer())
      .post('/login')
      .set(IDENTITY_HEADER, svc.identity(null))
      .send({ username: 'maria', password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it("the administrator's deletion goes the same way", async () => {
    const stats = await statistics();
    const res = await as(TEST_ADMIN).delete(`/users/uuid/${kostas.user.uuid}`);
    expect(res.status).toBe(200);
    expect(await accountRows(kostas.user.uuid)).toEqual({
      users: 0,
      sessions: 0,
      enrolments: 0,
      recovery: 0,
    });
    expect(await traces(kostas.user.uuid)).toEqual(NOTHING);
    expect(await statistics()).toEqual(stats);
    expect(await store().exists(`answers/${kostas.file}`)).toBe(false);
    const [erased] = await cdb<{ n: number }>(
      `SELECT count(*)::int AS n FROM consultation.answer WHERE project = $1`,
      [ELSEWHERE],
    );
    expect(erased!.n).toBe(0);
    const [entry] = await svc.db.query<{ action: string; before: unknown }>(
      `SELECT action, before FROM accounts.audit_log WHERE object_id = $1 ORDER BY id DESC LIMIT 1`,
      [kostas.user.uuid],
    );
    expect(entry).toEqual({ action: 'users.delete', before: { uuid: kostas.user.uuid } });
  });

  it('an account with an external login confirms with its username; the last administrator is refused', async () => {
    const eleni = await newUser(svc, 'eleni');
    await svc.db.query(
      `INSERT INTO accounts.external_identity (user_uuid, provider, subject, email) VALUES ($1, 'google', 's-1', $2)`,
      [eleni.uuid, eleni.email],
    );
    expect((await as(eleni).get('/profile/deletion')).body.confirm_with).toBe('username');
    const wrong = await as(eleni).delete('/profile', { username: 'elena' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'ACCOUNTS.WRONG_CONFIRMATION']);
    expect((await as(eleni).delete('/profile', { username: 'ELENI' })).status).toBe(200);
    expect(await accountRows(eleni.uuid)).toMatchObject({ users: 0 });

    const [admin] = await svc.db.query<SessionUser>(
      `SELECT uuid::text, username, firstname, lastname, email, role FROM accounts."user" WHERE role = 'admin'`,
    );
    const last = await as(admin!).delete('/profile', { password: ADMIN_PASSWORD });
    expect([last.status, last.body.code]).toEqual([409, 'ACCOUNTS.LAST_ADMIN_DELETE']);
  });

  it('shows the administrators the requests, without personal data once the account is deleted', async () => {
    const zoe = await newUser(svc, 'zoe');
    expect(
      (await request(svc.app.getHttpServer()).post('/profile/data').set(IDENTITY_HEADER, svc.identity(zoe)))
        .status,
    ).toBe(202);
    expect((await as(null).get('/users/data-requests')).status).toBe(401);
    expect((await as(zoe).get('/users/data-requests')).status).toBe(403);
    const res = await as(TEST_ADMIN).get('/users/data-requests');
    expect(res.status).toBe(200);
    const deletions = (res.body.values as Array<Record<string, unknown>>).filter(
      (r) => r.kind === 'deletion',
    );
    expect(deletions.map((d) => [d.requested_by, d.state, d.user])).toEqual([
      ['self', 'done', null],
      ['admin', 'done', null],
      ['self', 'done', null],
    ]);
    expect(deletions[2]!.counts).toMatchObject({
      erased_answers: 1,
      detached_answers: 2,
      files: 1,
      sessions: 2,
    });
    const text = JSON.stringify(deletions);
    for (const u of [maria.user, kostas.user]) {
      expect(text).not.toContain(u.uuid);
      expect(text).not.toContain(u.username);
      expect(text).not.toContain(u.email);
    }
    const exports = await as(TEST_ADMIN).get('/users/data-requests').query({ kind: 'export' });
    expect(exports.body.values).toEqual([
      expect.objectContaining({
        kind: 'export',
        requested_by: 'self',
        user: { uuid: zoe.uuid, username: 'zoe', name: 'Όνομα zoe' },
      }),
    ]);
    expect((await as(TEST_ADMIN).get('/users/data-requests').query({ kind: 'other' })).status).toBe(400);
  });
});

describe('deleting an account while consultation cannot answer', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSULTATION_URL: `http://127.0.0.1:${await closedPort()}/`,
      }),
    );
  });

  afterAll(async () => {
    await svc?.close();
  });

  it('answers 503 with its code and deletes nothing, by the user or by an administrator', async () => {
    const nikos = await newUser(svc, 'nikos');
    await svc.db.query(
      `INSERT INTO accounts.session (id_hash, user_uuid, expires_at) VALUES ('h-nikos', $1, now() + interval '1 day')`,
      [nikos.uuid],
    );
    const own = await callAs(svc, nikos).delete('/profile', { password: PASSWORD });
    expect([own.status, own.body.code]).toEqual([503, 'ACCOUNTS.DELETION_UNAVAILABLE']);
    const byAdmin = await callAs(svc, TEST_ADMIN).delete(`/users/uuid/${nikos.uuid}`);
    expect([byAdmin.status, byAdmin.body.code]).toEqual([503, 'ACCOUNTS.DELETION_UNAVAILABLE']);
    const [rows] = await svc.db.query<{ users: number; sessions: number }>(
      `SELECT (SELECT count(*)::int FROM accounts."user" WHERE uuid = $1) AS users,
              (SELECT count(*)::int FROM accounts.session WHERE user_uuid = $1) AS sessions`,
      [nikos.uuid],
    );
    expect(rows).toEqual({ users: 1, sessions: 1 });
    const requests = await svc.db.query<{ state: string; code: string; user_uuid: string }>(
      `SELECT state, code, user_uuid::text AS user_uuid FROM accounts.data_request WHERE kind = 'deletion'`,
    );
    expect(requests).toEqual([
      { state: 'failed', code: 'ACCOUNTS.DELETION_UNAVAILABLE', user_uuid: nikos.uuid },
      { state: 'failed', code: 'ACCOUNTS.DELETION_UNAVAILABLE', user_uuid: nikos.uuid },
    ]);
  });
});
