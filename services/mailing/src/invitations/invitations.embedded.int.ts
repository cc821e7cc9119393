// Invitations on the embedded database (one connection, the queue on it too), as the one-process mode runs them.
// Accounts and consultation are stood in for by a small HTTP server answering their internal routes.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER } from '@agora/contracts';
import type { InvitationSendAnswer, InvitationsPageAnswer } from '@agora/contracts/api';
import { bootEmbeddedTestService, TEST_ADMIN, type EmbeddedTestService } from '@agora/common/testing';
import request from 'supertest';
import { createMailingService } from '../service.js';
import { startInbox, waitFor, type Inbox } from '../../test/harness.js';

jest.setTimeout(180_000);

const ROADS = randomUUID();
let inbox: Inbox;
let peers: http.Server;
let svc: EmbeddedTestService;
const accepted: unknown[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  peers = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const answer = (value: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/internal/categories')
        return answer({ categories: [{ token: ROADS, mname: 'roads' }] });
      if (req.url === '/internal/users/by-email') return answer({ users: [] });
      if (req.url === '/internal/invitations/accept') {
        const parsed = JSON.parse(body) as { uuid: string };
        accepted.push(parsed);
        return answer({ uuid: parsed.uuid, username: 'two' });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => peers.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(peers.address() as AddressInfo).port}`;
  svc = await bootEmbeddedTestService(
    createMailingService({
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      ACCOUNTS_URL: url,
      CONSULTATION_URL: url,
      PUBLIC_URL: 'https://agora.example.gov',
    }),
  );
});

afterAll(async () => {
  await svc?.close();
  await new Promise<void>((resolve) => (peers ? peers.close(() => resolve()) : resolve()));
  await inbox?.close();
});

it('sends a batch in one transaction, delivers every mail once, and accepts, on the embedded database', async () => {
  const server = () => request(svc.app.getHttpServer());
  const admin = svc.identity(TEST_ADMIN);
  const rows = ['one', 'two', 'three'].map((n) => ({
    firstname: `Όνομα ${n}`,
    lastname: 'Δοκιμή',
    email: `${n}@example.org`,
    enrolment: { roads: 'expert' },
  }));
  const res = await server()
    .post('/invitation/scope/send')
    .set(IDENTITY_HEADER, admin)
    .send({ message: 'Καλώς ήρθατε', locale: 'el', rows });
  expect(res.status).toBe(200);
  const sent = res.body as InvitationSendAnswer;
  expect(sent).toMatchObject({ invited: 3, enrolled: 0, skipped: 0 });
  await waitFor(
    async () => (await server().get(`/invitation/batch/${sent.batch}`).set(IDENTITY_HEADER, admin)).body,
    (b: { sent: number }) => b.sent === 3,
    { what: 'the batch to be sent', timeoutMs: 120_000 },
  );
  const mails = (await inbox.all()).filter((m) => m.to[0]!.address === 'two@example.org');
  expect(mails).toHaveLength(1);
  const token = /\/invitation\/accept\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text ?? '')![1]!;
  const ok = await server()
    .post(`/invitation/hash/${token}`)
    .set(IDENTITY_HEADER, svc.identity(null))
    .send({ email: 'two@example.org', password: 'secret-pass-1' });
  expect(ok.status).toBe(200);
  expect(accepted).toEqual([
    {
      uuid: (ok.body as { uuid: string }).uuid,
      email: 'two@example.org',
      firstname: 'Όνομα two',
      lastname: 'Δοκιμή',
      locale: 'el',
      password: 'secret-pass-1',
      enrolments: [{ category: ROADS, role: 'expert' }],
    },
  ]);
  const list = (
    await server().get('/invitation/sort/email/sort_method/asc/fq/accepted:true').set(IDENTITY_HEADER, admin)
  ).body as InvitationsPageAnswer;
  expect(list.values.map((v) => [v.email, v.status])).toEqual([['two@example.org', 'accepted']]);
});
