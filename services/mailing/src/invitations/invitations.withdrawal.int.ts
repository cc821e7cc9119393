// Withdrawing or deleting an invitation while its mail is waiting in the queue or being sent (decision 0079): the
// real Postgres (fresh database, real migrations), the mail queue on the real Redis, a real SMTP server (maildev)
// behind a relay that can hold a connection, so that an attempt is caught mid-send.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, TEST_ADMIN, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { MAIL_QUEUE, sendMailJobId, type SendMailJob } from '../mail/mail.jobs.js';
import { MailService } from '../mail/mail.service.js';
import { createMailingService } from '../service.js';
import { SmtpRelay, startInbox, waitFor, waitForMailSent, type Inbox } from '../../test/harness.js';

jest.setTimeout(60_000);

let svc: TestService;
let inbox: Inbox;
let relay: SmtpRelay;
let queue: Queue<SendMailJob>;

beforeAll(async () => {
  inbox = await startInbox();
  relay = await SmtpRelay.start(inbox.port);
  svc = await bootTestService(
    createMailingService({
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      MAIL_FROM: 'Agora Test <no-reply@agora.test>',
      MAIL_BACKOFF_MS: '100',
      MAIL_MAX_ATTEMPTS: '4',
      // one connection per mail: the connection held is the attempt's own
      MAIL_POOL_CONNECTIONS: '0',
      PUBLIC_URL: 'https://agora.example.gov',
    }),
    { redis: true },
  );
  queue = svc.app.get<Queue<SendMailJob>>(getQueueToken(MAIL_QUEUE));
});

afterAll(async () => {
  await queue?.obliterate({ force: true });
  await svc?.close();
  await relay?.down();
  await inbox?.close();
});

const http = () => request(svc.app.getHttpServer());
const admin = () => svc.identity(TEST_ADMIN);
const mails = () => svc.app.get(MailService);

/** An invitation and its mail, written as a batch writes them (one transaction), its job not yet added. */
async function invitation(): Promise<{ id: string; mailId: string; subject: string; batch: string }> {
  const id = randomUUID();
  const batch = randomUUID();
  const mailId = randomUUID();
  const subject = `Invitation ${id}`;
  const email = `${id}@example.org`;
  await svc.db.query(
    `WITH mail AS (
       INSERT INTO mailing.mail (id, idempotency_key, to_address, subject, text_body)
       VALUES ($2::uuid, 'invitation-' || $1::text, $3, $4, 'Welcome') RETURNING id)
     INSERT INTO mailing.invitation
       (id, token_hash, firstname, lastname, email, enrolment, mail_id, locale, message, with_oauth, batch,
        expires, created_by)
     SELECT $1::uuid, $5, 'Wanda', 'W', $3, '[]'::jsonb, mail.id, 'en', 'Welcome', false, $6::uuid,
            now() + interval '7 days', $7::uuid
       FROM mail`,
    [id, mailId, email, subject, randomUUID(), batch, TEST_ADMIN.uuid],
  );
  return { id, mailId, subject, batch };
}

