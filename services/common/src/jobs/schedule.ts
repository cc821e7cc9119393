import type { OnApplicationBootstrap } from '@nestjs/common';
import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';

/** Where a failure to schedule is told (the service's logger). */
export interface ScheduleLog {
  warn(obj: object, message: string): void;
}

/**
 * Runs the job `name` on `queue` every `everyMs` (the first run at once): a BullMQ job scheduler named `id`,
 * one for the whole deployment, whichever replica upserts it (upserting it again changes nothing), and its jobs
 * are taken by whichever worker of the queue is free. Background work of the services is scheduled this way,
 * never with a timer of its own.
 *
 * Not to be awaited before the service answers: while the queue is unreachable the call waits for it. A failure
 * is logged.
 */
export function scheduleEvery(
  queue: Queue,
  id: string,
  everyMs: number,
  name: string,
  log: ScheduleLog,
): Promise<void> {
  return queue
    .upsertJobScheduler(
      id,
      { every: everyMs },
      { name, opts: { removeOnComplete: { count: 20 }, removeOnFail: { count: 50 } } },
    )
    .then(
      () => undefined,
      (err: unknown) => log.warn({ err, scheduler: id }, 'could not schedule a periodic job'),
    );
}

/** A job scheduler: the job `name`, every `everyMs`, under the scheduler id `id`. */
export interface Schedule {
  id: string;
  everyMs: number;
  name: string;
}

/**
 * The worker of a queue whose jobs come from one job scheduler (a `@Processor(queue)` class extends it and
 * implements `process`): the schedule is upserted at bootstrap (`scheduled` settles then), and connection
 * errors of the queue and of the worker are logged, never thrown.
 */
export abstract class ScheduledWorkerHost extends WorkerHost implements OnApplicationBootstrap {
  /** Settles once the schedule is in the queue (or could not be put there, which is logged). */
  scheduled: Promise<void> = Promise.resolve();

  protected constructor(
    private readonly scheduleQueue: Queue,
    private readonly schedule: Schedule,
    protected readonly log: ScheduleLog,
  ) {
    super();
    scheduleQueue.on('error', (err) => this.onError(err));
  }

  onApplicationBootstrap(): void {
    const { id, everyMs, name } = this.schedule;
    this.scheduled = scheduleEvery(this.scheduleQueue, id, everyMs, name, this.log);
  }

  @OnWorkerEvent('error')
  onError(err: Error): void {
    this.log.warn({ err, queue: this.scheduleQueue.name }, 'queue connection error');
  }
}
