import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppError, INFRA, LOGGER, type Infra } from '@agora/common';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { BackupExporter } from './backup-exporter.js';
import {
  BACKUPS_QUEUE,
  EXPORT_JOB,
  INTERNAL_FAILURE,
  type BackupJob,
  type BackupJobData,
  type BackupJobName,
  type ExportJob,
  type JobFailure,
  type RestoreJob,
} from './backup-queue.js';
import { BackupRestorer } from './backup-restorer.js';

/** Progress reports of one job: rounded, never back, below 100 until done; saved in order, failures logged. */
function progressOf(job: BackupJob, onError: (error: unknown) => void) {
  let current = typeof job.progress === 'number' ? job.progress : 0;
  let saving: Promise<void> = Promise.resolve();
  return {
    report(percent: number): void {
      const next = Math.max(current, Math.min(99, Math.round(percent)));
      if (next === current) return;
      current = next;
      saving = saving.then(() => job.updateProgress(next)).catch(onError);
    },
    flushed: () => saving,
  };
}

/**
 * The worker of the backups queue, in every instance of the library service: one job at a time. A job whose
 * worker stopped (its hold not renewed for BACKUP_JOB_LOCK_MS) is taken again by a running worker; the handlers
 * read the state again and are idempotent, so it finishes once in effect. On shutdown the running job finishes
 * first.
 */
@Injectable()
export class BackupWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<BackupJobData, void, BackupJobName> | undefined;

  constructor(
    @Inject(INFRA) private readonly infra: Infra,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly exporter: BackupExporter,
    private readonly restorer: BackupRestorer,
  ) {}

  onApplicationBootstrap(): void {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Starts taking jobs (again, after `stop`). */
  start(): void {
    if (this.worker) return;
    const lockDuration = this.config.backups.jobLockMs;
    this.worker = new Worker<BackupJobData, void, BackupJobName>(BACKUPS_QUEUE, (job) => this.process(job), {
      connection: this.infra.bullConnection,
      prefix: this.infra.queuePrefix,
      concurrency: 1,
      lockDuration,
      stalledInterval: Math.max(500, Math.round(lockDuration / 2)),
      maxStalledCount: 1,
    });
    this.worker.on('error', (err) => this.logger.warn({ err }, 'backups queue worker error'));
  }

  /**
   * Stops taking jobs. `abandon`: at once, leaving the running job to another worker (as when the process is
   * killed); otherwise after the running job has finished.
   */
  async stop(abandon = false): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.close(abandon);
  }

  /** Runs one job; an `AppError` is recorded on the job (its message, code and status) and not retried. */
  async process(job: BackupJob): Promise<void> {
    const progress = progressOf(job, (err) => this.logger.warn({ err }, 'backup job progress not saved'));
    try {
      if (job.name === EXPORT_JOB)
        await this.exporter.export((job.data as ExportJob).filename, progress.report);
      else await this.restorer.run(job.data as RestoreJob, (data) => job.updateData(data), progress.report);
    } catch (error) {
      await progress.flushed();
      let failure: JobFailure = INTERNAL_FAILURE;
      if (error instanceof AppError)
        failure = { error: error.message, code: error.code, status: error.status };
      else this.logger.error({ err: error }, 'backup job failed');
      // The failure is kept on the job, and the API secret of a download is not.
      const { secret: _secret, ...kept } = job.data as RestoreJob & { secret?: string };
      await job.updateData({ ...kept, failure });
      throw new UnrecoverableError(failure.error);
    }
    await progress.flushed();
  }
}
