import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createInfra,
  createLogger,
  createServiceApp,
  migrateService,
  type ServiceConfig,
} from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import { testIdentity, testIdentityConfig } from '@agora/common/testing';
import { jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ADMIN_PASSWORD, bootAccounts } from '../../test/accounts-test-helpers.js';
import { accountsService } from '../index.js';
import { UsersService } from '../users/users.service.js';
import { POLICIES, RateLimitService } from './rate-limit.service.js';

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';

interface Target {
  app: NestExpressApplication;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A fresh database on the real Postgres; counters in Redis or in Postgres. */
async function realPostgres(redis: boolean): Promise<Target> {
  const { svc } = await bootAccounts({ redis });
  return { app: svc.app, query: (t, p) => svc.db.query(t, p), close: () => svc.close() };
}

/** The one-process mode's embedded PGlite: the counters go through its single shared connection. */
async function embedded(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agora-limits-'));
  const def = accountsService({ AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD });
  const infra = await createInfra({ dataDir, queuePrefix: 'test' });
  const config: ServiceConfig = {
    service: def.name,
    http: { host: '127.0.0.1', port: 0 },
    database: {},
    queue: { prefix: 'test' },
    identity: testIdentityConfig('accounts'),
    dataDir,
    log: { level: 'silent' },
    migrateOnStart: false,
  };
  await migrateService(infra, def.storage);
  const app = await createServiceApp(def, { config, infra, logger: createLogger(def.name, 'silent') });
  const ds = app.get<DataSource>(getDataSourceToken('accounts'));
  return {
    app,
    query: async (t, p) => (await ds.query(t, p)) as never,
    close: async () => {
      await app.close();
      await infra.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Login, profile and checkIfExists limits, on each store: Postgres (no Redis), Redis, and the embedded PGlite. */
describe.each([
  ['Postgres', () => realPostgres(false)],
  ['Redis', () => realPostgres(true)],
  ['the embedded PGlite', embedded],
])('accounts rate limits, counters in %s', (_store, boot) => {
  let svc: Target;
  let server: ReturnType<NestExpressApplication['getHttpServer']>;
  let checks: jest.SpiedFunction<UsersService['verifyCredentials']>;

  beforeAll(async () => {
    svc = await boot();
    server = svc.app.getHttpServer();
    checks = jest.spyOn(svc.app.get(UsersService), 'verifyCredentials');
  });

  afterAll(async () => {
    await svc?.close();
  });

  beforeEach(() => checks.mockClear());

  const from = (ip: string, user: SessionUser | null = null) => testIdentity('accounts', user, { ip });
  const login = (ip: string, username: string, password: string) =>
    request(server).post('/login').set('x-agora-identity', from(ip)).send({ username, password });

  it('checks no more than 10 of 50 wrong passwords sent at once; the rest get 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(ATTACKER, 'admin', `wrong-password-${i}`)),
    );
    expect(checks).toHaveBeenCalledTimes(10);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).toEqual({
        Error: 'too many attempts, try again later',
        code: 'ACCOUNTS.RATE_LIMITED',
      });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(POLICIES.loginByAccountAndAddress.blockSec);
    }
  });

  it('keeps refusing the guessing address, even with the right password, without checking it', async () => {
    const res = await login(ATTACKER, 'admin', ADMIN_PASSWORD);
    expect(res.status).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(POLICIES.loginByAccountAndAddress.blockSec);
    expect(checks).not.toHaveBeenCalled();
  });

  it('lets the owner log in from another address after the stranger was locked out', async () => {
    const res = await login(OWNER, 'admin', ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('admin');
  });

  it('forgets the failures of an account from an address when it logs in from there', async () => {
    for (let i = 0; i < 6; i++) expect((await login(OWNER, 'admin', 'wrong-password1')).status).toBe(401);
    expect((await login(OWNER, 'admin', ADMIN_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await login(OWNER, 'admin', 'wrong-password1')).status).toBe(401);
    expect((await login(OWNER, 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('refuses an address that guessed too often across many accounts (slow brute force), not the others', async () => {
    const ip = '203.0.113.77';
    const rate = svc.app.get(RateLimitService);
    // the earlier failures of the day from this address, counted as a login counts them
    await Promise.all(
      Array.from({ length: POLICIES.loginByAddress.points }, () => rate.consume(POLICIES.loginByAddress, ip)),
    );
    const res = await login(ip, 'someone-else', 'whatever1');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(checks).not.toHaveBeenCalled();
    expect((await login('203.0.113.78', 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('limits the profile current-password check to 10 failures, counted exactly under concurrency', async () => {
    const reg = await request(server).post('/registration').set('x-agora-identity', from(OWNER)).send({
      username: 'maria_p',
      firstname: 'Μαρία',
      lastname: 'Παπαδοπούλου',
      email: 'maria@example.org',
      password: 'secret123',
    });
    expect(reg.status).toBe(200);
    const [maria] = await svc.query<SessionUser>(
      `SELECT uuid, username, firstname, lastname, email, role FROM accounts."user" WHERE username = 'maria_p'`,
    );
    const change = (current: string) =>
      request(server)
        .put('/profile')
        .set('x-agora-identity', from(ATTACKER, maria!))
        .send({ password: 'newsecret456', password_current: current });
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => change(`guess-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const right = await change('secret123');
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('ACCOUNTS.RATE_LIMITED');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // the password did not change
    expect((await login(OWNER, 'maria_p', 'secret123')).status).toBe(200);
  });

  it('throttles checkIfExists per address', async () => {
    const lookup = (ip: string, i: number) =>
      request(server)
        .get(`/checkIfExists/scope/users/field/username/value/someone${i}`)
        .set('x-agora-identity', from(ip));
    const answers = await Promise.all(
      Array.from({ length: POLICIES.existsByAddress.points + 5 }, (_, i) => lookup('192.0.2.50', i)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(POLICIES.existsByAddress.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.code).toBe('ACCOUNTS.RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address, and the rules of the scope, are not affected
    expect((await lookup('192.0.2.51', 0)).status).toBe(200);
    const rules = await request(server)
      .get('/validation/scope/users')
      .set('x-agora-identity', from('192.0.2.50'));
    expect(rules.status).toBe(200);
  });
});
