import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, testIdentityEnv, testRedisUrl, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { MAIL_QUEUE, mailMessageId } from './mail/mail.jobs.js';
import type { MailView } from './mail/mail.service.js';
import { createMailingService } from './service.js';
import { waitFor } from '../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../test/sink.js';
import { startMailWorker, type MailWorker } from './worker-app.js';

// The separate worker (dist/worker.js, built by `npm run build`) run as a child process and stopped mid-send:
// SIGTERM drains (the mail in flight is answered and recorded, nothing new is taken). SIGKILL leaves the mail in
// flight 'sending': killed before its end of data (the server dropped the unfinished message), the next worker
// sends it again; killed after it, the next worker marks it 'uncertain' and does not send it again.
jest.setTimeout(90_000);

const WORKER_JS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/worker.js');
// A short job lock, so that the next worker takes over a killed worker's job within seconds (long enough that a
// busy machine does not make a live worker's job look stalled).
const LOCK_MS = '5000';

let svc: TestService;
let sink: SmtpSink;
let system: string;
let child: ChildProcess | undefined;
let inProcess: MailWorker | undefined;

function workerEnv(): Record<string, string> {
  return {
    DATABASE_URL: svc.db.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: svc.config.queue.prefix,
    ...testIdentityEnv('mailing'),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_CONCURRENCY: '1',
    MAIL_LOCK_MS: LOCK_MS,
  };
}

/** Starts dist/worker.js; resolves once it logged that it runs. `lines` gathers what it logs. */
async function startChild(lines: string[]): Promise<ChildProcess> {
  if (!existsSync(WORKER_JS)) throw new Error(`${WORKER_JS} is missing: run npm run build first`);
  const proc = spawn(process.execPath, [WORKER_JS], {
    env: { PATH: process.env.PATH ?? '', ...workerEnv(), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const take = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      lines.push(out.slice(0, nl));
      out = out.slice(nl + 1);
    }
  };
  proc.stdout?.on('data', take);
  proc.stderr?.on('data', take);
  child = proc;
  await waitFor(
    async () => ({ running: lines.some((l) => l.includes('mail worker running')), exit: proc.exitCode }),
    (s) => s.running || s.exit !== null,
    { what: 'the worker process to start', timeoutMs: 30_000 },
  );
  if (proc.exitCode !== null) throw new Error(`worker exited (${proc.exitCode}):\n${lines.join('\n')}`);
  return proc;
}

function exited(proc: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (proc.exitCode !== null || proc.signalCode !== null)
    return Promise.resolve({ code: proc.exitCode, signal: proc.signalCode });
  return new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
}

async function enqueue(subject: string): Promise<string> {
  const res = await request(svc.app.getHttpServer())
    .post('/internal/mail')
    .set(IDENTITY_HEADER, system)
    .send({ to: 'kill@example.org', subject, text: 'a mail of a batch' });
  expect(res.status).toBe(202);
  return (res.body as { id: string }).id;
}

async function statuses(ids: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) {
    const res = await request(svc.app.getHttpServer())
      .get(`/internal/mail/${id}`)
      .set(IDENTITY_HEADER, system);
    out.push((res.body as MailView).status);
  }
  return out;
}

const received = (id: string) => sink.counts.get(mailMessageId(id)) ?? 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  svc = await bootTestService(
    createMailingService({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_WORKER: 'off' }),
    { redis: true },
  );
  system = svc.identity(null, { sys: 'gateway' });
});

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  child = undefined;
  await inProcess?.close();
  inProcess = undefined;
  sink.release();
});

afterAll(async () => {
  await svc?.app.get<Queue>(getQueueToken(MAIL_QUEUE)).obliterate({ force: true });
  await svc?.close();
  await sink?.close();
});

it('drains on SIGTERM: the mail in flight is answered and recorded as sent, no further mail is taken', async () => {
  sink.hold();
  const batch = randomUUID();
  const ids = [await enqueue(`${batch} 1`), await enqueue(`${batch} 2`), await enqueue(`${batch} 3`)];
  const lines: string[] = [];
  const proc = await startChild(lines);
  await waitFor(
    async () => sink.held(),
    (n) => n === 1,
    { what: 'one mail held at the server' },
  );
  const inFlight = ids.find((id) => received(id) === 1);
  expect(inFlight).toBeDefined();

  proc.kill('SIGTERM');
  await waitFor(
    async () => lines.some((l) => l.includes('mail worker stopping')),
    (seen) => seen,
    { what: 'the worker to take the SIGTERM' },
  );
  sink.release();
  expect(await exited(proc)).toEqual({ code: 0, signal: null });

  const after = await statuses(ids);
  expect(after.filter((s) => s === 'sent')).toHaveLength(1);
  expect(after.filter((s) => s === 'queued')).toHaveLength(2);
  expect(await statuses([inFlight!])).toEqual(['sent']);

  // The next worker sends the other two; every mail reached the server exactly once.
  inProcess = await startMailWorker({ ...workerEnv(), LOG_LEVEL: 'silent' });
  await waitFor(
    () => statuses(ids),
    (s) => s.every((x) => x === 'sent'),
    { what: 'all three sent' },
  );
  expect(ids.map(received)).toEqual([1, 1, 1]);
});

