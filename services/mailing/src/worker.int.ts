import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, testIdentityEnv, testRedisUrl, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { MAIL_QUEUE, sendMailJobId } from './mail/mail.jobs.js';
import { createMailingService } from './service.js';
import { startInbox, waitForMailSent, type Inbox } from '../test/harness.js';
import { startMailWorker, type MailWorker } from './worker-app.js';

// MAIL_WORKER=off: the HTTP service only enqueues; the worker of worker.ts (no HTTP) sends.
jest.setTimeout(60_000);

let svc: TestService;
let inbox: Inbox;
let worker: MailWorker | undefined;

beforeAll(async () => {
  inbox = await startInbox();
  svc = await bootTestService(
    createMailingService({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, MAIL_WORKER: 'off' }),
    { redis: true },
  );
});

afterAll(async () => {
  await worker?.close();
  await svc?.app.get<Queue>(getQueueToken(MAIL_QUEUE)).obliterate({ force: true });
  await svc?.close();
  await inbox?.close();
});

it('leaves the job waiting with MAIL_WORKER=off, and the separate worker delivers it', async () => {
  const subject = `Separate worker ${randomUUID()}`;
  const system = svc.identity(null, { sys: 'gateway' });
  const res = await request(svc.app.getHttpServer())
    .post('/internal/mail')
    .set(IDENTITY_HEADER, system)
    .send({ to: 'worker@example.org', subject, text: 'from the worker process' });
  expect(res.status).toBe(202);
  const queue = svc.app.get<Queue>(getQueueToken(MAIL_QUEUE));
  expect(await queue.getJobState(sendMailJobId(res.body.id))).toBe('waiting');

  worker = await startMailWorker({
    DATABASE_URL: svc.db.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: svc.config.queue.prefix,
    ...testIdentityEnv('mailing'),
    SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
    LOG_LEVEL: 'silent',
  });

  const sent = await waitForMailSent(svc.app, system, res.body.id, {
    what: 'the mail to be sent by the worker',
  });
  expect(sent.attempts).toBe(1);
  expect(await inbox.withSubject(subject)).toHaveLength(1);
});

it('refuses to start the separate worker on the embedded database', async () => {
  await expect(startMailWorker({ ...testIdentityEnv('mailing'), LOG_LEVEL: 'silent' })).rejects.toThrow(
    /needs DATABASE_URL/,
  );
});
