import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER } from '@agora/contracts';
import {
  bootEmbeddedTestService,
  bootTestService,
  type EmbeddedTestService,
  type TestService,
} from '@agora/common/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type pg from 'pg';
import request from 'supertest';
import { Queue, Worker } from 'bullmq';
import type { DataSource, QueryRunner } from 'typeorm';
import { createMailingService } from '../service.js';
import { startInbox, waitFor, waitForMailSent, type Inbox } from '../../test/harness.js';

// The queue on PostgreSQL (no Redis), as the one-process mode runs mail, when a session is stuck in a transaction
// or the connection is lost: on a real PostgreSQL server and on the embedded database.
jest.setTimeout(120_000);

type Service = Pick<TestService, 'app' | 'identity' | 'infra'>;

let inbox: Inbox;
beforeAll(async () => {
  inbox = await startInbox();
});
afterAll(async () => {
  await inbox?.close();
});

const mailing = () => createMailingService({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}` });
const dataSource = (app: NestExpressApplication) => app.get<DataSource>(getDataSourceToken('mailing'));

/** Queues a mail through the API and waits until the worker has sent it. */
async function mailIsSent(svc: Service): Promise<void> {
  const subject = `Connection ${randomUUID()}`;
  const system = svc.identity(null, { sys: 'gateway' });
  const res = await request(svc.app.getHttpServer())
    .post('/internal/mail')
    .set(IDENTITY_HEADER, system)
    .send({ to: 'queue@example.org', subject, text: 'after the connection trouble' });
  expect(res.status).toBe(202);
  await waitForMailSent(svc.app, system, res.body.id, { timeoutMs: 60_000 });
  expect(await inbox.withSubject(subject)).toHaveLength(1);
}

/**
 * A worker that waits for new jobs for up to 300 s is woken by the queue's NOTIFY only: after `lose()` cuts the
 * connection, a job added is processed only if the LISTEN was issued again.
 */
async function jobWakesWorkerAfter(svc: Service, lose: () => Promise<void>): Promise<void> {
  const name = `reconnect-${randomUUID()}`;
  const opts = { connection: svc.infra.bullConnection, prefix: svc.infra.queuePrefix };
  const done: string[] = [];
  const worker = new Worker(name, async (job) => void done.push(job.name), { ...opts, drainDelay: 300 });
  worker.on('error', () => undefined); // the lost connection is reported; the worker carries on
  const queue = new Queue(name, opts);
  try {
    await queue.add('before', {});
    await waitFor(
      async () => done.length,
      (n) => n === 1,
      { what: 'the first job' },
    );
    await lose();
    await queue.add('after', {});
    await waitFor(
      async () => done.length,
      (n) => n === 2,
      { what: 'the job added after the connection was lost' },
    );
    expect(done).toEqual(['before', 'after']);
  } finally {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

/** A transaction that a stuck request leaves open: begun, one statement, then nothing. */
async function idleTransaction(app: NestExpressApplication): Promise<QueryRunner> {
  const runner = dataSource(app).createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  await runner.query(`SELECT count(*) FROM "mailing"."mail"`);
  return runner;
}

describe('on a PostgreSQL server', () => {
  let svc: TestService;
  beforeAll(async () => {
    // The idle time-out is short for the test, yet long enough that the service's own transactions (the mail
    // worker's claims, the queue's) never sit idle that long on a busy machine: at 300 ms they did, and were ended.
    svc = await bootTestService(mailing(), {
      timeouts: { statementTimeoutMs: 2000, idleInTransactionTimeoutMs: 2000 },
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('cancels a statement that runs longer than the statement time-out', async () => {
    await expect(dataSource(svc.app).query('SELECT pg_sleep(5)')).rejects.toMatchObject({
      driverError: expect.objectContaining({ code: '57014' }),
    });
  });

  it('ends a transaction left idle, and the service keeps answering', async () => {
    const runner = await idleTransaction(svc.app);
    try {
      const pid = (await runner.query('SELECT pg_backend_pid() AS pid'))[0].pid as number;
      await waitFor(
        () => svc.db.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]),
        (rows) => rows.length === 0,
        { what: 'the server to end the idle session' },
      );
      await expect(runner.query('SELECT 1')).rejects.toThrow();
    } finally {
      await runner.release();
    }
    expect((await request(svc.app.getHttpServer()).get('/ready')).status).toBe(200);
    await mailIsSent(svc);
  });

  it("still processes queued jobs and mail after the queue's connections are killed", async () => {
    await jobWakesWorkerAfter(svc, async () => {
      const killed = await svc.db.query<{ pid: number }>(
        `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(killed.length).toBeGreaterThan(0);
    });
    await mailIsSent(svc);
  });
});

describe('on the embedded database', () => {
  let svc: EmbeddedTestService;
  beforeAll(async () => {
    svc = await bootEmbeddedTestService(mailing(), {
      timeouts: { statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 500 },
    });
  }, 180_000);
  afterAll(async () => {
    await svc?.close();
  });

  it('ends a transaction left idle on the single connection, and the service keeps answering', async () => {
    const runner = await idleTransaction(svc.app);
    try {
      // this needs the connection the idle transaction holds
      await mailIsSent(svc);
      await expect(runner.query('SELECT 1')).rejects.toThrow(/held for more than 500 ms/);
    } finally {
      await runner.release();
    }
    await mailIsSent(svc);
  });

  it('still processes queued jobs and mail after the connection is lost and opened again', async () => {
    await jobWakesWorkerAfter(svc, async () => {
      const runner = dataSource(svc.app).createQueryRunner();
      const client = (await runner.connect()) as pg.PoolClient & {
        connection: { stream: { destroy(): void } };
      };
      client.connection.stream.destroy();
      await runner.release();
    });
    await mailIsSent(svc);
  });
});
