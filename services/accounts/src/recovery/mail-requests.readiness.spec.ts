import { jest } from '@jest/globals';
import { Readiness } from '@agora/common';
import { MailRequestsReadiness } from './mail-requests.readiness.js';

function readinessWith(getJobCounts: () => Promise<Record<string, number>>): Readiness {
  const readiness = new Readiness();
  readiness.register('database', () => Promise.resolve());
  new MailRequestsReadiness({ getJobCounts }, readiness).onModuleInit();
  return readiness;
}

describe('MailRequestsReadiness', () => {
  it('adds a queue check that passes while the queue answers', async () => {
    const readiness = readinessWith(() => Promise.resolve({ waiting: 3 }));
    await expect(readiness.run()).resolves.toEqual({ ok: true, checks: { database: 'ok', queue: 'ok' } });
  });

  it('makes the service not ready while the queue backend does not answer', async () => {
    const readiness = readinessWith(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')));
    await expect(readiness.run()).resolves.toEqual({
      ok: false,
      checks: { database: 'ok', queue: 'connect ECONNREFUSED 127.0.0.1:6379' },
    });
  });

  it('does nothing without a readiness registry', () => {
    const getJobCounts = jest.fn(() => Promise.resolve({}));
    expect(() => new MailRequestsReadiness({ getJobCounts }).onModuleInit()).not.toThrow();
    expect(getJobCounts).not.toHaveBeenCalled();
  });
});
