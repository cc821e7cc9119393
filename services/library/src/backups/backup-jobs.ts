import { randomUUID } from 'node:crypto';
import { AppError } from '@agora/common';
import { BackupErrors } from './backups.errors.js';

export type JobKind = 'export' | 'restore';

/** What `GET libraryExport/job/{id}` answers. `code` and `status` say why a job failed. */
export interface JobState {
  id: string;
  kind: JobKind;
  state: 'running' | 'done' | 'failed';
  progress: number;
  error?: string;
  code?: string;
  /** The HTTP status the failure would have had as a direct answer (400, 413, 422, 502, 500). */
  status?: number;
  /** The archive exported or restored. */
  filename?: string;
}

export interface JobControl {
  progress(percent: number): void;
  setFilename(filename: string): void;
}

/**
 * Where job states live, shared by every instance of the library service: a job started on one instance is seen
 * (progress, end) from the others, and only one job runs at a time across all of them.
 */
export interface JobStore {
  /** Records `job` as the running job; false when another job runs (one whose instance is still alive). */
  claim(job: JobState): Promise<boolean>;
  /** Saves the job's state; while it runs, saving also tells the others its instance is alive. */
  save(job: JobState): Promise<void>;
  find(id: string): Promise<JobState | null>;
  /** Whether a job runs on some instance. */
  busy(): Promise<boolean>;
}

/** Job states in this process only (tests, or a single instance). */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, JobState>();

  async claim(job: JobState): Promise<boolean> {
    if (await this.busy()) return false;
    this.jobs.set(job.id, { ...job });
    while (this.jobs.size > 50) this.jobs.delete(this.jobs.keys().next().value as string);
    return true;
  }

  async save(job: JobState): Promise<void> {
    this.jobs.set(job.id, { ...job });
  }

  async find(id: string): Promise<JobState | null> {
    const job = this.jobs.get(id);
    return job ? { ...job } : null;
  }

  async busy(): Promise<boolean> {
    return [...this.jobs.values()].some((j) => j.state === 'running');
  }
}

/** How often a running job's state is saved even without progress, to show its instance is alive. */
export const HEARTBEAT_MS = 15_000;

/**
 * Export and restore jobs, one at a time across every instance (the store decides), run in the process that
 * started them. States are saved to the store as they change, so any instance answers `get`.
 * `start` throws 409 BACKUP.BUSY while another runs.
 */
export class BackupJobs {
  private running: Promise<void> | null = null;
  private current: JobState | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: JobStore = new MemoryJobStore(),
    private readonly onUnexpected: (error: unknown) => void = () => undefined,
  ) {}

  /** Throws 409 when a job runs here or on another instance (to check before accepting an upload). */
  async assertIdle(): Promise<void> {
    if (this.running || (await this.store.busy())) throw BackupErrors.busy();
  }

  async start(kind: JobKind, work: (job: JobControl) => Promise<void>, filename?: string): Promise<JobState> {
    if (this.running) throw BackupErrors.busy();
    const job: JobState = { id: randomUUID(), kind, state: 'running', progress: 0, filename };
    if (!(await this.store.claim(job))) throw BackupErrors.busy();
    if (this.running) {
      // another start of this process claimed in between: give the claim back
      await this.store.save({
        ...job,
        state: 'failed',
        error: 'a backup job is running',
        code: 'BACKUP.BUSY',
      });
      throw BackupErrors.busy();
    }
    this.current = job;
    const control: JobControl = {
      progress: (p) => {
        const next = Math.max(job.progress, Math.min(99, Math.round(p)));
        if (next === job.progress) return;
        job.progress = next;
        this.persist(job);
      },
      setFilename: (f) => {
        job.filename = f;
        this.persist(job);
      },
    };
    const heartbeat = setInterval(() => this.persist(job), HEARTBEAT_MS);
    heartbeat.unref();
    this.running = (async () => {
      try {
        await work(control);
        job.state = 'done';
        job.progress = 100;
      } catch (error) {
        job.state = 'failed';
        if (error instanceof AppError) {
          job.error = error.message;
          job.code = error.code;
          job.status = error.status;
        } else {
          this.onUnexpected(error);
          job.error = 'internal error';
          job.code = 'INTERNAL';
          job.status = 500;
        }
      } finally {
        clearInterval(heartbeat);
        this.persist(job);
        await this.saving;
        this.current = null;
        this.running = null;
      }
    })();
    return { ...job };
  }

  /** A job's state: this process's own running job as it is now, any other from the store. */
  async get(id: string): Promise<JobState> {
    if (this.current?.id === id) return { ...this.current };
    const job = await this.store.find(id);
    if (!job) throw BackupErrors.jobNotFound();
    return job;
  }

  /** Resolves when the running job (if any) has finished and its state is saved: for shutdown and tests. */
  async idle(): Promise<void> {
    await this.running;
    await this.saving;
  }

  /** Saves a snapshot after the saves before it, in order; a failed save is reported, never thrown into the job. */
  private persist(job: JobState): void {
    const snapshot = { ...job };
    this.saving = this.saving
      .then(() => this.store.save(snapshot))
      .catch((error: unknown) => this.onUnexpected(error));
  }
}
