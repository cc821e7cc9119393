import { Injectable, type BeforeApplicationShutdown, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import {
  AppError,
  MAIL_REQUESTS_QUEUE,
  type DirectMailRequest,
  type MailRequest,
  type TemplateMailRequest,
} from '@agora/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { MailService } from '../mail/mail.service.js';
import { shortcodeValues } from '../templates/shortcodes.js';
import { TemplateService } from '../templates/template.service.js';

type Loose<T> = Partial<Record<keyof T, unknown>> | null;

function hasTarget(d: Loose<{ to: string; idempotencyKey: string }>): boolean {
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.to === 'string' &&
    d.to.length > 0 &&
    typeof d.idempotencyKey === 'string' &&
    d.idempotencyKey.length > 0
  );
}

/** Whether a job's payload is a mail written by its producer. */
export function isDirectMailRequest(data: unknown): data is DirectMailRequest {
  const d = data as Loose<DirectMailRequest>;
  return (
    hasTarget(d) &&
    typeof d!.subject === 'string' &&
    typeof d!.text === 'string' &&
    (d!.html === undefined || typeof d!.html === 'string')
  );
}

/** Whether a job's payload asks for a mail rendered from a template. */
export function isTemplateMailRequest(data: unknown): data is TemplateMailRequest {
  const d = data as Loose<TemplateMailRequest>;
  return (
    hasTarget(d) &&
    typeof d!.template === 'string' &&
    d!.template.length > 0 &&
    typeof d!.locale === 'string' &&
    typeof d!.values === 'object' &&
    d!.values !== null &&
    !Array.isArray(d!.values)
  );
}

/** Whether a job's payload is a well-formed mail request (anything else is dropped, not retried). */
export function isMailRequest(data: unknown): data is MailRequest {
  return isDirectMailRequest(data) || isTemplateMailRequest(data);
}

/**
 * Consumes `mail-requests` (the shared job contract of @agora/common) from the other services: each request
 * becomes one outbox mail through `MailService.enqueue`, keyed by its idempotency key, so a request delivered
 * twice is mailed once. A template request is rendered here, in the recipient's locale; once its mail exists, a
 * repeated request answers that mail without rendering again (the template may have been edited meanwhile).
 *
 * On shutdown it drains before the queues close (`beforeApplicationShutdown`): a request in progress gets its
 * row and its mail job, instead of a row left 'queued' until the sweep finds it a minute later.
 */
export abstract class MailRequestsProcessorBase extends WorkerHost implements BeforeApplicationShutdown {
  private mail: MailService | undefined;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly templates: TemplateService,
  ) {
    super();
  }

  async process(job: Job<unknown>): Promise<{ mailId: string }> {
    const data = job.data;
    if (!isMailRequest(data)) throw new UnrecoverableError('malformed mail request');
    this.mail ??= this.moduleRef.get(MailService, { strict: false }) ?? undefined;
    const mail = this.mail;
    if (!mail) throw new Error('MailService is not available in this process');
    if (isDirectMailRequest(data)) {
      const { to, subject, text, html, idempotencyKey } = data;
      const row = await mail.enqueue({ to, subject, text, html, idempotencyKey });
      return { mailId: row.id };
    }
    const row = await mail.enqueueOnce(data.idempotencyKey, async () => {
      try {
        const r = await this.templates.render(data.template, data.locale, shortcodeValues(data.values));
        return { to: data.to, subject: r.subject, text: r.text, html: r.html };
      } catch (error) {
        // an unknown template does not appear by retrying
        if (error instanceof AppError && error.code === 'MAIL.TEMPLATE_NOT_FOUND') {
          throw new UnrecoverableError(`unknown mail template ${data.template}`);
        }
        throw error;
      }
    });
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
    constructor(moduleRef: ModuleRef, templates: TemplateService) {
      super(moduleRef, templates);
    }
  }
  return MailRequestsProcessor;
}
