import { Inject, Injectable, Module } from '@nestjs/common';
import { BullModule, InjectQueue, Processor } from '@nestjs/bullmq';
import { AuditLog, LOGGER, ScheduledWorkerHost } from '@agora/common';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';

/** The queue of the library's periodic work; its scheduler and job names. */
export const LIBRARY_MAINTENANCE_QUEUE = 'library-maintenance';
export const AUDIT_PRUNE_SCHEDULER = 'library-audit-prune';
export const AUDIT_PRUNE_JOB = 'audit-prune';
export const AUDIT_PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Every hour (a job scheduler of the maintenance queue, one for the deployment), removes the library's audit
 * entries past AUDIT_RETENTION_DAYS through the log's one sanctioned path, which leaves the anchor the check
 * starts from (decisions 0084, 0089). Every replica runs the queue's worker: one of them takes each run.
 */
@Processor(LIBRARY_MAINTENANCE_QUEUE)
@Injectable()
export class LibraryAuditPrune extends ScheduledWorkerHost {
  constructor(
    private readonly audit: AuditLog,
    @InjectQueue(LIBRARY_MAINTENANCE_QUEUE) queue: Queue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super(queue, { id: AUDIT_PRUNE_SCHEDULER, everyMs: AUDIT_PRUNE_EVERY_MS, name: AUDIT_PRUNE_JOB }, logger);
  }

  process(): Promise<number> {
    return this.prune();
  }

  /** One run; answers how many entries went. */
  async prune(now: Date = new Date()): Promise<number> {
    const removed = await this.audit.prune(now);
    if (removed > 0) this.logger.info({ audit: removed }, 'audit entries past their retention removed');
    return removed;
  }
}

/**
 * The library's maintenance queue and its worker. The queues' connection is the one BullModule.forRootAsync of
 * the backups module sets for the whole service.
 */
@Module({
  imports: [BullModule.registerQueue({ name: LIBRARY_MAINTENANCE_QUEUE })],
  providers: [LibraryAuditPrune],
})
export class LibraryMaintenanceModule {}
