import { jest } from '@jest/globals';
import { AppError } from '@agora/common';
import { UnrecoverableError, type Queue } from 'bullmq';
import type { Logger } from '../logger.js';
import { loadMailConfig, type MailConfig } from '../config.js';
import type { Mail, MailStatus } from './mail.entity.js';
import type { SendMailJob } from './mail.jobs.js';
import { MailService, UNCERTAIN_REASON } from './mail.service.js';
import type { MailStore } from './mail.store.js';
import type { MailTransport, OutgoingMail, SendHooks } from './mail.transport.js';

/** The mail settings of a deployment that sets none (config.spec.ts checks what they are). */
const config: MailConfig = loadMailConfig({});

const ID = '3f0c1b9e-7d2a-4c55-9b1e-2a6f4e8d9c01';

function mail(over: Partial<Mail> = {}): Mail {
  return {
    id: ID,
    idempotencyKey: null,
    to: 'citizen@example.org',
    subject: 'Hello',
    text: 'Body',
    html: null,
    status: 'queued',
    attempts: 0,
    lastError: null,
    messageId: null,
    created: new Date('2026-11-22T10:00:00Z'),
    sentAt: null,
    claim: null,
    dataEndAt: null,
    ...over,
  };
}

/** An in-memory stand-in for the table, with the same conditional transitions as the SQL. */
function fakeStore(initial: Mail[] = []) {
  const rows = new Map(initial.map((m) => [m.id, { ...m }]));
  const calls: string[] = [];
  const holds = (id: string, claim: string | null) => rows.get(id)?.claim === claim;
  const move = (id: string, from: MailStatus[], to: Partial<Mail>) => {
    const row = rows.get(id);
    if (!row || !from.includes(row.status)) return null;
    Object.assign(row, to);
    return { ...row };
  };
  const store = {
    calls,
    rows,
    findById: jest.fn(async (id: string) => (rows.has(id) ? { ...rows.get(id)! } : null)),
    findByIdempotencyKey: jest.fn(
      async (key: string) => [...rows.values()].find((r) => r.idempotencyKey === key) ?? null,
    ),
    insert: jest.fn(
      async (
        m: Omit<Mail, 'id' | 'status' | 'attempts' | 'lastError' | 'messageId' | 'created' | 'sentAt'>,
      ) => {
        calls.push('insert');
        if (m.idempotencyKey && [...rows.values()].some((r) => r.idempotencyKey === m.idempotencyKey))
          return null;
        const row = mail({ ...m, id: `id-${rows.size + 1}` });
        rows.set(row.id, row);
        return { ...row };
      },
    ),
    claim: jest.fn(async (id: string, claim: string) => {
      calls.push('claim');
      const row = rows.get(id);
      return move(id, ['queued', 'failed'], {
        status: 'sending',
        attempts: (row?.attempts ?? 0) + 1,
        claim,
        dataEndAt: null,
      });
    }),
    takeOver: jest.fn(async (id: string, claim: string) => {
      calls.push('takeOver');
      const row = rows.get(id);
      if (!row || row.dataEndAt) return null;
      return move(id, ['sending'], { attempts: row.attempts + 1, claim });
    }),
    markDataEnd: jest.fn(async (id: string, claim: string) => {
      calls.push('markDataEnd');
      return holds(id, claim) && move(id, ['sending'], { dataEndAt: new Date() }) !== null;
    }),
    markSent: jest.fn(async (id: string, claim: string, messageId: string) => {
      calls.push('markSent');
      if (holds(id, claim))
        move(id, ['sending', 'uncertain'], {
          status: 'sent',
          messageId,
          sentAt: new Date(),
          lastError: null,
        });
    }),
    markFailed: jest.fn(async (id: string, claim: string, error: string, status: 'failed' | 'bounced') => {
      calls.push(`markFailed:${status}`);
      if (holds(id, claim)) move(id, ['sending', 'uncertain'], { status, lastError: error });
    }),
    markUncertain: jest.fn(async (id: string, claim: string | null, reason: string) => {
      calls.push('markUncertain');
      return holds(id, claim) && move(id, ['sending'], { status: 'uncertain', lastError: reason }) !== null;
    }),
    requeueUnsent: jest.fn(async (id: string, claim: string | null) => {
      calls.push('requeueUnsent');
      const row = rows.get(id);
      if (!row || row.dataEndAt || !holds(id, claim)) return false;
      return move(id, ['sending'], { status: 'queued', claim: null }) !== null;
    }),
    // the fake knows no invitations: no mail is of a withdrawn one
    cancelOfClosedInvitation: jest.fn(async () => false),
    findSending: jest.fn(async () =>
      [...rows.values()]
        .filter((r) => r.status === 'sending')
        .map((r) => ({ id: r.id, claim: r.claim, dataEnd: r.dataEndAt !== null })),
    ),
    findStaleQueued: jest.fn(async () =>
      [...rows.values()].filter((r) => r.status === 'queued').map((r) => r.id),
    ),
  };
  return store;
}

