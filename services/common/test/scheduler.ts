import { QueueEvents, type Job, type JobType, type Queue } from 'bullmq';

/**
 * Runs the next iteration of the job scheduler `schedulerId` of `queue` now, as its time had come, and answers
 * what the job returned: the iteration due or running (the first runs at once) is let finish, then the next one,
 * which waits for its time, is promoted and waited for. No timer: the queue's events tell when a job ends.
 */
export async function runScheduledNow(queue: Queue, schedulerId: string): Promise<unknown> {
  const events = new QueueEvents(queue.name, {
    connection: queue.opts.connection,
    prefix: queue.opts.prefix,
  });
  try {
    await events.waitUntilReady();
    const iterations = async (states: JobType[]): Promise<Job[]> =>
      (await queue.getJobs(states)).filter((j) => j.repeatJobKey === schedulerId);
    for (const due of await iterations(['waiting', 'prioritized', 'active']))
      await due.waitUntilFinished(events).catch(() => undefined);
    const [next] = await iterations(['delayed']);
    if (!next) throw new Error(`the scheduler ${schedulerId} has no next iteration on ${queue.name}`);
    await next.promote();
    return await next.waitUntilFinished(events);
  } finally {
    await events.close();
  }
}
