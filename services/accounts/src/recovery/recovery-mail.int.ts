// Password recovery end to end: accounts and mailing booted on the SAME fresh database and Redis prefix, a real
// maildev inbox; the mail travels accounts → queue `mail-requests` → mailing outbox → SMTP.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import {
  createInfra,
  createLogger,
  createServiceApp,
  MAIL_REQUEST_JOB,
  MAIL_REQUESTS_QUEUE,
  migrateService,
  type Infra,
  type MailRequest,
  type ServiceConfig,
} from '@agora/common';
import {
  createTestDatabase,
  deleteRedisKeys,
  testIdentity,
  testIdentityConfig,
  testRedisUrl,
  type TestDatabase,
} from '@agora/common/testing';
import { createMailingService, mailingStorage } from '@agora/mailing';
import type { ServiceName } from '@agora/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import MailDev, { type MailDevServer, type ReceivedMail } from 'maildev';
import request from 'supertest';
import { accountsService, accountsStorage } from '../index.js';

jest.setTimeout(90_000);

const PUBLIC_URL = 'https://agora.example.org';
const SUBJECTS = ['Ανάκτηση κωδικού', 'Password recovery'];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor<T>(probe: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let db: TestDatabase;
let infra: Infra;
let prefix: string;
let accounts: NestExpressApplication;
let mailing: NestExpressApplication;
let maildev: MailDevServer;
let mailDir: string;
let queue: Queue<MailRequest>;

const anon = () => testIdentity('accounts', null);
const inbox = () =>
  new Promise<ReceivedMail[]>((resolve, reject) =>
    maildev.getAllEmail((err, mails) => (err ? reject(err) : resolve([...mails]))),
  );
const recoveryMails = async () => (await inbox()).filter((m) => SUBJECTS.includes(m.subject));

function configFor(service: ServiceName): ServiceConfig {
  return {
    service,
    http: { host: '127.0.0.1', port: 0 },
    database: { url: db.url },
    queue: { redisUrl: testRedisUrl(), prefix },
    identity: testIdentityConfig(service),
    dataDir: 'data',
    log: { level: 'silent' },
    migrateOnStart: false,
  };
}

beforeAll(async () => {
  const smtpPort = await freePort();
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'agora-recovery-maildev-'));
  maildev = new MailDev({
    smtp: smtpPort,
    ip: '127.0.0.1',
    disableWeb: true,
    silent: true,
    mailDirectory: mailDir,
  });
  await maildev.listen();

  db = await createTestDatabase('agora_recovery');
  prefix = `test-${randomBytes(4).toString('hex')}`;
  infra = await createInfra({
    databaseUrl: db.url,
    redisUrl: testRedisUrl(),
    dataDir: 'data',
    queuePrefix: prefix,
  });
  await migrateService(infra, accountsStorage);
  await migrateService(infra, mailingStorage);
  accounts = await createServiceApp(
    accountsService({ AGORA_ADMIN_PASSWORD: 'first-admin-password', PUBLIC_URL: `${PUBLIC_URL}/` }),
    { config: configFor('accounts'), infra, logger: createLogger('accounts', 'silent') },
  );
  mailing = await createServiceApp(
    createMailingService({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_WORKER: 'inline' }),
    { config: configFor('mailing'), infra, logger: createLogger('mailing', 'silent') },
  );
  queue = new Queue<MailRequest>(MAIL_REQUESTS_QUEUE, { connection: infra.bullConnection, prefix });

  const reg = await request(accounts.getHttpServer())
    .post('/registration')
    .set('x-agora-identity', anon())
    .send({
      username: 'eleni',
      firstname: 'Ελένη',
      lastname: 'Γεωργίου',
      email: 'eleni@example.org',
      password: 'old-secret1',
    });
  expect(reg.status).toBe(200);
});

