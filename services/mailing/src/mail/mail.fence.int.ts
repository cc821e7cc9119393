import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { bootTestService, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { createMailingService } from '../service.js';
import { waitFor } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/sink.js';
import { MAIL_QUEUE, mailMessageId, sendMailJobId, type SendMailJob } from './mail.jobs.js';
import { MailService, type DeliveryOutcome } from './mail.service.js';
import { MailStore } from './mail.store.js';

// Two attempts on one row (a job that looked stalled while its worker still ran), and the recovery of rows left
// 'sending': real Postgres, real Redis, the real SMTP pool and the counting sink. No worker runs in this process;
// the attempts are MailService.deliver called side by side.
jest.setTimeout(30_000);

let svc: TestService;
let sink: SmtpSink;
let ds: DataSource;
let queue: Queue<SendMailJob>;
let mail: MailService;
let store: MailStore;

beforeAll(async () => {
  sink = await startSmtpSink();
  svc = await bootTestService(
    createMailingService({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_WORKER: 'off' }),
    { redis: true },
  );
  ds = svc.app.get<DataSource>(getDataSourceToken('mailing'));
  queue = svc.app.get<Queue<SendMailJob>>(getQueueToken(MAIL_QUEUE));
  mail = svc.app.get(MailService);
  store = svc.app.get(MailStore);
});

afterEach(() => {
  jest.restoreAllMocks();
  sink.release();
});

afterAll(async () => {
  await queue?.obliterate({ force: true });
  await svc?.close();
  await sink?.close();
});

async function insertMail(status = 'queued', extra = ''): Promise<string> {
  const [row] = (await ds.query(
    `INSERT INTO mailing.mail (to_address, subject, text_body, status, attempts, claim, data_end_at)
     VALUES ('race@example.org', $1, 'body', $2, ${status === 'queued' ? 0 : 1},
             ${status === 'queued' ? 'NULL' : 'gen_random_uuid()'}, ${extra || 'NULL'})
     RETURNING id`,
    [`race ${randomUUID()}`, status],
  )) as Array<{ id: string }>;
  return row.id;
}

async function row(id: string) {
  return (await store.findById(id))!;
}

/** Holds the first end-of-data mark of `id` until `release()`: that attempt waits with its whole body sent. */
function holdFirstMark(id: string) {
  const real = store.markDataEnd.bind(store);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  let reached = false;
  jest.spyOn(store, 'markDataEnd').mockImplementation(async (mailId, claim) => {
    if (mailId === id && !held) {
      held = true;
      reached = true;
      await released;
    }
    return real(mailId, claim);
  });
  return { release, reached: () => reached };
}

describe('two attempts on one mail', () => {
  it('the later attempt takes over a row before its end of data; the first one then ends nothing', async () => {
    const id = await insertMail();
    const abandoned = sink.abandoned();
    const gate = holdFirstMark(id);
    const first = mail.deliver(id);
    await waitFor(
      async () => ({ reached: gate.reached(), receiving: sink.receiving() }),
      (s) => s.reached && s.receiving.some((m) => m.includes(mailMessageId(id))),
      { what: 'the first attempt at its end of data' },
    );
    const firstClaim = (await row(id)).claim;

    // the job "stalled": BullMQ hands it to another worker while the first still runs
    expect(await mail.deliver(id)).toBe('sent');
    expect(sink.counts.get(mailMessageId(id))).toBe(1);
    const afterSecond = await row(id);
    expect(afterSecond).toMatchObject({ status: 'sent', attempts: 2 });
    expect(afterSecond.claim).not.toBe(firstClaim);

    gate.release();
    expect(await first).toBe<DeliveryOutcome>('superseded');
    // the first attempt's connection was dropped in the middle of its data: the server got one copy
    await waitFor(
      async () => sink.abandoned(),
      (n) => n === abandoned + 1,
      { what: 'the first connection dropped mid-data' },
    );
    expect(sink.counts.get(mailMessageId(id))).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('after the end of data the later attempt marks the row uncertain; the first one records its answer', async () => {
    const id = await insertMail();
    sink.hold();
    const first = mail.deliver(id);
    await waitFor(
      async () => sink.held(),
      (n) => n === 1,
      { what: 'the first attempt waiting for the answer' },
    );
    expect((await row(id)).dataEndAt).not.toBeNull();

    expect(await mail.deliver(id)).toBe<DeliveryOutcome>('uncertain');
    expect((await row(id)).status).toBe('uncertain');

    sink.release();
    expect(await first).toBe<DeliveryOutcome>('sent');
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sink.counts.get(mailMessageId(id))).toBe(1);
  });

  it('a stale attempt cannot record an outcome over the attempt that holds the row', async () => {
    const id = await insertMail();
    const stale = randomUUID();
    const holder = randomUUID();
    expect(await store.claim(id, stale)).not.toBeNull();
    expect(await store.takeOver(id, holder)).not.toBeNull();
    expect(await store.markDataEnd(id, stale)).toBe(false);
    await store.markSent(id, stale, 'x');
    await store.markFailed(id, stale, 'x', 'failed');
    expect(await store.markUncertain(id, stale, 'x')).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'sending', claim: holder, dataEndAt: null });
    expect(await store.markDataEnd(id, holder)).toBe(true);
    // once the end of data is recorded, the row cannot be taken over any more
    expect(await store.takeOver(id, randomUUID())).toBeNull();
  });
});

describe('recovery of rows left sending (the sweep, and a worker starting)', () => {
  it('queues again a row whose attempt stopped before its end of data, with its job added again', async () => {
    const id = await insertMail('sending');
    expect(await queue.getJobState(sendMailJobId(id))).toBe('unknown');
    const recovered = await mail.recoverOrphans();
    expect(recovered.requeued).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toMatchObject({ status: 'queued', claim: null });
    expect(await queue.getJobState(sendMailJobId(id))).toBe('waiting');
    // and the next attempt sends it: once
    expect(await mail.deliver(id)).toBe('sent');
    expect(sink.counts.get(mailMessageId(id))).toBe(1);
  });

  it('marks uncertain a row whose attempt stopped after its end of data, and sends nothing', async () => {
    const done = await insertMail('sending', 'now()');
    const recovered = await mail.recoverOrphans();
    expect(recovered.uncertain).toBeGreaterThanOrEqual(1);
    expect(await row(done)).toMatchObject({ status: 'uncertain' });
    expect(sink.counts.get(mailMessageId(done))).toBeUndefined();
  });
});
