import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { LOGGER, ScheduledWorkerHost } from '@agora/common';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { AnswerRetention, type DetachedProject } from './answer-retention.service.js';

/** The queue of the consultation service's periodic work; its scheduler and job names. */
export const CONSULTATION_MAINTENANCE_QUEUE = 'consultation-maintenance';
export const ANSWER_RETENTION_SCHEDULER = 'answer-retention';
export const ANSWER_RETENTION_JOB = 'retention';
export const RETENTION_EVERY_MS = 60 * 60_000;

/**
 * Every hour (a job scheduler of the maintenance queue, one for the deployment; each project is locked and
 * checked again in its transaction, so two runs never detach one twice), detaches the answers of the projects
 * whose retention has come (decision 0089). Every replica runs the queue's worker: one of them takes each run.
 */
@Processor(CONSULTATION_MAINTENANCE_QUEUE)
@Injectable()
export class ConsultationMaintenance extends ScheduledWorkerHost {
  constructor(
    private readonly retention: AnswerRetention,
    @InjectQueue(CONSULTATION_MAINTENANCE_QUEUE) queue: Queue,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(
      queue,
      { id: ANSWER_RETENTION_SCHEDULER, everyMs: RETENTION_EVERY_MS, name: ANSWER_RETENTION_JOB },
      logger,
    );
  }

  process(): Promise<DetachedProject[]> {
    return this.retention.run();
  }
}
