import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createMailingService } from '../service.js';
import { startInbox, waitFor, waitForMailSent, type Inbox } from '../../test/harness.js';

// The same service with no Redis: BullMQ runs on its Postgres backend (schema bullmq of the test database).
jest.setTimeout(60_000);

let svc: TestService;
let inbox: Inbox;

beforeAll(async () => {
  inbox = await startInbox();
  svc = await bootTestService(createMailingService({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}` }));
});

afterAll(async () => {
  await svc?.close();
  await inbox?.close();
});

it('delivers a mail through the queue on the Postgres backend', async () => {
  expect(svc.infra.queueBackend).toBe('postgres');
  const subject = `Postgres queue ${randomUUID()}`;
  const system = svc.identity(null, { sys: 'gateway' });
  const res = await request(svc.app.getHttpServer())
    .post('/internal/mail')
    .set(IDENTITY_HEADER, system)
    .send({ to: 'pg@example.org', subject, text: 'via Postgres' });
  expect(res.status).toBe(202);

  const sent = await waitForMailSent(svc.app, system, res.body.id, { what: 'the mail to be sent' });
  expect(sent.attempts).toBe(1);
  const received = await waitFor(
    () => inbox.withSubject(subject),
    (l) => l.length > 0,
    { what: 'the inbox' },
  );
  expect(received).toHaveLength(1);
  expect(received[0].to[0].address).toBe('pg@example.org');

  const ready = await request(svc.app.getHttpServer()).get('/ready');
  expect(ready.body.checks).toEqual({ database: 'ok', queue: 'ok' });
});
