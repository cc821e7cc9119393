import type { Response } from 'express';
import { HealthController } from './health.controller.js';
import { Readiness } from './readiness.js';

/** The parts of an express response the controller uses, recording what it answered. */
function recordingResponse() {
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    status(code: number) {
      sent.status = code;
      return res;
    },
    json(body: unknown) {
      sent.body = body;
      return res;
    },
  };
  return { res: res as unknown as Response, sent };
}

describe('Readiness', () => {
  it('is ready when every check answers', async () => {
    const readiness = new Readiness();
    readiness.register('database', () => Promise.resolve([{ '?column?': 1 }]));
    readiness.register('queues', () => Promise.resolve());
    await expect(readiness.run()).resolves.toEqual({ ok: true, checks: { database: 'ok', queues: 'ok' } });
  });

  it('is not ready when a check fails, naming the failure and still running the others', async () => {
    const readiness = new Readiness();
    readiness.register('database', () => Promise.reject(new Error('connection refused')));
    readiness.register('queues', () => Promise.resolve());
    await expect(readiness.run()).resolves.toEqual({
      ok: false,
      checks: { database: 'connection refused', queues: 'ok' },
    });
  });

  it('gives up on a check that hangs', async () => {
    const readiness = new Readiness();
    readiness.register('database', () => new Promise(() => undefined)); // never settles
    readiness.register('queues', () => Promise.resolve());
    await expect(readiness.run(20)).resolves.toEqual({
      ok: false,
      checks: { database: 'timed out', queues: 'ok' },
    });
  });

  it('is not ready once draining, without running the checks', async () => {
    const readiness = new Readiness();
    let ran = 0;
    readiness.register('database', () => Promise.resolve(ran++));
    readiness.drain();
    await expect(readiness.run()).resolves.toEqual({ ok: false, checks: { shutdown: 'draining' } });
    expect(ran).toBe(0);
  });

  it('replaces a check registered again under the same name', async () => {
    const readiness = new Readiness();
    readiness.register('database', () => Promise.reject(new Error('old')));
    readiness.register('database', () => Promise.resolve());
    await expect(readiness.run()).resolves.toEqual({ ok: true, checks: { database: 'ok' } });
  });
});

describe('HealthController', () => {
  it('answers /health ok whatever the checks say', () => {
    const readiness = new Readiness();
    readiness.register('database', () => Promise.reject(new Error('down')));
    expect(new HealthController(readiness).health()).toEqual({ status: 'ok' });
  });

  it('answers /ready 200 when ready', async () => {
    const readiness = new Readiness();
    readiness.register('database', () => Promise.resolve());
    const { res, sent } = recordingResponse();
    await new HealthController(readiness).ready(res);
    expect(sent).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok' } } });
  });

  it('answers /ready 503 with the failing check when the database is down or hangs', async () => {
    const down = new Readiness();
    down.register('database', () => Promise.reject(new Error('ECONNREFUSED')));
    const first = recordingResponse();
    await new HealthController(down).ready(first.res);
    expect(first.sent).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ECONNREFUSED' } },
    });

    const hanging = new Readiness();
    hanging.register('database', () => new Promise(() => undefined));
    const run = hanging.run.bind(hanging);
    hanging.run = () => run(20); // the controller's default wait, shortened
    const second = recordingResponse();
    await new HealthController(hanging).ready(second.res);
    expect(second.sent).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'timed out' } },
    });
  });
});
