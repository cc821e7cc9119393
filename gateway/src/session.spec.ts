import { generateKeyPairSync } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionUser } from '@agora/contracts';
import { SessionResolver } from './session.js';

const USER: SessionUser = {
  uuid: '6f1c7a52-6a43-4d8f-9f0e-1f2b3c4d5e6f',
  username: 'maria',
  firstname: 'Maria',
  lastname: 'P',
  email: 'maria@example.org',
  role: 'authorized',
};
const SID = 'maria-session-0123456789abcdefghijklmnop';

describe('SessionResolver', () => {
  let server: http.Server;
  /** The resolutions accounts was asked for, each waiting for the test to answer it. */
  const asked: Array<(user: SessionUser) => void> = [];
  let arrived: () => void = () => {};
  let resolver: SessionResolver;

  beforeAll(async () => {
    server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      asked.push((user) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ user }));
      });
      arrived();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    resolver = new SessionResolver({
      accountsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      identityKey: generateKeyPairSync('ed25519').privateKey,
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  const nextRequest = () => new Promise<void>((done) => (arrived = done));

  it('does not keep an answer that was on its way when the session was evicted', async () => {
    const coming = nextRequest();
    const first = resolver.resolve(SID, 'r1');
    await coming;
    // the user changes (a new enrolment) while the first resolution is under way
    resolver.evict(SID);
    asked[0]!(USER);
    expect(await first).toEqual(USER);

    const enrolled = {
      ...USER,
      enrolments: [{ category: '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01', role: 'normal' }],
    };
    const again = nextRequest();
    const second = resolver.resolve(SID, 'r2');
    await again;
    expect(asked).toHaveLength(2);
    asked[1]!(enrolled as SessionUser);
    expect(await second).toEqual(enrolled);
    // that one is cached: no third question
    expect(await resolver.resolve(SID, 'r3')).toEqual(enrolled);
    expect(asked).toHaveLength(2);
  });
});

describe('SessionResolver keeps each answer for two seconds', () => {
  let server: http.Server;
  let questions = 0;
  /** What accounts answers next: a user, or 404 (no such session). */
  let answer: SessionUser | 404 = USER;
  let now = 1_000_000;
  let resolver: SessionResolver;

  beforeAll(async () => {
    server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      questions++;
      if (answer === 404) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Error: 'session not found' }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ user: answer }));
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    resolver = new SessionResolver({
      accountsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      identityKey: generateKeyPairSync('ed25519').privateKey,
      now: () => now,
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('reuses a user until the time to live has passed, then asks again', async () => {
    const sid = 'kept-user-session-0123456789abcdefghij';
    const before = questions;
    expect(await resolver.resolve(sid, 'r1')).toEqual(USER);
    now += 1_999;
    expect(await resolver.resolve(sid, 'r2')).toEqual(USER);
    expect(questions - before).toBe(1);
    now += 2;
    answer = { ...USER, role: 'editor' };
    expect(await resolver.resolve(sid, 'r3')).toEqual({ ...USER, role: 'editor' });
    expect(questions - before).toBe(2);
    answer = USER;
  });

  it('keeps "no such session" apart from a miss, for the same time', async () => {
    const sid = 'unknown-session-0123456789abcdefghijkl';
    answer = 404;
    const before = questions;
    expect(await resolver.resolve(sid, 'r1')).toBeNull();
    now += 1_000;
    expect(await resolver.resolve(sid, 'r2')).toBeNull();
    expect(questions - before).toBe(1);
    now += 1_001;
    answer = USER;
    expect(await resolver.resolve(sid, 'r3')).toEqual(USER);
    expect(questions - before).toBe(2);
  });
});
