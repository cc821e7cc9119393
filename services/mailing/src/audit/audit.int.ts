// The mailing service's audit log (decision 0084): templates changed, invitations withdrawn and deleted, with who,
// from where, before and after; a refused action records nothing.
import { randomUUID } from 'node:crypto';
import { auditEntries, bootTestService, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createMailingService } from '../service.js';

let svc: TestService;

beforeAll(async () => {
  svc = await bootTestService(createMailingService({ MAIL_WORKER: 'off' }), { redis: true });
});
afterAll(() => svc?.close());

const send = (method: 'put' | 'post' | 'delete', path: string, id: string) => {
  const http = request(svc.app.getHttpServer());
  return http[method](path)
    .set('x-agora-identity', svc.identity(TEST_ADMIN, { ip: '192.0.2.33' }))
    .set('x-request-id', id);
};
const entries = () => auditEntries(svc.db, 'mailing');
const last = async () => (await entries()).at(-1)!;
const count = async () => (await entries()).length;

/** An invitation not accepted, as a sent batch leaves it. */
async function invitation(email: string): Promise<string> {
  const id = randomUUID();
  await svc.db.query(
    `INSERT INTO mailing.invitation (id, token_hash, firstname, lastname, email, enrolment, locale, message,
       with_oauth, batch, expires, created_by)
     VALUES ($1, $2, 'Wanda', 'W', $3, '[]'::jsonb, 'en', 'Welcome', false, $4, now() + interval '7 days', $5)`,
    [id, randomUUID(), email, randomUUID(), TEST_ADMIN.uuid],
  );
  return id;
}

it('records a template changed with its content before and after, and a refused change not at all', async () => {
  const body = { subject: 'Πρόσκληση [firstname]', html: '<p>Καλώς ήρθατε [firstname]</p>', text: '' };
  const res = await send('put', '/mailTemplate/name/invitation/locale/el', 'tpl-1').send(body);
  expect(res.status).toBe(200);
  const entry = await last();
  expect(entry).toMatchObject({
    actor_uuid: TEST_ADMIN.uuid,
    ip: '192.0.2.33',
    request_id: 'tpl-1',
    action: 'templates.update',
    object_type: 'template',
    object_id: 'invitation/el',
    after: { subject: 'Πρόσκληση [firstname]', html: '<p>Καλώς ήρθατε [firstname]</p>' },
  });
  expect(entry.before).toEqual(expect.objectContaining({ subject: expect.any(String) }));
  const n = await count();
  expect((await send('put', '/mailTemplate/name/nothing/locale/el', 'tpl-2').send(body)).status).toBe(404);
  expect(
    (
      await send('put', '/mailTemplate/name/invitation/locale/el', 'tpl-3').send({
        subject: 's',
        html: '',
        text: '',
      })
    ).status,
  ).toBe(400);
  expect(await count()).toBe(n);
});

it('records an invitation withdrawn once, and one deleted with what it was', async () => {
  const id = await invitation('wanda@example.org');
  expect((await send('post', `/invitation/id/${id}/cancel`, 'inv-1')).status).toBe(200);
  expect(await last()).toMatchObject({
    action: 'invitations.withdraw',
    object_type: 'invitation',
    object_id: id,
    before: { cancelled: null },
    after: { cancelled: expect.any(String) },
  });
  const n = await count();
  // withdrawn again: the same answer, nothing new to record
  expect((await send('post', `/invitation/id/${id}/cancel`, 'inv-2')).status).toBe(200);
  expect(await count()).toBe(n);

  expect((await send('delete', `/invitation/id/${id}`, 'inv-3')).status).toBe(200);
  expect(await last()).toMatchObject({
    action: 'invitations.delete',
    object_id: id,
    before: { email: 'wanda@example.org', firstname: 'Wanda', cancelled: expect.any(String) },
    after: null,
  });
  const m = await count();
  expect((await send('delete', `/invitation/id/${id}`, 'inv-4')).status).toBe(404);
  expect(await count()).toBe(m);
});