const mailRow = async (id: string) =>
  (
    await svc.db.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM mailing.mail WHERE id = $1`,
      [id],
    )
  )[0];

const progress = async (batch: string) =>
  (await http().get(`/invitation/batch/${batch}`).set(IDENTITY_HEADER, admin())).body as unknown;
const WITHDRAWN = { total: 1, queued: 0, sent: 0, failed: 0, withdrawn: 1, accepted: 0 };

const cancel = (id: string) => http().post(`/invitation/id/${id}/cancel`).set(IDENTITY_HEADER, admin());
const remove = (id: string) => http().delete(`/invitation/id/${id}`).set(IDENTITY_HEADER, admin());

/**
 * The job of `mailId` once the queue is done with it (the worker returned or gave up). The state is read first and
 * the job after it: a job read while still active, whose state is read once it completed, would show no return value.
 */
const finishedJob = (mailId: string) =>
  waitFor(
    async () => {
      const state = await queue.getJobState(sendMailJobId(mailId));
      if (state !== 'completed' && state !== 'failed') return { state, returned: undefined };
      const job = await queue.getJob(sendMailJobId(mailId));
      return { state, returned: job?.returnvalue as unknown };
    },
    (j) => j.state === 'completed' || j.state === 'failed',
    { what: `the job of mail ${mailId} to finish` },
  );

/** A mail sent after the ones under test: once it is in the inbox, the worker has run. */
async function sentinel(): Promise<void> {
  const subject = `Sentinel ${randomUUID()}`;
  const mail = await mails().enqueue({ to: 'sentinel@example.org', subject, text: 'after' });
  await waitForMailSent(svc.app, svc.identity(null, { sys: 'gateway' }), mail.id);
}

describe('a mail whose invitation is withdrawn before it is sent', () => {
  it('a job still waiting in the queue is removed on withdrawal, and no mail goes out', async () => {
    await queue.pause();
    try {
      const inv = await invitation();
      await mails().addJob(inv.mailId);
      expect(await queue.getJobState(sendMailJobId(inv.mailId))).not.toBe('unknown');
      expect(await progress(inv.batch)).toEqual({ ...WITHDRAWN, queued: 1, withdrawn: 0 });

      const res = await cancel(inv.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: inv.id, withdrawn_mails: 1 });
      expect(await queue.getJob(sendMailJobId(inv.mailId))).toBeUndefined();
      expect(await mailRow(inv.mailId)).toEqual({ status: 'cancelled', attempts: 0 });
      expect(await progress(inv.batch)).toEqual(WITHDRAWN);

      await queue.resume();
      await sentinel();
      expect(await inbox.withSubject(inv.subject)).toEqual([]);
      expect(await mailRow(inv.mailId)).toEqual({ status: 'cancelled', attempts: 0 });
    } finally {
      await queue.resume();
    }
  });

  it('a job that runs after its invitation was accepted re-reads it: the mail is cancelled, not sent', async () => {
    await queue.pause();
    const inv = await invitation();
    try {
      await mails().addJob(inv.mailId);
      await svc.db.query(`UPDATE mailing.invitation SET accepted = now() WHERE id = $1`, [inv.id]);
    } finally {
      await queue.resume();
    }
    expect(await finishedJob(inv.mailId)).toEqual({ state: 'completed', returned: 'withdrawn' });
    expect(await mailRow(inv.mailId)).toEqual({ status: 'cancelled', attempts: 0 });
    await sentinel();
    expect(await inbox.withSubject(inv.subject)).toEqual([]);
  });

  it.each([
    ['withdrawn', cancel, { withdrawn_mails: 1 }],
    ['deleted', remove, { message: 'data deleted' }],
  ] as const)(
    'an attempt failing on SMTP after its invitation was %s is not retried into a sent mail',
    async (_what, withdraw, answer) => {
      const held = relay.holdNext();
      const inv = await invitation();
      await mails().addJob(inv.mailId);
      // the first attempt has claimed the mail and is connected to the SMTP server
      const attempt = await held;
      expect(await mailRow(inv.mailId)).toEqual({ status: 'sending', attempts: 1 });

      const res = await withdraw(inv.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject(answer);
      expect((await mailRow(inv.mailId))?.status).toBe('cancelled');

      // the SMTP connection fails (a transient failure): the job is retried, and the retry finds nothing to send
      attempt.fail();
      expect(await finishedJob(inv.mailId)).toEqual({ state: 'completed', returned: 'not-sendable' });
      expect(await mailRow(inv.mailId)).toEqual({ status: 'cancelled', attempts: 1 });
      await sentinel();
      expect(await inbox.withSubject(inv.subject)).toEqual([]);
    },
  );

  it('an attempt caught mid-send by the withdrawal is fenced out before the end of its data', async () => {
    const held = relay.holdNext();
    const inv = await invitation();
    await mails().addJob(inv.mailId);
    const attempt = await held;
    expect((await cancel(inv.id)).body).toMatchObject({ withdrawn_mails: 1 });
    // the connection now reaches the SMTP server: the attempt may not end its data, so nothing is delivered
    attempt.pass();
    expect(await finishedJob(inv.mailId)).toEqual({ state: 'completed', returned: 'superseded' });
    expect(await mailRow(inv.mailId)).toEqual({ status: 'cancelled', attempts: 1 });
    // the batch counts it withdrawn, not queued, sent nor failed
    expect(await progress(inv.batch)).toEqual(WITHDRAWN);
    await sentinel();
    expect(await inbox.withSubject(inv.subject)).toEqual([]);
  });
});