type Send = (m: OutgoingMail, hooks: SendHooks) => Promise<{ messageId: string }>;

/** A transport that, like nodemailer with the gate, runs `beforeDataEnd` before the server answers. */
const accepting: Send = async (m, hooks) => {
  await hooks.beforeDataEnd?.();
  return { messageId: m.messageId };
};

function setup(rows: Mail[] = [], send: Send = accepting) {
  const store = fakeStore(rows);
  /** Jobs by id with their state, for the recovery (a job not listed is 'unknown': never added, or removed). */
  const jobs = new Map<string, string>();
  const queue = {
    jobs,
    add: jest.fn(async (name: string, data: SendMailJob, opts: { jobId: string }) => {
      store.calls.push(`add:${opts.jobId}`);
      if (!jobs.has(opts.jobId)) jobs.set(opts.jobId, 'waiting');
      return { id: opts.jobId, name, data };
    }),
    getJobState: jest.fn(async (jobId: string) => jobs.get(jobId) ?? 'unknown'),
    getJob: jest.fn(async (jobId: string) =>
      jobs.has(jobId)
        ? {
            getState: async () => jobs.get(jobId)!,
            remove: async () => {
              store.calls.push(`remove:${jobId}`);
              jobs.delete(jobId);
            },
          }
        : undefined,
    ),
  };
  const transport = { send: jest.fn((m: OutgoingMail, hooks: SendHooks = {}) => send(m, hooks)) };
  const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn() };
  const service = new MailService(
    store as unknown as MailStore,
    queue as unknown as Queue<SendMailJob>,
    transport as MailTransport,
    config,
    logger as unknown as Logger,
  );
  return { service, store, queue, transport, logger };
}

function smtpError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('MailService.enqueue', () => {
  it('writes the row first, then adds one job named send with the mail id and a job id derived from it', async () => {
    const { service, store, queue } = setup();
    const created = await service.enqueue({ to: 'a@example.org', subject: 'S', text: 'T' });
    expect(created.status).toBe('queued');
    expect(store.calls).toEqual(['insert', `add:mail-${created.id}`]);
    expect(queue.add).toHaveBeenCalledWith('send', { mailId: created.id }, { jobId: `mail-${created.id}` });
    expect(store.insert).toHaveBeenCalledWith({
      to: 'a@example.org',
      subject: 'S',
      text: 'T',
      html: null,
      idempotencyKey: null,
    });
  });

  it('answers the existing mail for a repeated idempotency key and re-adds its job only while queued', async () => {
    const { service, store, queue } = setup();
    const input = { to: 'a@example.org', subject: 'S', text: 'T', idempotencyKey: 'invitation-1' };
    const first = await service.enqueue(input);
    const second = await service.enqueue(input);
    expect(second.id).toBe(first.id);
    expect(store.rows.size).toBe(1);
    expect(queue.add).toHaveBeenCalledTimes(2); // same job id: a no-op for the queue, a repair after a crash

    store.rows.get(first.id)!.status = 'sent';
    const third = await service.enqueue(input);
    expect(third.status).toBe('sent');
    expect(queue.add).toHaveBeenCalledTimes(2);
  });

  it('refuses an idempotency key reused for a different mail with a 409', async () => {
    const { service, queue } = setup();
    await service.enqueue({ to: 'a@example.org', subject: 'S', text: 'T', idempotencyKey: 'k' });
    const error = await service
      .enqueue({ to: 'b@example.org', subject: 'S', text: 'T', idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, code: 'MAIL.IDEMPOTENCY_KEY_REUSED' });
    expect(queue.add).toHaveBeenCalledTimes(1);
  });

  it('still accepts the mail when the queue fails after the commit (the worker sweep adds the job later)', async () => {
    const { service, store, queue, logger } = setup();
    queue.add.mockRejectedValueOnce(new Error('redis unreachable'));
    const created = await service.enqueue({ to: 'a@example.org', subject: 'S', text: 'T' });
    expect(created.status).toBe('queued');
    expect(store.rows.get(created.id)!.status).toBe('queued');
    expect(logger.warn).toHaveBeenCalled();
    expect(await service.requeueStale()).toBe(1);
    expect(queue.add).toHaveBeenLastCalledWith(
      'send',
      { mailId: created.id },
      { jobId: `mail-${created.id}` },
    );
  });

  it('does not add a job when the row could not be written', async () => {
    const { service, store, queue } = setup();
    store.insert.mockRejectedValueOnce(new Error('database down'));
    await expect(service.enqueue({ to: 'a@example.org', subject: 'S', text: 'T' })).rejects.toThrow(
      'database down',
    );
    expect(queue.add).not.toHaveBeenCalled();
  });
});

