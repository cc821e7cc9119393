import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { MAIL_QUEUE, type SendMailJob } from './mail.jobs.js';
import { MailService, type DeliveryOutcome } from './mail.service.js';

/** The mail worker (registered only when this process runs it: MAIL_WORKER=inline, or `worker.ts`). */
@Processor(MAIL_QUEUE, { concurrency: 4 })
export class MailProcessor extends WorkerHost {
  constructor(private readonly mail: MailService) {
    super();
  }

  process(job: Job<SendMailJob>): Promise<DeliveryOutcome> {
    return this.mail.deliver(job.data.mailId);
  }
}
