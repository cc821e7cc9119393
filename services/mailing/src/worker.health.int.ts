import { Readiness } from '@agora/common';
import { testIdentityEnv, testRedisUrl, createTestDatabase, type TestDatabase } from '@agora/common/testing';
import { freePort } from '../../../scripts/lib/stack.mjs';
import { startMailWorker, type MailWorker } from './worker-app.js';

// The mail worker has no HTTP port: its probes (the image's HEALTHCHECK, Kubernetes' liveness and readiness) are
// served by its metrics listener, next to /metrics.

let db: TestDatabase;
let worker: MailWorker | undefined;

beforeAll(async () => {
  db = await createTestDatabase('agora_mail_worker_health');
});

afterAll(async () => {
  await worker?.close();
  await db?.drop();
});

it('answers /health and /ready (the database and the mail queue) on its metrics port, and not ready once draining', async () => {
  worker = await startMailWorker({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: `health-${process.pid}`,
    ...testIdentityEnv('mailing'),
    SMTP_URL: 'smtp://127.0.0.1:9',
    METRICS_PORT: String(await freePort()),
    METRICS_HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  const base = `http://127.0.0.1:${worker.metricsPort}`;

  const health = await fetch(`${base}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  const ready = await fetch(`${base}/ready`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } });

  const metrics = await fetch(`${base}/metrics`);
  expect(metrics.status).toBe(200);
  expect(await metrics.text()).toContain('process_cpu_seconds_total');

  expect((await fetch(`${base}/ready`, { method: 'POST' })).status).toBe(404);

  // stopping (close() drains first): not ready, while the mails in flight are finished
  worker.app.get(Readiness).drain();
  const draining = await fetch(`${base}/ready`);
  expect(draining.status).toBe(503);
  expect(await draining.json()).toEqual({ status: 'unavailable', checks: { shutdown: 'draining' } });
});