it('after a SIGKILL past the end of data, the next worker marks that mail uncertain, does not resend it, and sends the rest', async () => {
  sink.hold();
  const batch = randomUUID();
  const ids = [await enqueue(`${batch} 1`), await enqueue(`${batch} 2`), await enqueue(`${batch} 3`)];
  const proc = await startChild([]);
  await waitFor(
    async () => sink.held(),
    (n) => n === 1,
    { what: 'one mail held at the server' },
  );
  const inFlight = ids.find((id) => received(id) === 1)!;
  expect(await statuses([inFlight])).toEqual(['sending']);

  proc.kill('SIGKILL');
  expect(await exited(proc)).toEqual({ code: null, signal: 'SIGKILL' });
  // The server got the whole message: whether it was delivered is unknown to the sender.
  sink.release();

  inProcess = await startMailWorker({ ...workerEnv(), LOG_LEVEL: 'silent' });
  const final = await waitFor(
    () => statuses(ids),
    (s) => s.every((x) => x === 'sent' || x === 'uncertain'),
    { what: 'every mail settled', timeoutMs: 40_000 },
  );
  expect(final[ids.indexOf(inFlight)]).toBe('uncertain');
  expect(final.filter((s) => s === 'sent')).toHaveLength(2);
  // Never twice: the uncertain mail was received once (before the kill), the others once each.
  expect(ids.map(received)).toEqual([1, 1, 1]);
});

/** Number of the advisory lock that holds the workers' end-of-data marks in the next test. */
const HOLD_LOCK = 48_048;

it('after a SIGKILL before the end of data, the next worker sends that mail again: every mail received once', async () => {
  const ds = svc.app.get<DataSource>(getDataSourceToken('mailing'));
  // The worker's end-of-data mark waits for a lock the test holds: the worker then has the whole message at the
  // server but its last line, the moment this test kills it in.
  await ds.query(`CREATE FUNCTION public.hold_data_end() RETURNS trigger LANGUAGE plpgsql AS $$
                  BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_LOCK}); RETURN NEW; END $$`);
  await ds.query(`CREATE TRIGGER hold_data_end BEFORE UPDATE OF data_end_at ON mailing.mail FOR EACH ROW
                  WHEN (NEW.data_end_at IS NOT NULL) EXECUTE FUNCTION public.hold_data_end()`);
  const lock = ds.createQueryRunner();
  await lock.query(`SELECT pg_advisory_lock(${HOLD_LOCK})`);
  try {
    const batch = randomUUID();
    const ids = [await enqueue(`${batch} 1`), await enqueue(`${batch} 2`), await enqueue(`${batch} 3`)];
    const abandoned = sink.abandoned();
    const proc = await startChild([]);
    const waiting = await waitFor(
      async () =>
        (await ds.query(
          `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'`,
        )) as Array<{ pid: number }>,
      (rows) => rows.length === 1,
      { what: 'the worker at its end-of-data mark' },
    );
    const inFlight = ids.find((id) => sink.receiving().some((m) => m.includes(mailMessageId(id))));
    expect(inFlight).toBeDefined();
    expect(await statuses([inFlight!])).toEqual(['sending']);

    proc.kill('SIGKILL');
    expect(await exited(proc)).toEqual({ code: null, signal: 'SIGKILL' });
    // The killed worker's mark dies with it (here its database session is ended for it: a statement that
    // reached the database before the kill would commit, and the mail would then stay 'uncertain').
    await ds.query(`SELECT pg_terminate_backend($1)`, [waiting[0].pid]);
    // the server saw the connection close in the middle of the data: nothing was delivered
    await waitFor(
      async () => sink.abandoned(),
      (n) => n === abandoned + 1,
      { what: 'the message dropped unfinished' },
    );
    expect(received(inFlight!)).toBe(0);
    await lock.query(`SELECT pg_advisory_unlock(${HOLD_LOCK})`);

    inProcess = await startMailWorker({ ...workerEnv(), LOG_LEVEL: 'silent' });
    const final = await waitFor(
      () => statuses(ids),
      (s) => s.every((x) => x === 'sent' || x === 'uncertain'),
      { what: 'every mail settled', timeoutMs: 40_000 },
    );
    expect(final).toEqual(['sent', 'sent', 'sent']);
    expect(ids.map(received)).toEqual([1, 1, 1]);
  } finally {
    await lock.release();
    await ds.query(`DROP TRIGGER IF EXISTS hold_data_end ON mailing.mail`);
    await ds.query(`DROP FUNCTION IF EXISTS public.hold_data_end()`);
  }
});
