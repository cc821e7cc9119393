import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { INFRA, LOGGER, type Infra } from '@agora/common';
import { QueueEvents, type Job, type JobsOptions, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { BackupErrors } from './backups.errors.js';

/** The backups queue: its name, job names and payloads are declared here and nowhere else. */
export const BACKUPS_QUEUE = 'backups';

/** Exports the whole library to the archive `filename` (chosen when the job is added). */
export const EXPORT_JOB = 'export';
/** Restores the library from an archive. */
export const RESTORE_JOB = 'restore';

export interface ExportJob {
  filename: string;
}

/**
 * A restore, by where its archive comes from. `server-file`: a listed backup. `upload` and `api`: an archive
 * kept in the private storage as `backups/<filename>` (an upload is stored there before the job is added, a
 * download from another server by the job itself), listed as a backup once the restore has committed.
 */
export type RestoreJob =
  | { source: 'server-file'; filename: string }
  | { source: 'upload'; filename: string }
  | {
      source: 'api';
      filename: string;
      /** The download URL on the other server, and whether it may be at any address (an allowed origin). */
      url: string;
      anyAddress: boolean;
      /** The API secret, dropped from the job once the archive is downloaded. */
      secret?: string;
      downloaded?: boolean;
    };

/** Tells a job's progress (0-100; kept below 100 until the job is done, never going back). */
export type Progress = (percent: number) => void;

/** Why a job failed, as a direct answer would have said it; recorded on the job by its handler. */
export interface JobFailure {
  error: string;
  code: string;
  /** The HTTP status the failure would have had as a direct answer (400, 413, 422, 502, 500). */
  status: number;
}

export interface BackupJobs {
  [EXPORT_JOB]: ExportJob;
  [RESTORE_JOB]: RestoreJob;
}
export type BackupJobName = keyof BackupJobs;
export type BackupJobData = (ExportJob | RestoreJob) & { failure?: JobFailure };
export type BackupJob = Job<BackupJobData, void, BackupJobName>;

/** What `GET libraryExport/job/{id}` answers. `code` and `status` say why a job failed. */
export interface JobState {
  id: string;
  kind: BackupJobName;
  state: 'running' | 'done' | 'failed';
  progress: number;
  error?: string;
  code?: string;
  status?: number;
  /** The archive exported or restored. */
  filename?: string;
}

/** One job at a time: every job carries this deduplication id, so adding one while another is queued or runs is a no-op. */
const ONE_AT_A_TIME = 'backup';
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const BACKUP_JOB_OPTIONS: JobsOptions = {
  // A failure is reported, not retried (a broken archive stays broken); a job whose worker stopped is taken
  // again by a running worker (stalled jobs).
  attempts: 1,
  removeOnComplete: { count: 50 },
  removeOnFail: { count: 50 },
};

export const INTERNAL_FAILURE: JobFailure = { error: 'internal error', code: 'INTERNAL', status: 500 };

/**
 * Adds export and restore jobs to the backups queue and answers their states, the same from every instance
 * of the library service (the queue is shared). Only one job is queued or runs at a time.
 */
@Injectable()
export class BackupQueue implements OnApplicationShutdown {
  private events: QueueEvents | undefined;

  constructor(
    @InjectQueue(BACKUPS_QUEUE) private readonly queue: Queue<BackupJobData, void, BackupJobName>,
    @Inject(INFRA) private readonly infra: Infra,
    @Inject(LOGGER) logger: Logger,
  ) {
    // A lost connection is opened again; it is logged, never thrown.
    queue.on('error', (err) => logger.warn({ err }, 'backups queue error'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.events?.close();
  }

  /** Adds the job; 409 when another is queued or runs. Answers the job's id. */
  async add<N extends BackupJobName>(name: N, data: BackupJobs[N]): Promise<string> {
    const id = randomUUID();
    const job = await this.queue.add(name, data, {
      ...BACKUP_JOB_OPTIONS,
      jobId: id,
      deduplication: { id: ONE_AT_A_TIME },
    });
    if (job.id !== id) throw BackupErrors.busy();
    return id;
  }

  /** Throws 409 when a job is queued or runs (to check before accepting an upload). */
  async assertIdle(): Promise<void> {
    const counts = await this.queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    if (Object.values(counts).some((n) => n > 0)) throw BackupErrors.busy();
  }

  private async find(id: string): Promise<BackupJob> {
    const job = JOB_ID.test(id) ? await this.queue.getJob(id) : undefined;
    if (!job) throw BackupErrors.jobNotFound();
    return job;
  }

  async get(id: string): Promise<JobState> {
    const job = await this.find(id);
    const state = await job.getState();
    const data = job.data;
    const shown: JobState = {
      id,
      kind: job.name,
      state: state === 'completed' ? 'done' : state === 'failed' ? 'failed' : 'running',
      progress: state === 'completed' ? 100 : typeof job.progress === 'number' ? job.progress : 0,
    };
    if (shown.state === 'failed') Object.assign(shown, data.failure ?? INTERNAL_FAILURE);
    // A download from another server names its archive once it is downloaded.
    if (!('source' in data) || data.source !== 'api' || data.downloaded) shown.filename = data.filename;
    return shown;
  }

  /** Resolves when the job has finished, done or failed (for tests, benchmarks and tools). */
  async settled(id: string): Promise<void> {
    const job = await this.find(id);
    if (!this.events) {
      this.events = new QueueEvents(BACKUPS_QUEUE, {
        connection: this.infra.bullConnection,
        prefix: this.infra.queuePrefix,
      });
      this.events.on('error', () => undefined); // a lost connection is opened again; the wait goes on
    }
    await this.events.waitUntilReady();
    await job.waitUntilFinished(this.events).catch(() => undefined);
  }
}
