import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { AuditLog, LOGGER, ScheduledWorkerHost } from '@agora/common';
import type { Queue } from 'bullmq';
import type { Logger } from '../logger.js';
import { MAIL_SWEEP_JOB, MAIL_SWEEP_QUEUE, MAIL_SWEEP_SCHEDULER } from './mail.jobs.js';
import { MailService } from './mail.service.js';

/** How often the worker looks for mails left 'queued' without a job. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Where the worker runs, it re-adds the jobs of mails left 'queued' for over a minute (a producer that died after
 * its commit, or a queue that was unreachable when the mail was written): at start, then every minute, as a job
 * scheduler of the sweep queue (one for all the worker processes; whichever is free takes each run).
 * Re-adding is safe: the job id is per mail, and the worker does nothing for a mail already sent. The same sweep
 * (and the start of a worker) settles the mails left 'sending' by an attempt that no longer runs: queued again when
 * that attempt had not reached the end of the data, 'uncertain' when it had (decision 0048).
 */
@Processor(MAIL_SWEEP_QUEUE)
@Injectable()
export class MailRecovery extends ScheduledWorkerHost {
  constructor(
    private readonly mail: MailService,
    @InjectQueue(MAIL_SWEEP_QUEUE) queue: Queue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {
    super(queue, { id: MAIL_SWEEP_SCHEDULER, everyMs: SWEEP_INTERVAL_MS, name: MAIL_SWEEP_JOB }, logger);
  }

  /** At start, rows left 'sending' by a worker that stopped are settled at once (not after the first sweep). */
  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.mail
      .recoverOrphans()
      .catch((err: unknown) => this.logger.warn({ err }, 'could not look for mails left mid-send'));
  }

  /**
   * One sweep: answers how many mails got their job again. It also removes the service's audit entries past
   * AUDIT_RETENTION_DAYS (decision 0084).
   */
  async process(): Promise<number> {
    try {
      await this.mail.recoverOrphans();
      const requeued = await this.mail.requeueStale();
      const pruned = await this.audit.prune();
      if (pruned > 0) this.logger.info({ audit: pruned }, 'audit entries past their retention removed');
      return requeued;
    } catch (err) {
      this.logger.warn({ err }, 'could not re-enqueue stale mails');
      throw err;
    }
  }
}
