import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { AppError, LOGGER } from '@agora/common';
import type { MailAnswer } from '@agora/contracts/api';
import { UnrecoverableError, type Queue } from 'bullmq';
import type { Logger } from '../logger.js';
import type { MailConfig } from '../config.js';
import type { Mail } from './mail.entity.js';
import { MAIL_QUEUE, SEND_MAIL_JOB, mailMessageId, sendMailJobId, type SendMailJob } from './mail.jobs.js';
import { MailStore } from './mail.store.js';
import { MAIL_CONFIG, MAIL_TRANSPORT } from './mail.tokens.js';
import { describeSmtpError, isPermanentSmtpError, type MailTransport } from './mail.transport.js';

export interface EnqueueMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The same key twice gives the same mail, sent once (e.g. `invitation-<id>`). */
  idempotencyKey?: string | null;
}

/** What the API tells about a mail. */
export type MailView = MailAnswer;

/** What one run of the worker did with a mail. */
export type DeliveryOutcome = 'sent' | 'already-sent' | 'uncertain' | 'not-sendable' | 'missing';

/** How long the producer waits for the queue (an unreachable Redis would hold the request forever). */
export const ADD_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`queue did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const UNCERTAIN_REASON = 'a previous attempt stopped while sending; not sent again';

export function toMailView(m: Mail): MailView {
  return {
    id: m.id,
    status: m.status,
    to: m.to,
    subject: m.subject,
    attempts: m.attempts,
    lastError: m.lastError,
    messageId: m.messageId,
    created: m.created.toISOString(),
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
  };
}

@Injectable()
export class MailService {
  constructor(
    private readonly store: MailStore,
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue<SendMailJob>,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(MAIL_CONFIG) private readonly config: MailConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Writes the mail (committed on return of the INSERT), then adds its job: never inside a transaction. The same
   * idempotency key answers the existing mail; if that one is still 'queued' its job is added again, which is a
   * no-op when the job exists and repairs a crash between the commit and the add. If the queue does not answer,
   * the mail is still accepted: the worker's periodic sweep adds jobs for mails left 'queued'.
   */
  async enqueue(input: EnqueueMail): Promise<Mail> {
    const mail: Parameters<MailStore['insert']>[0] = {
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
    };
    let row = await this.store.insert(mail);
    if (!row) {
      row = mail.idempotencyKey ? await this.store.findByIdempotencyKey(mail.idempotencyKey) : null;
      if (!row) throw new Error('mail insert returned no row');
      if (
        row.to !== mail.to ||
        row.subject !== mail.subject ||
        row.text !== mail.text ||
        row.html !== mail.html
      ) {
        throw AppError.conflict(
          'MAIL.IDEMPOTENCY_KEY_REUSED',
          'idempotency key already used for another mail',
        );
      }
      if (row.status !== 'queued') return row;
    }
    try {
      await withTimeout(this.addJob(row.id), ADD_TIMEOUT_MS);
    } catch (err) {
      // The row is committed: the worker's sweep (MailRecovery) adds the job of a mail still 'queued' later.
      this.logger.warn({ err, mailId: row.id }, 'mail written but its job could not be added now');
    }
    return row;
  }

  /**
   * The mail of `idempotencyKey` if it exists (its job added again while it is 'queued'), else the mail `build`
   * gives, queued under that key: a mail rendered from a template is rendered once.
   */
  async enqueueOnce(
    idempotencyKey: string,
    build: () => Promise<Omit<EnqueueMail, 'idempotencyKey'>>,
  ): Promise<Mail> {
    const existing = await this.store.findByIdempotencyKey(idempotencyKey);
    if (existing) {
      const { to, subject, text, html } = existing;
      return this.enqueue({ to, subject, text, html, idempotencyKey });
    }
    return this.enqueue({ ...(await build()), idempotencyKey });
  }

  async addJob(mailId: string): Promise<void> {
    await this.queue.add(SEND_MAIL_JOB, { mailId }, { jobId: sendMailJobId(mailId) });
  }

  /**
   * Adds the jobs of mails written (and committed) by someone else, e.g. an invitation batch's transaction: in
   * bulk, never failing. A job that could not be added now is added by the worker's sweep of mails left 'queued'.
   */
  async addJobs(mailIds: readonly string[]): Promise<void> {
    const CHUNK = 1000;
    for (let i = 0; i < mailIds.length; i += CHUNK) {
      const chunk = mailIds.slice(i, i + CHUNK);
      try {
        await withTimeout(
          this.queue.addBulk(
            chunk.map((mailId) => ({
              name: SEND_MAIL_JOB,
              data: { mailId },
              opts: { jobId: sendMailJobId(mailId) },
            })),
          ),
          ADD_TIMEOUT_MS,
        );
      } catch (err) {
        this.logger.warn({ err, count: chunk.length }, 'mails written but their jobs could not be added now');
      }
    }
  }

  async get(id: string): Promise<Mail> {
    const mail = await this.store.findById(id);
    if (!mail) throw AppError.notFound('mail not found', 'MAIL.NOT_FOUND');
    return mail;
  }

  /**
   * One attempt of the worker. At most once: a row found in 'sending' means an earlier attempt died between the
   * claim and the outcome, maybe after the server took the message, so it becomes 'uncertain' and is not resent.
   * Throws to make BullMQ retry (transient failure), or an UnrecoverableError for a permanent rejection.
   */
  async deliver(mailId: string): Promise<DeliveryOutcome> {
    // The claim comes first (one statement for the usual case); the row is read only when it cannot be claimed.
    const mail = await this.store.claim(mailId);
    if (!mail) {
      const now = await this.store.findById(mailId);
      if (!now) {
        this.logger.warn({ mailId }, 'mail job for a missing mail');
        return 'missing';
      }
      if (now.status === 'sending' && (await this.store.markUncertain(mailId, UNCERTAIN_REASON))) {
        this.logger.warn({ mailId }, 'mail found mid-send after a crash: marked uncertain, not resent');
        return 'uncertain';
      }
      return now.status === 'sent' ? 'already-sent' : 'not-sendable';
    }
    const messageId = mailMessageId(mail.id);
    let accepted: { messageId: string };
    try {
      accepted = await this.transport.send({
        from: this.config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId,
      });
    } catch (error) {
      const reason = describeSmtpError(error);
      await this.store.markFailed(mail.id, reason);
      const permanent = isPermanentSmtpError(error);
      this.logger.warn({ mailId, attempt: mail.attempts, permanent, reason }, 'mail sending failed');
      if (permanent) throw new UnrecoverableError(reason);
      throw error;
    }
    // Outside the try: if this write fails the row stays 'sending', and the retry marks it 'uncertain'
    // instead of sending a second copy.
    await this.store.markSent(mail.id, accepted.messageId || messageId);
    return 'sent';
  }

  /**
   * Rows left in 'sending' by an attempt that no longer runs become 'uncertain' (never sent again). An attempt runs
   * while its job is active (BullMQ renews the job's lock while the worker lives): a row in 'sending' whose job is
   * not active (waiting after a stall, failed after too many stalls, completed after a lost `markSent`, or
   * removed) has no attempt left that could still record its outcome. A job still active under the lock of a
   * killed worker is left to BullMQ: once the lock expires the job is taken again and `deliver` marks the row.
   */
  async markOrphansUncertain(limit = 500): Promise<number> {
    let marked = 0;
    for (const id of await this.store.findSending(limit)) {
      const state = await this.queue.getJobState(sendMailJobId(id));
      if (state === 'active') continue;
      if (await this.store.markUncertain(id, UNCERTAIN_REASON)) marked++;
    }
    if (marked)
      this.logger.warn({ count: marked }, 'mails left mid-send by a stopped worker: marked uncertain');
    return marked;
  }

  /** Adds the job again for mails left 'queued' (the producer died between its commit and its add). */
  async requeueStale(olderThanMs = 60_000, limit = 500): Promise<number> {
    const ids = await this.store.findStaleQueued(olderThanMs, limit);
    for (const id of ids) await this.addJob(id);
    if (ids.length) this.logger.info({ count: ids.length }, 'stale queued mails re-enqueued');
    return ids.length;
  }
}
