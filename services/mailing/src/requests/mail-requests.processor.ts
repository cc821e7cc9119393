import { Injectable, type BeforeApplicationShutdown, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { MAIL_REQUESTS_QUEUE, type MailRequest } from '@agora/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { MailService } from '../mail/mail.service.js';

/** Whether a job's payload is a well-formed mail request (anything else is dropped, not retried). */
export function isMailRequest(data: unknown): data is MailRequest {
  const d = data as Partial<Record<keyof MailRequest, unknown>> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.to === 'string' &&
    d.to.length > 0 &&
    typeof d.subject === 'string' &&
    typeof d.text === 'string' &&
    (d.html === undefined || typeof d.html === 'string') &&
    typeof d.idempotencyKey === 'string' &&
    d.idempotencyKey.length > 0
  );
}

/**
 * Consumes `mail-requests` (the shared job contract of @agora/common) from the other services: each request
 * becomes one outbox mail through `MailService.enqueue`, keyed by its idempotency key, so a request delivered
 * twice is mailed once.
 *
 * On shutdown it drains before the queues close (`beforeApplicationShutdown`): a request in progress gets its
 * row and its mail job, instead of a row left 'queued' until the sweep finds it a minute later.
 */
export abstract class MailRequestsProcessorBase extends WorkerHost implements BeforeApplicationShutdown {
  private mail: MailService | undefined;

  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  async process(job: Job<unknown>): Promise<{ mailId: string }> {
    if (!isMailRequest(job.data)) throw new UnrecoverableError('malformed mail request');
    this.mail ??= this.moduleRef.get(MailService, { strict: false }) ?? undefined;
    const mail = this.mail;
    if (!mail) throw new Error('MailService is not available in this process');
    const { to, subject, text, html, idempotencyKey } = job.data;
    const row = await mail.enqueue({ to, subject, text, html, idempotencyKey });
    return { mailId: row.id };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}

/**
 * The consumer with `concurrency` requests at a time (MAIL_CONCURRENCY, like the mail worker: writing a request's
 * row is the first half of a mail's way, and with fewer at a time it would hold back the sending).
 */
export function mailRequestsProcessorFor(concurrency: number): Type<MailRequestsProcessorBase> {
  @Processor(MAIL_REQUESTS_QUEUE, { concurrency })
  @Injectable()
  class MailRequestsProcessor extends MailRequestsProcessorBase {
    constructor(moduleRef: ModuleRef) {
      super(moduleRef);
    }
  }
  return MailRequestsProcessor;
}
