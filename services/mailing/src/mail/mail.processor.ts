import type { BeforeApplicationShutdown, Type } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, WorkerOptions } from 'bullmq';
import type { MailConfig } from '../config.js';
import { MAIL_QUEUE, type SendMailJob } from './mail.jobs.js';
import { MailService, type DeliveryOutcome } from './mail.service.js';

/** The BullMQ worker options of the mail queue: concurrency, the deployment-wide rate and the job lock. */
export function mailWorkerOptions(config: MailConfig): Partial<WorkerOptions> {
  return {
    concurrency: config.concurrency,
    // The limiter is kept in Redis: the rate holds for all the worker processes together. It acts before a job
    // is taken, so a mail never waits for the rate between its claim and its sending.
    ...(config.ratePerSecond > 0 ? { limiter: { max: config.ratePerSecond, duration: 1000 } } : {}),
    lockDuration: config.lockMs,
    stalledInterval: config.lockMs,
  };
}

/**
 * The mail worker (registered only when this process runs it: MAIL_WORKER=inline, or `worker.ts`). On shutdown
 * it drains before anything else closes: it stops taking jobs and waits for the mails in flight to be answered
 * and recorded, so a SIGTERM leaves no mail 'sending' (the SMTP pool closes afterwards).
 */
export abstract class MailProcessorBase extends WorkerHost implements BeforeApplicationShutdown {
  constructor(private readonly mail: MailService) {
    super();
  }

  process(job: Job<SendMailJob>): Promise<DeliveryOutcome> {
    return this.mail.deliver(job.data.mailId);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}

/** The processor class with the worker options of `config` (decorator options are fixed per class). */
export function mailProcessorFor(config: MailConfig): Type<MailProcessorBase> {
  @Processor(MAIL_QUEUE, mailWorkerOptions(config))
  class MailProcessor extends MailProcessorBase {
    constructor(mail: MailService) {
      super(mail);
    }
  }
  return MailProcessor;
}
