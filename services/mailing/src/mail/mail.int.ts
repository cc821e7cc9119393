import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import { bootTestService, runScheduledNow, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createMailingService } from '../service.js';
import { startInbox, SmtpRelay, waitFor, type Inbox } from '../../test/harness.js';
import {
  MAIL_QUEUE,
  MAIL_SWEEP_QUEUE,
  MAIL_SWEEP_SCHEDULER,
  SEND_MAIL_JOB,
  sendMailJobId,
  type SendMailJob,
} from './mail.jobs.js';
import { MailRecovery, SWEEP_INTERVAL_MS } from './mail.recovery.js';
import { MailService, type MailView } from './mail.service.js';

// Real Postgres (fresh database, real migrations), real Redis (unique prefix), real SMTP server (maildev).

// The project's testTimeout is not applied per project by jest: give polling tests room here.
jest.setTimeout(60_000);

const admin: SessionUser = {
  uuid: randomUUID(),
  username: 'admin',
  firstname: 'Ada',
  lastname: 'Admin',
  email: 'admin@example.org',
  role: 'admin',
};

let svc: TestService;
let inbox: Inbox;
let relay: SmtpRelay;
let queue: Queue<SendMailJob>;
let ds: DataSource;

const system = () => svc.identity(null, { sys: 'gateway' });
const http = () => request(svc.app.getHttpServer());
const uniqueSubject = (what: string) => `${what} ${randomUUID()}`;

async function post(body: Record<string, unknown>, identity: string | null = system()) {
  const req = http().post('/internal/mail');
  if (identity) req.set(IDENTITY_HEADER, identity);
  return req.send(body);
}

async function view(id: string): Promise<MailView> {
  const res = await http().get(`/internal/mail/${id}`).set(IDENTITY_HEADER, system());
  expect(res.status).toBe(200);
  return res.body as MailView;
}

const waitForStatus = (id: string, done: (m: MailView) => boolean, what: string) =>
  waitFor(() => view(id), done, { what });

/** Waits until the queue has finished the job (the worker returned or gave up). */
const waitForJob = (jobId: string) =>
  waitFor(
    () => queue.getJobState(jobId),
    (s) => s === 'completed' || s === 'failed',
    { what: `job ${jobId} to finish` },
  );

beforeAll(async () => {
  inbox = await startInbox();
  relay = await SmtpRelay.start(inbox.port);
  const def = createMailingService({
    SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
    MAIL_FROM: 'Agora Test <no-reply@agora.test>',
    MAIL_BACKOFF_MS: '100',
    MAIL_MAX_ATTEMPTS: '6',
  });
  svc = await bootTestService(def, { redis: true });
  queue = svc.app.get<Queue<SendMailJob>>(getQueueToken(MAIL_QUEUE));
  ds = svc.app.get<DataSource>(getDataSourceToken('mailing'));
});

afterAll(async () => {
  await queue?.obliterate({ force: true });
  await svc?.close();
  await relay?.down();
  await inbox?.close();
});

