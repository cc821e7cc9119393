// Test helpers for the mailing integration tests: a real maildev, a TCP relay that can be taken down, polling.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import MailDev, { type ReceivedMail } from 'maildev';
import type { INestApplication } from '@nestjs/common';
import { IDENTITY_HEADER } from '@agora/contracts';
import request from 'supertest';
import type { MailView } from '../src/mail/mail.service.js';

export type { ReceivedMail };

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls `probe` until `done` holds for its value; fails with the last value after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await probe();
    if (done(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Polls the mail's status through the internal API (as the system identity `system`) until it is sent. */
export function waitForMailSent(
  app: INestApplication,
  system: string,
  id: string,
  { what = 'the mail to be sent', timeoutMs = 20_000 } = {},
): Promise<MailView> {
  return waitFor(
    async () =>
      (await request(app.getHttpServer()).get(`/internal/mail/${id}`).set(IDENTITY_HEADER, system))
        .body as MailView,
    (m) => m.status === 'sent',
    { what, timeoutMs },
  );
}

export interface Inbox {
  port: number;
  all(): Promise<ReceivedMail[]>;
  withSubject(subject: string): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * maildev 2.2.1 keeps one mail server per module instance (jest gives each test file its own), so one inbox per
 * file. The web UI (and with it the REST API) is disabled; mails are read through its programmatic API.
 */
export async function startInbox(): Promise<Inbox> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-maildev-'));
  const server = new MailDev({
    smtp: port,
    ip: '127.0.0.1',
    disableWeb: true,
    silent: true,
    mailDirectory: dir,
  });
  await server.listen();
  const all = () =>
    new Promise<ReceivedMail[]>((resolve, reject) =>
      server.getAllEmail((err, emails) => (err ? reject(err) : resolve([...emails]))),
    );
  return {
    port,
    all,
    withSubject: async (subject) => (await all()).filter((m) => m.subject === subject),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP relay on a fixed port to the inbox: `down()` refuses connections (SMTP server unreachable), `up()` heals. */
export class SmtpRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  static async start(target: number): Promise<SmtpRelay> {
    const relay = new SmtpRelay(await freePort(), target);
    await relay.up();
    return relay;
  }

  private holding: ((client: net.Socket) => void) | null = null;

  /**
   * The next connection is held (nothing relayed, no greeting yet): the promise resolves once the client is
   * connected, to a handle that fails that connection (the client sees it closed, a transient failure) or lets it
   * through to the server.
   */
  holdNext(): Promise<{ fail: () => void; pass: () => void }> {
    return new Promise((resolve) => {
      this.holding = (client) => resolve({ fail: () => client.destroy(), pass: () => this.relay(client) });
    });
  }

  private relay(client: net.Socket): void {
    const upstream = net.connect(this.target, '127.0.0.1');
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const hold = this.holding;
      if (hold) {
        this.holding = null;
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => undefined);
        hold(client);
        return;
      }
      this.relay(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
