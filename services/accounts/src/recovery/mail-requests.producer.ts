import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import {
  AppError,
  MAIL_REQUEST_JOB,
  MAIL_REQUEST_JOB_OPTIONS,
  MAIL_REQUESTS_QUEUE,
  mailRequestJobId,
  type MailRequest,
} from '@agora/common';
import type { Queue } from 'bullmq';

const ADD_TIMEOUT_MS = 5000;

/** Hands mails to the mailing service through the `mail-requests` queue (call it after the commit). */
@Injectable()
export class MailRequestsProducer {
  constructor(@InjectQueue(MAIL_REQUESTS_QUEUE) private readonly queue: Queue<MailRequest>) {}

  async request(mail: MailRequest): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('queue timeout')), ADD_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        this.queue.add(MAIL_REQUEST_JOB, mail, {
          ...MAIL_REQUEST_JOB_OPTIONS,
          jobId: mailRequestJobId(mail.idempotencyKey),
        }),
        timeout,
      ]);
    } catch {
      throw new AppError('ACCOUNTS.MAIL_UNAVAILABLE', 503, 'unknown error');
    } finally {
      clearTimeout(timer);
    }
  }
}
