import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { AuditLog, LOGGER, ScheduledWorkerHost } from '@agora/common';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { RateLimitService } from '../ratelimit/rate-limit.service.js';
import { RecoveryService } from '../recovery/recovery.service.js';
import { SessionsService } from './sessions.service.js';

/** The queue of the accounts service's periodic work; its scheduler and job names. */
export const ACCOUNTS_MAINTENANCE_QUEUE = 'accounts-maintenance';
export const SESSION_PURGE_SCHEDULER = 'session-purge';
export const SESSION_PURGE_JOB = 'purge';
export const PURGE_EVERY_MS = 10 * 60_000;

export interface PurgeResult {
  sessions: number;
  counters: number;
  tokens: number;
  /** audit entries past their retention */
  audit: number;
}

/**
 * Server-side expiry: every 10 minutes (a job scheduler of the maintenance queue, one for all replicas; the
 * deletes are idempotent), removes expired sessions, dead rate-limit counters, old recovery tokens and the audit
 * entries past AUDIT_RETENTION_DAYS (decision 0084). Every replica runs the queue's worker: one of them takes each
 * run.
 */
@Processor(ACCOUNTS_MAINTENANCE_QUEUE)
@Injectable()
export class SessionPurge extends ScheduledWorkerHost {
  constructor(
    private readonly sessions: SessionsService,
    private readonly rate: RateLimitService,
    private readonly recovery: RecoveryService,
    private readonly audit: AuditLog,
    @InjectQueue(ACCOUNTS_MAINTENANCE_QUEUE) queue: Queue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super(queue, { id: SESSION_PURGE_SCHEDULER, everyMs: PURGE_EVERY_MS, name: SESSION_PURGE_JOB }, logger);
  }

  process(): Promise<PurgeResult> {
    return this.purge();
  }

  /** One purge run; returns what it removed. */
  async purge(): Promise<PurgeResult> {
    const sessions = await this.sessions.purgeExpired();
    const counters = await this.rate.purgeOld();
    const tokens = await this.recovery.purgeOld();
    const audit = await this.audit.prune();
    if (sessions + counters + tokens + audit > 0) {
      this.logger.info({ sessions, counters, tokens, audit }, 'expired sessions purged');
    }
    return { sessions, counters, tokens, audit };
  }
}
