import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { AppError, LOGGER } from '@agora/common';
import type { MailAnswer } from '@agora/contracts/api';
import { UnrecoverableError, type Queue } from 'bullmq';
import type { Logger } from '../logger.js';
import type { MailConfig } from '../config.js';
import type { Mail } from './mail.entity.js';
import { MAIL_QUEUE, SEND_MAIL_JOB, mailMessageId, sendMailJobId, type SendMailJob } from './mail.jobs.js';
import { mailMetrics } from './mail.metrics.js';
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

/**
 * What one run of the worker did with a mail. 'superseded': another attempt took the row over (or the mail was
 * withdrawn) before this one ended the message's data, so this one ended nothing and records nothing. 'withdrawn':
 * the mail's invitation was withdrawn or accepted before this attempt; the mail became 'cancelled', unsent.
 */
export type DeliveryOutcome =
  'sent' | 'already-sent' | 'uncertain' | 'superseded' | 'not-sendable' | 'missing' | 'withdrawn';

/** How long the producer waits for the queue (an unreachable Redis would hold the request forever). */
export const ADD_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`queue did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const UNCERTAIN_REASON =
  'a previous attempt stopped after the end of the data, before the answer; not sent again';

/** Whether the SMTP server answered (a reply code): a socket error or a time-out after the end of data is not. */
function serverAnswered(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | null)?.responseCode === 'number';
}

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

  /**
   * Removes the jobs of mails withdrawn (committed 'cancelled'): a job still waiting, or delayed for a retry, leaves
   * the queue. Never failing: a job that is active (locked), or one that could not be removed now, finds its mail
   * 'cancelled' and ends without sending.
   */
  async removeWaitingJobs(mailIds: readonly string[]): Promise<number> {
    let removed = 0;
    for (const mailId of mailIds) {
      try {
        removed += await withTimeout(this.queue.remove(sendMailJobId(mailId)), ADD_TIMEOUT_MS);
      } catch (err) {
        this.logger.warn({ err, mailId }, 'job of a withdrawn mail not removed now');
      }
    }
    return removed;
  }

  async get(id: string): Promise<Mail> {
    const mail = await this.store.findById(id);
    if (!mail) throw AppError.notFound('mail not found', 'MAIL.NOT_FOUND');
    return mail;
  }

  /**
   * The row for this attempt (token `claim`), or what became of the mail when there is nothing to send. A row in
   * 'sending' is an attempt that stopped, or a live one whose job looked stalled. If it has no end-of-data mark,
   * the server cannot have delivered it: this attempt takes it over (the new token fences the old one out, which
   * then never ends its data). With the mark, it becomes 'uncertain': presumed delivered, not sent again.
   */
  private async acquire(mailId: string, claim: string): Promise<Mail | DeliveryOutcome> {
    for (;;) {
      const claimed = await this.store.claim(mailId, claim);
      if (claimed) return claimed;
      if (await this.store.cancelOfClosedInvitation(mailId)) {
        this.logger.info({ mailId }, 'mail of an invitation withdrawn or accepted: cancelled, not sent');
        return 'withdrawn';
      }
      const now = await this.store.findById(mailId);
      if (!now) {
        this.logger.warn({ mailId }, 'mail job for a missing mail');
        return 'missing';
      }
      if (now.status !== 'sending') return now.status === 'sent' ? 'already-sent' : 'not-sendable';
      if (!now.dataEndAt) {
        const taken = await this.store.takeOver(mailId, claim);
        if (taken) {
          this.logger.warn({ mailId }, 'mail found mid-send before its end of data: taken over, sent again');
          return taken;
        }
      } else if (await this.store.markUncertain(mailId, now.claim, UNCERTAIN_REASON)) {
        mailMetrics.uncertain.inc();
        this.logger.warn(
          { mailId },
          'mail found mid-send after its end of data: marked uncertain, not resent',
        );
        return 'uncertain';
      }
      // The row changed between the read and the write (another attempt moved it): look again.
    }
  }

  /**
   * One attempt of the worker: exactly once (decision 0048). Before the transport writes the end of the message's
   * data, the attempt records that it got there (conditional on its token); an attempt that is refused that mark
   * sends nothing the server may deliver. Throws to make BullMQ retry (transient failure), or an
   * UnrecoverableError for a permanent rejection (the mail 'bounced').
   */
  async deliver(mailId: string): Promise<DeliveryOutcome> {
    const claim = randomUUID();
    const mail = await this.acquire(mailId, claim);
    if (typeof mail === 'string') return mail;
    const messageId = mailMessageId(mail.id);
    let dataEnd = false;
    let fenced = false;
    let accepted: { messageId: string };
    try {
      accepted = await this.transport.send(
        {
          from: this.config.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          messageId,
        },
        {
          beforeDataEnd: async () => {
            fenced = !(await this.store.markDataEnd(mail.id, claim));
            if (fenced) throw new Error('the mail was taken over by another attempt, or withdrawn');
            dataEnd = true;
          },
        },
      );
    } catch (error) {
      if (fenced) {
        this.logger.warn({ mailId }, 'mail taken over by another attempt: this one did not end its data');
        return 'superseded';
      }
      const reason = describeSmtpError(error);
      if (dataEnd && !serverAnswered(error)) {
        // The server had the whole message and did not answer: it may have kept it.
        await this.store.markUncertain(mail.id, claim, `no answer after the end of data: ${reason}`);
        mailMetrics.uncertain.inc();
        this.logger.warn({ mailId, reason }, 'mail sent without an answer: marked uncertain, not resent');
        return 'uncertain';
      }
      const permanent = isPermanentSmtpError(error);
      await this.store.markFailed(mail.id, claim, reason, permanent ? 'bounced' : 'failed');
      (permanent ? mailMetrics.bounced : mailMetrics.failedAttempts).inc();
      this.logger.warn({ mailId, attempt: mail.attempts, permanent, reason }, 'mail sending failed');
      if (permanent) throw new UnrecoverableError(reason);
      throw error;
    }
    // Outside the try: if this write fails the row stays 'sending' with its end-of-data mark, and the retry marks
    // it 'uncertain' instead of sending a second copy.
    await this.store.markSent(mail.id, claim, accepted.messageId || messageId);
    mailMetrics.sent.inc();
    return 'sent';
  }

  /**
   * Rows left in 'sending' by an attempt that no longer runs. An attempt runs while its job is active (BullMQ
   * renews the job's lock while the worker lives): a row in 'sending' whose job is not active (waiting after a
   * stall, failed after too many stalls, completed after a lost `markSent`, or removed) has no attempt left that
   * could still record its outcome. Without an end-of-data mark the row goes back to 'queued' and its job is added
   * again (the server cannot have it); with the mark it becomes 'uncertain'. Both writes are conditional on the
   * token seen, so an attempt that took the row meanwhile is left alone. A job still active under the lock of a
   * killed worker is left to BullMQ: once the lock expires the job is taken again and `deliver` settles the row.
   */
  async recoverOrphans(limit = 500): Promise<{ requeued: number; uncertain: number }> {
    let requeued = 0;
    let uncertain = 0;
    for (const row of await this.store.findSending(limit)) {
      const state = await this.queue.getJobState(sendMailJobId(row.id));
      if (state === 'active') continue;
      if (!row.dataEnd) {
        if (await this.store.requeueUnsent(row.id, row.claim)) {
          await this.addJobAgain(row.id);
          requeued++;
        }
      } else if (await this.store.markUncertain(row.id, row.claim, UNCERTAIN_REASON)) {
        mailMetrics.uncertain.inc();
        uncertain++;
      }
    }
    if (requeued)
      this.logger.warn({ count: requeued }, 'mails left mid-send before their end of data: queued again');
    if (uncertain)
      this.logger.warn({ count: uncertain }, 'mails left mid-send after their end of data: marked uncertain');
    return { requeued, uncertain };
  }

  /** Adds the mail's job again, removing a finished one first (adding under a kept job's id does nothing). */
  private async addJobAgain(mailId: string): Promise<void> {
    const job = await this.queue.getJob(sendMailJobId(mailId));
    const state = job ? await job.getState() : 'unknown';
    if (job && (state === 'failed' || state === 'completed')) await job.remove();
    await this.addJob(mailId);
  }

  /** Adds the job again for mails left 'queued' (the producer died between its commit and its add). */
  async requeueStale(olderThanMs = 60_000, limit = 500): Promise<number> {
    const ids = await this.store.findStaleQueued(olderThanMs, limit);
    for (const id of ids) await this.addJob(id);
    if (ids.length) this.logger.info({ count: ids.length }, 'stale queued mails re-enqueued');
    return ids.length;
  }
}
