import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { MAIL_REQUESTS_QUEUE, Readiness } from '@agora/common';
import type { Queue } from 'bullmq';

/**
 * `/ready` answers 503 while the `mail-requests` queue's backend (Redis, or BullMQ's Postgres schema) does not
 * answer: registration and recovery hand their mails to it.
 */
@Injectable()
export class MailRequestsReadiness implements OnModuleInit {
  constructor(
    @InjectQueue(MAIL_REQUESTS_QUEUE) private readonly queue: Pick<Queue, 'getJobCounts'>,
    @Optional() private readonly readiness?: Readiness,
  ) {}

  onModuleInit(): void {
    this.readiness?.register('queue', () => this.queue.getJobCounts('waiting'));
  }
}
