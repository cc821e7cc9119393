import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Readiness } from '@agora/common';
import type { Queue } from 'bullmq';
import { MAIL_QUEUE } from './mail.jobs.js';

/** `/ready` answers 503 while the mail queue's backend (Redis, or BullMQ's Postgres schema) does not answer. */
@Injectable()
export class MailQueueReadiness implements OnModuleInit {
  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue,
    @Optional() private readonly readiness?: Readiness,
  ) {}

  onModuleInit(): void {
    this.readiness?.register('queue', () => this.queue.getJobCounts('waiting'));
  }
}
