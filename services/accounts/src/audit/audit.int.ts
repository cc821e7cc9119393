// The accounts' audit log (decision 0084): every administrator's change of users, enrolments and settings is
// recorded in its transaction with who, when, from where, what, before and after; a refused action records
// nothing; the log is append-only, chained, pruned only from its oldest end, and read by the gateway's route.
import { type Role, type SessionUser } from '@agora/contracts';
import type { AuditLogEntry } from '@agora/contracts/api';
import { AuditLog, GENESIS_HASH } from '@agora/common';
import { auditEntries, bootTestService, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createConsultationService } from '../../../consultation/src/index.js';
import { ADMIN_PASSWORD } from '../../test/accounts-test-helpers.js';
import { accountsService } from '../index.js';

const as = (role: Role, username: string = role): SessionUser => ({ ...TEST_ADMIN, username, role });

describe('the accounts audit log (real Postgres)', () => {
  let consultation: TestService;
  let svc: TestService;
  let category = '';
  let newUser = '';
  let member = '';

  beforeAll(async () => {
    consultation = await bootTestService(createConsultationService({}));
    await consultation.app.listen(0, '127.0.0.1');
    const { port } = consultation.app.getHttpServer().address() as { port: number };
    [{ token: category }] = (await consultation.db.query(
      `INSERT INTO consultation.category (mname, title) VALUES ('audited', 'audited') RETURNING token::text`,
    )) as [{ token: string }];
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSULTATION_URL: `http://127.0.0.1:${port}/`,
      }),
    );
    [{ uuid: member }] = (await svc.db.query(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ('member', 'Μέλος', 'Member', 'member@example.org', 'authorized', 'x') RETURNING uuid::text`,
    )) as [{ uuid: string }];
  });

  afterAll(async () => {
    await svc?.close();
    await consultation?.close();
  });

  const server = () => svc.app.getHttpServer();
  /** The admin's request from 203.0.113.9 with the request id `id`. */
  const admin = (id: string) => ({
    'x-agora-identity': svc.identity(TEST_ADMIN, { ip: '203.0.113.9' }),
    'x-request-id': id,
  });
  const entries = () => auditEntries(svc.db, 'accounts');
  const last = async () => (await entries()).at(-1)!;
  const count = async () => (await entries()).length;

  it('records a user created by an admin, with who, from where, the request and the user as written', async () => {
    const res = await request(server()).post('/users').set(admin('create-1')).send({
      username: 'newbie',
      firstname: 'Νέα',
      lastname: 'Χρήστρια',
      email: 'newbie@example.org',
      password: 'a-password-1',
      address: 'Εγνατίας+12+Θεσσαλονίκη+546 30',
      location: '40.6264;22.9484',
      phone: '+30 2310 123456',
      role: 'editor',
    });
    expect(res.status).toBe(200);
    newUser = res.body.uuid;
    const entry = await last();
    expect(entry).toMatchObject({
      actor_uuid: TEST_ADMIN.uuid,
      actor_username: 'admin',
      actor_role: 'admin',
      ip: '203.0.113.9',
      request_id: 'create-1',
      action: 'users.create',
      object_type: 'user',
      object_id: newUser,
      before: null,
      after: { username: 'newbie', role: 'editor', email: 'newbie@example.org', active: true },
    });
    expect(JSON.stringify(entry)).not.toMatch(/password|argon2/i);
  });

  it('records changes by an admin with the fields before and after, and names role and status changes', async () => {
    const put = (body: object, id: string) =>
      request(server()).put(`/users/uuid/${newUser}`).set(admin(id)).send(body);
    expect((await put({ firstname: 'Άννα' }, 'update-1')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'users.update',
      object_id: newUser,
      before: { firstname: 'Νέα' },
      after: { firstname: 'Άννα' },
      detail: null,
    });
    expect((await put({ role: 'reviewer' }, 'role-1')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'users.role',
      before: { role: 'editor' },
      after: { role: 'reviewer' },
    });
    expect((await put({ active: false }, 'off-1')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'users.deactivate',
      before: { active: true },
      after: { active: false },
    });
    expect((await put({ password: 'another-pass-2' }, 'pw-1')).status).toBe(200);
    const pw = await last();
    expect(pw).toMatchObject({
      action: 'users.update',
      before: {},
      after: {},
      detail: { changed: ['password'] },
    });
    expect(JSON.stringify(pw)).not.toMatch(/another-pass|argon2/);
  });

  it('records nothing for a refused action: a wrong field, an admin’s own status, a non-admin', async () => {
    const before = await count();
    const bad = await request(server())
      .put(`/users/uuid/${newUser}`)
      .set(admin('bad-1'))
      .send({ email: 'x' });
    expect(bad.status).toBe(400);
    const own = await request(server())
      .put(`/users/uuid/${TEST_ADMIN.uuid}`)
      .set(admin('own-1'))
      .send({ active: false });
    expect(own.status).toBeGreaterThanOrEqual(400);
    expect(own.status).toBeLessThan(500);
    const editor = await request(server())
      .delete(`/users/uuid/${newUser}`)
      .set('x-agora-identity', svc.identity(as('editor')));
    expect(editor.status).toBe(403);
    const missing = await request(server())
      .delete(`/users/uuid/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f`)
      .set(admin('missing-1'));
    expect(missing.status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('records enrolments by an admin, their role changes and unenrolments', async () => {
    const enrol = await request(server())
      .post('/enrolment')
      .set(admin('enrol-1'))
      .send({ category, uuids: [member], role: 'normal' });
    expect(enrol.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'enrolments.create',
      object_type: 'category',
      object_id: category,
      after: { role: 'normal', users: [member] },
    });
    // enrolled already: nothing changes, nothing is recorded
    const again = await count();
    await request(server())
      .post('/enrolment')
      .set(admin('enrol-2'))
      .send({ category, uuids: [member], role: 'normal' });
    expect(await count()).toBe(again);

    const role = await request(server())
      .put(`/enrolment/category/${category}/userid/${member}`)
      .set(admin('enrol-role-1'))
      .send({ role: 'expert' });
    expect(role.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'enrolments.role',
      object_type: 'enrolment',
      object_id: `${category}/${member}`,
      before: { role: 'normal' },
      after: { role: 'expert' },
    });
    const gone = await request(server())
      .delete(`/enrolment/category/${category}/userid/${member}`)
      .set(admin('enrol-del-1'));
    expect(gone.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'enrolments.delete',
      before: { category, user: member, role: 'expert' },
      after: null,
    });
    const n = await count();
    const notEnrolled = await request(server())
      .delete(`/enrolment/category/${category}/userid/${member}`)
      .set(admin('enrol-del-2'));
    expect(notEnrolled.status).toBe(404);
    expect(await count()).toBe(n);
  });

  it('records settings changed, with the values before and after, and a refused change not at all', async () => {
    const general = await request(server())
      .post('/settings/scope/general')
      .set(admin('settings-1'))
      .send({ multilingual: false });
    expect(general.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'settings.update',
      object_type: 'settings',
      object_id: 'general',
      before: { multilingual: null },
      after: { multilingual: false },
    });
    const texts = { el: { title: 'Πολιτική', body: '<p>α</p>' }, en: { title: 'Policy', body: '<p>a</p>' } };
    expect(
      (await request(server()).post('/settings/scope/policy').set(admin('p-1')).send(texts)).status,
    ).toBe(200);
    expect(await last()).toMatchObject({
      action: 'settings.update',
      object_id: 'policy',
      after: { policy: texts },
    });
    const n = await count();
    const refused = await request(server())
      .post('/settings/scope/general')
      .set(admin('settings-2'))
      .send({ map: { center: { lat: 91, lng: 0 }, zoom: 7 } });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(n);
  });

  it('records a user deleted by an admin by their uuid alone (decision 0088)', async () => {
    const res = await request(server()).delete(`/users/uuid/${newUser}`).set(admin('delete-1'));
    expect(res.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'users.delete',
      object_id: newUser,
      before: { uuid: newUser },
      after: null,
    });
    expect(JSON.stringify(await last())).not.toContain('newbie');
  });

  it('serves pages to the gateway alone: newest first, filtered, after a position', async () => {
    const gateway = svc.identity(null, { sys: 'gateway' });
    const page = (query: Record<string, string>) =>
      request(server()).get('/internal/accounts/audit').query(query).set('x-agora-identity', gateway);
    const all = (await entries()).map((e) => e.id).reverse();
    const first = await page({ limit: '3' });
    expect(first.status).toBe(200);
    const ids = (r: { body: { entries: AuditLogEntry[] } }) => r.body.entries.map((e) => e.id);
    expect(ids(first)).toEqual(all.slice(0, 3));
    const lastOfFirst = first.body.entries[2] as AuditLogEntry;
    const second = await page({ limit: '3', before_at: lastOfFirst.at, before_id: lastOfFirst.id });
    expect(ids(second)).toEqual(all.slice(3, 6));

    const users = await page({ action: 'users' });
    expect(new Set(users.body.entries.map((e: AuditLogEntry) => e.action))).toEqual(
      new Set(['users.create', 'users.update', 'users.role', 'users.deactivate', 'users.delete']),
    );
    const byObject = await page({ object_type: 'user', object_id: newUser, action: 'users.role' });
    expect(byObject.body.entries).toHaveLength(1);
    expect(byObject.body.entries[0]).toMatchObject({
      actor: { uuid: TEST_ADMIN.uuid, username: 'admin', role: 'admin' },
      ip: '203.0.113.9',
      request_id: 'role-1',
      object: { type: 'user', id: newUser },
    });
    expect((await page({ user: 'ADMIN' })).body.entries).toHaveLength(all.length);
    expect((await page({ user: TEST_ADMIN.uuid })).body.entries).toHaveLength(all.length);
    expect((await page({ user: 'someone-else' })).body.entries).toEqual([]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page({ from: future })).body.entries).toEqual([]);
    expect((await page({ to: future })).body.entries).toHaveLength(all.length);

    expect((await page({ limit: '0' })).status).toBe(400);
    expect((await page({ from: 'yesterday' })).status).toBe(400);
    const asAdmin = await request(server())
      .get('/internal/accounts/audit')
      .set('x-agora-identity', svc.identity(TEST_ADMIN));
    expect(asAdmin.status).toBe(403);
  });

  it('refuses to change, remove or empty an entry, and its anchors, in the database itself', async () => {
    await expect(svc.db.query(`UPDATE accounts.audit_log SET ip = '198.51.100.1'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(svc.db.query(`DELETE FROM accounts.audit_log`)).rejects.toThrow(/append-only/);
    await expect(svc.db.query(`TRUNCATE accounts.audit_log`)).rejects.toThrow(/append-only/);
  });

  it('keeps a sound chain, and its retention removes the oldest entries leaving their last hash as the anchor', async () => {
    const audit = svc.app.get(AuditLog);
    const n = await count();
    expect(await audit.verify()).toMatchObject({ anchor: GENESIS_HASH, entries: n, broken: null });
    // nothing is old enough yet
    expect(await audit.prune()).toBe(0);
    const [{ hash: head }] = (await svc.db.query(
      `SELECT hash FROM accounts.audit_log l ORDER BY l.id DESC LIMIT 1`,
    )) as [{ hash: string }];
    // as if the retention's days had gone by
    const later = new Date(Date.now() + (audit.retentionDays + 1) * 86_400_000);
    expect(await audit.prune(later)).toBe(n);
    expect(await count()).toBe(0);
    expect(await audit.verify()).toEqual({
      schema: 'accounts',
      anchor: head,
      entries: 0,
      head,
      broken: null,
    });
    // the anchor is append-only too
    await expect(svc.db.query(`UPDATE accounts.audit_anchor SET hash = 'x'`)).rejects.toThrow(/append-only/);
    await expect(svc.db.query(`DELETE FROM accounts.audit_anchor`)).rejects.toThrow(/append-only/);
    // the next entry chains to the anchor
    await request(server())
      .post('/settings/scope/general')
      .set(admin('after-1'))
      .send({ multilingual: true });
    expect(await audit.verify()).toMatchObject({ anchor: head, entries: 1, broken: null });
  });
});