describe('mail queue on Redis, delivered to a real SMTP server', () => {
  it('delivers a mail enqueued over HTTP exactly once, with its subject, recipient and Message-ID', async () => {
    const subject = uniqueSubject('Καλωσορίσατε / Welcome');
    const res = await post({ to: 'citizen@example.org', subject, text: 'Γεια σας!\nHello!' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.any(String), status: 'queued' });
    const id = res.body.id as string;

    const sent = await waitForStatus(id, (m) => m.status === 'sent', 'the mail to be sent');
    expect(sent).toMatchObject({ attempts: 1, lastError: null, messageId: `<mail-${id}@agora>` });
    expect(sent.sentAt).not.toBeNull();
    await waitForJob(sendMailJobId(id));

    const received = await waitFor(
      () => inbox.withSubject(subject),
      (l) => l.length > 0,
      { what: 'the inbox' },
    );
    expect(received).toHaveLength(1);
    expect(received[0].to.map((t) => t.address)).toEqual(['citizen@example.org']);
    expect(received[0].envelope.to.map((t) => t.address)).toEqual(['citizen@example.org']);
    expect(received[0].from[0].address).toBe('no-reply@agora.test');
    expect(received[0].messageId).toBe(`mail-${id}@agora`);
    expect(received[0].text?.trim()).toBe('Γεια σας!\nHello!');
  });

  it('sends once when the same idempotency key is enqueued twice, and refuses the key for another mail', async () => {
    const subject = uniqueSubject('Idempotent');
    const body = {
      to: 'twice@example.org',
      subject,
      text: 'once',
      idempotencyKey: `invitation-${randomUUID()}`,
    };
    const first = await post(body);
    const second = await post(body);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.id).toBe(first.body.id);

    await waitForStatus(first.body.id, (m) => m.status === 'sent', 'the mail to be sent');
    const third = await post(body);
    expect(third.status).toBe(202);
    expect(third.body).toEqual({ id: first.body.id, status: 'sent' });
    await waitForJob(sendMailJobId(first.body.id));
    expect(await inbox.withSubject(subject)).toHaveLength(1);

    const reused = await post({ ...body, subject: 'something else' });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ Error: expect.any(String), code: 'MAIL.IDEMPOTENCY_KEY_REUSED' });
  });

  it('does not send again when the job runs again after the mail was sent', async () => {
    const subject = uniqueSubject('Retried job');
    const { id } = (await post({ to: 'retry@example.org', subject, text: 'only once' })).body as {
      id: string;
    };
    await waitForStatus(id, (m) => m.status === 'sent', 'the mail to be sent');
    await waitForJob(sendMailJobId(id));

    // A second job for the same mail (as after a lost acknowledgement), and the same job id added again.
    const again = await queue.add(SEND_MAIL_JOB, { mailId: id }, { jobId: `again-${id}` });
    await svc.app.get(MailService).addJob(id);
    await waitForJob(again.id!);
    expect((await queue.getJob(again.id!))?.returnvalue).toBe('already-sent');
    expect(await svc.app.get(MailService).deliver(id)).toBe('already-sent');

    expect(await inbox.withSubject(subject)).toHaveLength(1);
    expect(await view(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('does not resend a mail left by a crash after its end of data: it becomes uncertain', async () => {
    const subject = uniqueSubject('Crashed');
    // The state a worker leaves behind when the process dies after recording its end of data, before the answer.
    const [row] = (await ds.query(
      `INSERT INTO mailing.mail (to_address, subject, text_body, status, attempts, claim, data_end_at)
       VALUES ('crash@example.org', $1, 'body', 'sending', 1, gen_random_uuid(), now()) RETURNING id`,
      [subject],
    )) as Array<{ id: string }>;
    await svc.app.get(MailService).addJob(row.id);

    const after = await waitForStatus(
      row.id,
      (m) => m.status === 'uncertain',
      'the mail to become uncertain',
    );
    expect(after).toMatchObject({ attempts: 1, sentAt: null, messageId: null });
    expect(after.lastError).toMatch(/not sent again/);
    await waitForJob(sendMailJobId(row.id));
    expect((await queue.getJob(sendMailJobId(row.id)))?.returnvalue).toBe('uncertain');
    expect(await inbox.withSubject(subject)).toHaveLength(0);
  });

  it('sends a mail left by a crash before its end of data (the server cannot have it), once', async () => {
    const subject = uniqueSubject('Crashed before the end of data');
    const [row] = (await ds.query(
      `INSERT INTO mailing.mail (to_address, subject, text_body, status, attempts, claim)
       VALUES ('crash@example.org', $1, 'body', 'sending', 1, gen_random_uuid()) RETURNING id`,
      [subject],
    )) as Array<{ id: string }>;
    await svc.app.get(MailService).addJob(row.id);

    const after = await waitForStatus(row.id, (m) => m.status === 'sent', 'the mail to be sent');
    expect(after).toMatchObject({ attempts: 2, lastError: null });
    await waitForJob(sendMailJobId(row.id));
    expect((await queue.getJob(sendMailJobId(row.id)))?.returnvalue).toBe('sent');
    await waitFor(
      () => inbox.withSubject(subject),
      (l) => l.length > 0,
      { what: 'the inbox' },
    );
    expect(await inbox.withSubject(subject)).toHaveLength(1);
  });

  it('adds the missing job of a mail left queued (producer died after its commit) and delivers it, every minute', async () => {
    await svc.app.get(MailRecovery).scheduled;
    const sweeps = svc.app.get<Queue>(getQueueToken(MAIL_SWEEP_QUEUE));
    expect(await sweeps.getJobScheduler(MAIL_SWEEP_SCHEDULER)).toEqual(
      expect.objectContaining({ every: SWEEP_INTERVAL_MS, name: 'sweep' }),
    );
    const subject = uniqueSubject('Orphan');
    const [row] = (await ds.query(
      `INSERT INTO mailing.mail (to_address, subject, text_body, created)
       VALUES ('orphan@example.org', $1, 'body', now() - interval '2 minutes') RETURNING id`,
      [subject],
    )) as Array<{ id: string }>;
    const [fresh] = (await ds.query(
      `INSERT INTO mailing.mail (to_address, subject, text_body) VALUES ('fresh@example.org', $1, 'body') RETURNING id`,
      [uniqueSubject('Fresh')],
    )) as Array<{ id: string }>;
    expect(await queue.getJobState(sendMailJobId(row.id))).toBe('unknown');

    // the sweep's next run, as its minute had come
    expect(await runScheduledNow(sweeps, MAIL_SWEEP_SCHEDULER)).toBeGreaterThanOrEqual(1);
    await waitForStatus(row.id, (m) => m.status === 'sent', 'the orphaned mail to be sent');
    expect(await queue.getJobState(sendMailJobId(fresh.id))).toBe('unknown');
    await waitFor(
      () => inbox.withSubject(subject),
      (l) => l.length > 0,
      { what: 'the inbox' },
    );
    await ds.query(`DELETE FROM mailing.mail WHERE id = $1`, [fresh.id]);
  });

  it('retries with backoff while the SMTP server is unreachable, then delivers once', async () => {
    const subject = uniqueSubject('Server down');
    await relay.down();
    let id: string;
    try {
      const res = await post({ to: 'later@example.org', subject, text: 'eventually' });
      expect(res.status).toBe(202);
      id = res.body.id;
      const failed = await waitForStatus(id, (m) => m.status === 'failed', 'a failed attempt');
      expect(failed.attempts).toBeGreaterThanOrEqual(1);
      expect(failed.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(await queue.getJobState(sendMailJobId(id))).not.toBe('failed');
    } finally {
      await relay.up();
    }

    const sent = await waitForStatus(id, (m) => m.status === 'sent', 'the mail to be sent after recovery');
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.lastError).toBeNull();
    await waitForJob(sendMailJobId(id));
    expect(await inbox.withSubject(subject)).toHaveLength(1);
  });

  it('accepts a body of 100,000 characters of Greek text and refuses one more', async () => {
    const text = 'α'.repeat(100_000);
    const ok = await post({ to: 'long@example.org', subject: uniqueSubject('Long'), text });
    expect(ok.status).toBe(202);
    const tooLong = await post({
      to: 'long@example.org',
      subject: uniqueSubject('Too long'),
      text: `${text}α`,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.Error).toEqual(expect.any(String));
    await waitForStatus(ok.body.id, (m) => m.status === 'sent', 'the long mail to be sent');
  });
});

describe('internal mail API access and validation', () => {
  const valid = { to: 'someone@example.org', subject: 'Hi', text: 'Hello' };

  it('answers 401 without an identity and 403 to a user identity or a service identity', async () => {
    const none = await post(valid, null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ Error: 'missing or invalid identity', code: 'AUTH.IDENTITY' });

    const user = await post(valid, svc.identity(admin, { sid: 'sid-1' }));
    expect(user.status).toBe(403);
    expect(user.body.Error).toEqual(expect.any(String));

    const anonymous = await http()
      .get(`/internal/mail/${randomUUID()}`)
      .set(IDENTITY_HEADER, svc.identity(null));
    expect(anonymous.status).toBe(403);
    // no service calls it (they send mail through the mail-requests queue)
    for (const sys of ['accounts', 'consultation', 'library', 'mailing'] as const)
      expect((await post(valid, svc.identity(null, { sys }))).status).toBe(403);
    const before = (await ds.query(`SELECT count(*)::int AS n FROM mailing.mail`)) as Array<{ n: number }>;
    await post(valid, svc.identity(admin, { sid: 'sid-1' }));
    const after = (await ds.query(`SELECT count(*)::int AS n FROM mailing.mail`)) as Array<{ n: number }>;
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers 400 with {"Error"} on bad input and writes nothing', async () => {
    const before = (await ds.query(`SELECT count(*)::int AS n FROM mailing.mail`)) as Array<{ n: number }>;
    // each refusal names the field (decision 0033)
    for (const [body, field] of [
      [{ ...valid, to: 'not-an-email' }, 'to'],
      [{ ...valid, to: undefined }, 'to'],
      [{ ...valid, subject: '' }, 'subject'],
      [{ ...valid, subject: 'x'.repeat(201) }, 'subject'],
      [{ ...valid, subject: 'two\nlines' }, 'subject'],
      [{ ...valid, text: '' }, 'text'],
      [{ ...valid, text: 42 }, 'text'],
      [{ ...valid, idempotencyKey: 'has space' }, 'idempotencyKey'],
      [{ ...valid, extra: 'field' }, 'extra'],
    ] as const) {
      const res = await post(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toMatchObject({ Error: expect.any(String), code: 'REQUEST.INVALID', field });
    }
    const malformed = await http()
      .post('/internal/mail')
      .set(IDENTITY_HEADER, system())
      .set('content-type', 'application/json')
      .send('{"to": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.Error).toEqual(expect.any(String));
    const after = (await ds.query(`SELECT count(*)::int AS n FROM mailing.mail`)) as Array<{ n: number }>;
    expect(after[0].n).toBe(before[0].n);
  });

  it('reads a null html or idempotencyKey as none', async () => {
    const res = await post({ ...valid, subject: uniqueSubject('Nulls'), html: null, idempotencyKey: null });
    expect(res.status).toBe(202);
    const [row] = (await ds.query(`SELECT html_body, idempotency_key FROM mailing.mail WHERE id = $1`, [
      res.body.id,
    ])) as Array<{ html_body: string | null; idempotency_key: string | null }>;
    expect(row).toEqual({ html_body: null, idempotency_key: null });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await http().get('/internal/mail/not-a-uuid').set(IDENTITY_HEADER, system());
    expect(bad.status).toBe(400);
    expect(bad.body.Error).toEqual(expect.any(String));
    const unknown = await http().get(`/internal/mail/${randomUUID()}`).set(IDENTITY_HEADER, system());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Error: 'mail not found', code: 'MAIL.NOT_FOUND' });
  });

  it('reports the queue in /ready', async () => {
    const res = await http().get('/ready');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ database: 'ok', queue: 'ok' });
  });
});