afterAll(async () => {
  await queue?.close();
  await accounts?.close();
  await mailing?.close();
  await infra?.close();
  await db?.drop();
  await deleteRedisKeys(testRedisUrl(), `${prefix}:*`);
  await new Promise<void>((resolve) => (maildev ? maildev.close(() => resolve()) : resolve()));
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

const login = (password: string) =>
  request(accounts.getHttpServer())
    .post('/login')
    .set('x-agora-identity', anon())
    .send({ username: 'eleni', password });
const recover = (username: string) =>
  request(accounts.getHttpServer()).post('/recovery').set('x-agora-identity', anon()).send({ username });
const reset = (token: string, password: string) =>
  request(accounts.getHttpServer())
    .post('/recovery/reset')
    .set('x-agora-identity', anon())
    .send({ token, password });

function tokenOf(mail: ReceivedMail): string {
  const m = /https:\/\/agora\.example\.org\/password_recovery\/reset\/([A-Za-z0-9_-]{43})/.exec(
    mail.text ?? '',
  );
  if (!m) throw new Error(`no recovery link in: ${mail.text}`);
  return m[1]!;
}

it('answers 404 for an unknown user and mails nothing', async () => {
  const res = await recover('nobody');
  expect(res.status).toBe(404);
  expect(res.body.Error).toBe('user not found');
});

it('mails the link once, even when the request is delivered twice; the link resets the password once', async () => {
  const session = await login('old-secret1');
  expect(session.status).toBe(200);

  const res = await recover('eleni');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: 'you will soon receive your email' });
  const [mail] = await waitFor(recoveryMails, (m) => m.length === 1, 'the recovery mail');
  expect(mail!.to[0]!.address).toBe('eleni@example.org');
  // registered without a language: Greek, the default, only
  expect(mail!.subject).toBe('Ανάκτηση κωδικού');
  expect(mail!.text).toContain('Γεια σας Ελένη Γεωργίου');
  expect(mail!.text).not.toContain('Hello');
  const token = tokenOf(mail!);
  const [{ token_hash }] = await db.query<{ token_hash: string }>(
    `SELECT token_hash FROM accounts.recovery_token`,
  );
  expect(token_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(token_hash).not.toContain(token);

  // The same request delivered again (a producer retry under another job id): still one mail.
  const [row] = await db.query<{ to: string; subject: string; text: string; html: string; key: string }>(
    `SELECT to_address AS "to", subject, text_body AS text, html_body AS html, idempotency_key AS key
       FROM mailing.mail`,
  );
  const again = await queue.add(
    MAIL_REQUEST_JOB,
    { to: row!.to, subject: row!.subject, text: row!.text, html: row!.html, idempotencyKey: row!.key },
    { jobId: `replay-${randomBytes(4).toString('hex')}` },
  );
  await waitFor(
    () => again.getState(),
    (s) => s === 'completed' || s === 'failed',
    'the replayed request',
  );
  expect(await again.getState()).toBe('completed');
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mailing.mail`);
  expect(n).toBe(1);
  expect(await recoveryMails()).toHaveLength(1);

  const weak = await reset(token, 'lettersonly');
  expect(weak.status).toBe(400);
  expect(weak.body).toMatchObject({ Error: 'password must contain a letter and a digit', field: 'password' });
  const ok = await reset(token, 'new-secret2');
  expect(ok.status).toBe(200);
  expect(ok.body).toEqual({ message: 'password changed' });
  const [{ s }] = await db.query<{ s: number }>(`SELECT count(*)::int AS s FROM accounts.session`);
  expect(s).toBe(0);
  expect((await reset(token, 'another-secret3')).status).toBe(404);

  expect((await login('old-secret1')).status).toBe(401);
  expect((await login('new-secret2')).status).toBe(200);
});

it('invalidates older links with a new request, and answers 410 Too late! for an expired one', async () => {
  expect((await recover('eleni')).status).toBe(200);
  const first = tokenOf((await waitFor(recoveryMails, (m) => m.length === 2, 'mail 2'))[1]!);
  expect((await recover('eleni')).status).toBe(200);
  const mails = await waitFor(recoveryMails, (m) => m.length === 3, 'mail 3');
  const second = tokenOf(mails[2]!);
  expect((await reset(first, 'new-secret4')).status).toBe(404);
  await db.query(`UPDATE accounts.recovery_token SET expires_at = now() - interval '1 minute'`);
  const late = await reset(second, 'new-secret4');
  expect(late.status).toBe(410);
  expect(late.body.Error).toBe('Too late!');
});

it("writes the mail in the recipient's language: English for an English registration or profile choice", async () => {
  const reg = await request(accounts.getHttpServer())
    .post('/registration')
    .set('x-agora-identity', anon())
    .send({
      username: 'john',
      firstname: 'John',
      lastname: 'Smith',
      email: 'john@example.org',
      password: 'john-secret1',
      locale: 'en',
    });
  expect(reg.status).toBe(200);
  expect((await recover('john')).status).toBe(200);
  const toJohn = async () => (await recoveryMails()).filter((m) => m.to[0]?.address === 'john@example.org');
  const [english] = await waitFor(toJohn, (m) => m.length === 1, "john's mail");
  expect(english!.subject).toBe('Password recovery');
  expect(english!.text).toContain('Hello John Smith,');
  expect(english!.text).toContain('valid for 60 minutes');
  expect(english!.html).toContain('<p>Hello John Smith,</p>');
  expect(`${english!.text}${english!.html}`).not.toMatch(/[α-ω]/i);

  // the language chosen later in the interface wins
  const [{ uuid }] = await db.query<{ uuid: string }>(
    `SELECT uuid FROM accounts."user" WHERE username = 'john'`,
  );
  const john = { uuid, username: 'john', firstname: 'John', lastname: 'Smith', email: 'john@example.org' };
  const switched = await request(accounts.getHttpServer())
    .put('/profile')
    .set('x-agora-identity', testIdentity('accounts', { ...john, role: 'authorized' }))
    .send({ locale: 'el' });
  expect(switched.status).toBe(200);
  expect((await recover('john')).status).toBe(200);
  const mails = await waitFor(toJohn, (m) => m.length === 2, "john's second mail");
  const greek = mails.find((m) => m !== english)!;
  expect(greek.subject).toBe('Ανάκτηση κωδικού');
  expect(greek.text).toContain('Γεια σας John Smith,');
  expect(greek.text).not.toContain('Hello');
});

it('writes the mail from the password_recovery template as an administrator edited it', async () => {
  const admin = {
    uuid: '5d2c0f4e-8b1a-4c3e-9f7d-1a2b3c4d5e6f',
    username: 'admin',
    firstname: 'A',
    lastname: 'D',
    email: 'admin@example.org',
    role: 'admin' as const,
  };
  const edited = await request(mailing.getHttpServer())
    .put('/mailTemplate/name/password_recovery/locale/el')
    .set('x-agora-identity', testIdentity('mailing', admin))
    .send({
      subject: 'Νέος κωδικός για [username]',
      html: '<p>Καλημέρα <b>[firstname]</b>,</p><p><a href="[link]">Ορίστε νέο κωδικό</a> (ισχύει [minutes] λεπτά)</p>',
      text: '',
    });
  expect(edited.status).toBe(200);
  expect((await recover('eleni')).status).toBe(200);
  const [mail] = await waitFor(
    async () => (await inbox()).filter((m) => m.subject === 'Νέος κωδικός για eleni'),
    (m) => m.length === 1,
    'the mail from the edited template',
  );
  expect(mail!.html).toMatch(
    /^<p>Καλημέρα <b>Ελένη<\/b>,<\/p><p><a href="https:\/\/agora\.example\.org\/password_recovery\/reset\/[A-Za-z0-9_-]{43}">Ορίστε νέο κωδικό<\/a> \(ισχύει 60 λεπτά\)<\/p>/,
  );
  // the plain-text part, left empty, is written from the HTML: it still carries the link
  expect(mail!.text).toMatch(/^Καλημέρα Ελένη,\n\nΟρίστε νέο κωδικό \(https:\/\/agora\.example\.org\//);
  const token = tokenOf(mail!);
  expect((await reset(token, 'edited-secret5')).status).toBe(200);
  expect((await login('edited-secret5')).status).toBe(200);
});
