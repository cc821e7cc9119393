import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { AppError, AuditLog, INFRA, LOGGER, scheduleEvery, type AuditActor, type Infra } from '@agora/common';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import type { SessionUser } from '@agora/contracts';
import type { ExportCrs, ExportFormat, ExportJobAnswer } from '@agora/contracts/api';
import { Worker, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { ExportConfig } from './export.config.js';
import { ExportErrors, ExportService, type PreparedExport } from './export.service.js';

/** The exports queue, its job names and payloads. */
export const EXPORTS_QUEUE = 'consultation-exports';
const WRITE_JOB = 'write';
const CLEANUP_JOB = 'cleanup';
export const EXPORT_CONFIG = Symbol('consultation.export.config');

/** An export to write: who asked (as they were then: their role and enrolments decide again) and what. */
interface WriteJob {
  user: SessionUser;
  project: string;
  format: ExportFormat;
  crs: ExportCrs;
  filter: string | null;
  /** Set by the worker once it knows: the file's name and the answers to write. */
  file_name?: string;
  total?: number;
  code?: string;
}
type ExportJobData = WriteJob | Record<string, never>;
type ExportJob = Job<ExportJobData, void, string>;

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How often the worker saves a running job's progress. */
const PROGRESS_EVERY_ROWS = 1000;
/** How often expired files are looked for. */
const CLEANUP_EVERY_MS = 15 * 60 * 1000;

const isWrite = (data: ExportJobData): data is WriteJob => 'project' in data;

/** The object of a job's file in the store's private area. */
const fileKey = (id: string): string => `exports/${id}`;

/**
 * Export jobs (decision 0040): queued with the caller's identity, written by a worker of any instance into the
 * file store's private area (`exports/<job id>`, whole once complete: decision 0049), so any instance serves the
 * file; answered with their progress only to who asked (404 to anyone else), and removed with their files once
 * EXPORT_TTL has passed (the job by BullMQ's age, the files by a scheduled clean-up).
 */
@Injectable()
export class ExportJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<ExportJobData, void, string> | undefined;

  constructor(
    @InjectQueue(EXPORTS_QUEUE) private readonly queue: Queue<ExportJobData, void, string>,
    @Inject(INFRA) private readonly infra: Infra,
    @Inject(EXPORT_CONFIG) private readonly config: ExportConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PRIVATE_FILE_STORAGE) private readonly storage: FileStorage,
    private readonly exports: ExportService,
    private readonly audit: AuditLog,
  ) {
    queue.on('error', (err) => logger.warn({ err }, 'exports queue error'));
  }

  onApplicationBootstrap(): void {
    this.worker = new Worker<ExportJobData, void, string>(EXPORTS_QUEUE, (job) => this.process(job), {
      connection: this.infra.bullConnection,
      prefix: this.infra.queuePrefix,
      concurrency: 1,
    });
    this.worker.on('error', (err) => this.logger.warn({ err }, 'exports worker error'));
    void scheduleEvery(
      this.queue,
      'consultation-exports-cleanup',
      CLEANUP_EVERY_MS,
      CLEANUP_JOB,
      this.logger,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  /**
   * Checks the request as a direct export would (403, 404, 400) and queues it, recorded in the audit log as the
   * export it serves; answers the job's id.
   */
  async add(
    request: { project: string; format: ExportFormat; crs: ExportCrs; filter: string | null },
    user: SessionUser,
    actor: AuditActor,
  ): Promise<string> {
    const checked = { ...request, filter: await this.exports.areaFilter(request.filter) };
    const prepared = await this.exports.prepare(checked, user);
    const id = randomUUID();
    const ttl = Math.ceil(this.config.ttlMs / 1000);
    await this.queue.add(
      WRITE_JOB,
      { ...request, user },
      { jobId: id, attempts: 1, removeOnComplete: { age: ttl }, removeOnFail: { age: ttl } },
    );
    await this.exports.recordServed(actor, checked, prepared, id);
    return id;
  }

  /** The caller's job; 404 when there is none, or it is someone else's. */
  private async find(id: string, user: SessionUser): Promise<Job<WriteJob, void, string>> {
    const job = JOB_ID.test(id) ? ((await this.queue.getJob(id)) as ExportJob | undefined) : undefined;
    if (!job || !isWrite(job.data) || job.data.user.uuid !== user.uuid) throw ExportErrors.notFound();
    return job as Job<WriteJob, void, string>;
  }

  async state(id: string, user: SessionUser): Promise<ExportJobAnswer> {
    const job = await this.find(id, user);
    const raw = await job.getState();
    const state: ExportJobAnswer['state'] =
      raw === 'completed' ? 'done' : raw === 'failed' ? 'failed' : raw === 'active' ? 'running' : 'queued';
    const total = job.data.total ?? 0;
    const progress = typeof job.progress === 'number' ? job.progress : 0;
    const rows = state === 'done' ? total : Math.min(progress, total);
    return {
      state,
      rows,
      total,
      percent: state === 'done' ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((rows * 100) / total)),
      file_name: state === 'done' ? (job.data.file_name ?? null) : null,
      code: state === 'failed' ? (job.data.code ?? 'INTERNAL') : null,
    };
  }

  /** The finished file of the caller's job (404 when gone, 409 while not done). */
  async file(id: string, user: SessionUser) {
    const job = await this.find(id, user);
    if ((await job.getState()) !== 'completed') throw ExportErrors.notReady();
    const file = await this.storage.get(fileKey(job.id!));
    if (!file) throw ExportErrors.notFound();
    return {
      name: job.data.file_name ?? `${job.id}.${job.data.format}`,
      format: job.data.format,
      size: file.size,
      stream: file.stream,
    };
  }

  private async process(job: ExportJob): Promise<void> {
    if (!isWrite(job.data)) return this.cleanup();
    const data = job.data;
    let prepared: PreparedExport;
    try {
      prepared = await this.exports.prepare(
        { ...data, filter: await this.exports.areaFilter(data.filter) },
        data.user,
      );
    } catch (error) {
      // the user lost their enrolment or the project is gone since: the job fails with the reason's code
      await job.updateData({ ...data, code: error instanceof AppError ? error.code : 'INTERNAL' });
      throw error;
    }
    await job.updateData({ ...data, file_name: prepared.fileName, total: prepared.total });
    // the store keeps the file only once it is whole (a renamed temporary file, a completed multipart upload)
    const body = new PassThrough();
    const stored = this.storage.put(fileKey(job.id!), body);
    let saved = 0;
    try {
      await Promise.all([
        stored,
        this.exports
          .write(prepared, body, (rows) => {
            if (rows - saved >= PROGRESS_EVERY_ROWS) {
              saved = rows;
              void job.updateProgress(rows).catch(() => undefined);
            }
          })
          .catch((error: unknown) => {
            body.destroy(error instanceof Error ? error : new Error(String(error)));
            throw error;
          }),
      ]);
    } catch (error) {
      await stored.catch(() => undefined);
      await job.updateData({ ...job.data, code: 'INTERNAL' });
      throw error;
    }
  }

  /** Removes the files older than EXPORT_TTL. */
  /**
   * The scheduled clean-up: the export files past EXPORT_TTL, and the service's audit entries past
   * AUDIT_RETENTION_DAYS (decision 0084).
   */
  private async cleanup(): Promise<void> {
    const oldest = Date.now() - this.config.ttlMs;
    for (const file of await this.storage.list('exports/'))
      if (file.modified.getTime() < oldest) await this.storage.delete(file.key);
    const pruned = await this.audit.prune();
    if (pruned > 0) this.logger.info({ audit: pruned }, 'audit entries past their retention removed');
  }
}