describe('MailService.deliver', () => {
  it('claims, sends with the deterministic Message-ID and the configured sender, marks the end of data, then sent', async () => {
    const { service, store, transport } = setup([mail({ html: '<p>Body</p>' })]);
    expect(await service.deliver(ID)).toBe('sent');
    expect(transport.send).toHaveBeenCalledWith(
      {
        from: 'Agora <no-reply@localhost>',
        to: 'citizen@example.org',
        subject: 'Hello',
        text: 'Body',
        html: '<p>Body</p>',
        messageId: `<mail-${ID}@agora>`,
      },
      { beforeDataEnd: expect.any(Function) },
    );
    expect(store.calls).toEqual(['claim', 'markDataEnd', 'markSent']);
    expect(store.rows.get(ID)!.dataEndAt).toBeInstanceOf(Date);
    expect(store.rows.get(ID)).toMatchObject({
      status: 'sent',
      attempts: 1,
      messageId: `<mail-${ID}@agora>`,
    });
  });

  it('skips a mail that is already sent', async () => {
    const { service, store, transport } = setup([mail({ status: 'sent', attempts: 1 })]);
    expect(await service.deliver(ID)).toBe('already-sent');
    expect(transport.send).not.toHaveBeenCalled();
    expect(store.rows.get(ID)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('does nothing for a job whose mail does not exist', async () => {
    const { service, transport } = setup();
    expect(await service.deliver(ID)).toBe('missing');
    expect(transport.send).not.toHaveBeenCalled();
  });

  it('marks a mail found mid-send after its end of data uncertain and does not send it again', async () => {
    const { service, store, transport } = setup([
      mail({ status: 'sending', attempts: 1, claim: 'old', dataEndAt: new Date() }),
    ]);
    expect(await service.deliver(ID)).toBe('uncertain');
    expect(transport.send).not.toHaveBeenCalled();
    expect(store.rows.get(ID)).toMatchObject({
      status: 'uncertain',
      attempts: 1,
      lastError: UNCERTAIN_REASON,
    });
    // and a later run leaves it alone
    expect(await service.deliver(ID)).toBe('not-sendable');
    expect(transport.send).not.toHaveBeenCalled();
  });

  it('takes over a mail found mid-send before its end of data (the server cannot have it) and sends it', async () => {
    const { service, store, transport } = setup([mail({ status: 'sending', attempts: 1, claim: 'old' })]);
    expect(await service.deliver(ID)).toBe('sent');
    expect(transport.send).toHaveBeenCalledTimes(1);
    expect(store.calls).toEqual(['claim', 'takeOver', 'markDataEnd', 'markSent']);
    expect(store.rows.get(ID)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(store.rows.get(ID)!.claim).not.toBe('old');
  });

  it('ends nothing and records nothing when another attempt took the row over before its end of data', async () => {
    const { service, store } = setup([mail()], async (m, hooks) => {
      // another attempt takes the row over while this one streams the message
      store.rows.get(ID)!.claim = 'newer';
      await hooks.beforeDataEnd?.();
      return { messageId: m.messageId };
    });
    expect(await service.deliver(ID)).toBe('superseded');
    expect(store.calls).toEqual(['claim', 'markDataEnd']);
    expect(store.rows.get(ID)).toMatchObject({ status: 'sending', claim: 'newer', dataEndAt: null });
  });

  it('marks a mail uncertain, without a retry, when the connection failed after its end of data', async () => {
    const lost = smtpError('Connection closed unexpectedly', { code: 'ECONNECTION' });
    const { service, store } = setup([mail()], async (_m, hooks) => {
      await hooks.beforeDataEnd?.();
      throw lost;
    });
    expect(await service.deliver(ID)).toBe('uncertain');
    expect(store.calls).toEqual(['claim', 'markDataEnd', 'markUncertain']);
    expect(store.rows.get(ID)!.status).toBe('uncertain');
    expect(store.rows.get(ID)!.lastError).toContain('no answer after the end of data');
  });

  it('retries a mail the server refused with a 4xx after its end of data (it answered: not kept)', async () => {
    const busy = smtpError('Message failed', { code: 'EMESSAGE', responseCode: 452, response: '452 full' });
    const { service, store } = setup([mail()], async (_m, hooks) => {
      await hooks.beforeDataEnd?.();
      throw busy;
    });
    await expect(service.deliver(ID)).rejects.toBe(busy);
    expect(store.rows.get(ID)!.status).toBe('failed');
  });

  it('marks a transient failure failed and rethrows it so that BullMQ retries, then sends on the retry', async () => {
    let calls = 0;
    const refused = smtpError('connect ECONNREFUSED 127.0.0.1:1025', { code: 'ESOCKET' });
    const { service, store } = setup([mail()], async (m) => {
      calls += 1;
      if (calls === 1) throw refused;
      return { messageId: m.messageId };
    });
    await expect(service.deliver(ID)).rejects.toBe(refused);
    expect(store.rows.get(ID)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:1025',
    });
    expect(await service.deliver(ID)).toBe('sent');
    expect(store.rows.get(ID)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('treats a 4xx reply as transient', async () => {
    const busy = smtpError('Message failed', {
      code: 'EMESSAGE',
      responseCode: 451,
      response: '451 try later',
    });
    const { service } = setup([mail()], async () => {
      throw busy;
    });
    const error = await service.deliver(ID).catch((e: unknown) => e);
    expect(error).toBe(busy);
    expect(error).not.toBeInstanceOf(UnrecoverableError);
  });

  it('gives up at once on a permanent 5xx rejection (UnrecoverableError): bounced, with the reason', async () => {
    const rejected = smtpError('Recipient command failed', {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 user unknown',
      permanent: true,
    });
    const { service, store } = setup([mail()], async () => {
      throw rejected;
    });
    const error = await service.deliver(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect((error as Error).message).toContain('550 5.1.1 user unknown');
    expect(store.rows.get(ID)).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(store.rows.get(ID)!.lastError).toContain('550 5.1.1 user unknown');
  });

  it('leaves the row in sending when recording the success fails, so that the retry does not resend', async () => {
    const { service, store, transport } = setup([mail()]);
    store.markSent.mockRejectedValueOnce(new Error('database went away'));
    await expect(service.deliver(ID)).rejects.toThrow('database went away');
    expect(store.markFailed).not.toHaveBeenCalled();
    expect(store.rows.get(ID)!.status).toBe('sending');
    expect(await service.deliver(ID)).toBe('uncertain');
    expect(transport.send).toHaveBeenCalledTimes(1);
  });
});

describe('MailService.recoverOrphans', () => {
  const JOB = `mail-${ID}`;

  it('queues again a row left before its end of data, replacing its failed job, and leaves an active one alone', async () => {
    const { service, store, queue } = setup([
      mail({ status: 'sending', attempts: 1, claim: 'dead' }),
      mail({ id: 'live', status: 'sending', attempts: 1, claim: 'alive' }),
    ]);
    queue.jobs.set(JOB, 'failed'); // stalled more often than BullMQ allows
    queue.jobs.set('mail-live', 'active');
    expect(await service.recoverOrphans()).toEqual({ requeued: 1, uncertain: 0 });
    expect(store.rows.get(ID)).toMatchObject({ status: 'queued', claim: null });
    expect(store.calls).toEqual(['requeueUnsent', `remove:${JOB}`, `add:${JOB}`]);
    expect(queue.jobs.get(JOB)).toBe('waiting');
    expect(store.rows.get('live')).toMatchObject({ status: 'sending', claim: 'alive' });
  });

  it('marks a row left after its end of data uncertain, and does not add its job again', async () => {
    const { service, store, queue } = setup([
      mail({ status: 'sending', attempts: 1, claim: 'dead', dataEndAt: new Date() }),
    ]);
    queue.jobs.set(JOB, 'completed'); // markSent lost after the job ended
    expect(await service.recoverOrphans()).toEqual({ requeued: 0, uncertain: 1 });
    expect(store.rows.get(ID)).toMatchObject({ status: 'uncertain', lastError: UNCERTAIN_REASON });
    expect(queue.add).not.toHaveBeenCalled();
  });
});

describe('MailService.requeueStale', () => {
  it('adds the job again for every mail still queued', async () => {
    const { service, queue } = setup([mail(), mail({ id: 'other', status: 'sent' })]);
    expect(await service.requeueStale()).toBe(1);
    expect(queue.add).toHaveBeenCalledWith('send', { mailId: ID }, { jobId: `mail-${ID}` });
  });
});
