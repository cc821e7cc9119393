import { Transform, type TransformCallback } from 'node:stream';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailConfig } from '../config.js';
import { MAIL_CONFIG } from './mail.tokens.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Deterministic, with angle brackets: `<mail-<id>@agora>`. */
  messageId: string;
}

export interface SendHooks {
  /**
   * Runs once the whole message has been handed to the connection and before the end of its data (the line
   * with a single dot) is: the server cannot deliver a message before that line (RFC 5321 §4.1.1.4). If it
   * rejects, the end of data is never written, the connection is dropped and `send` rejects.
   */
  beforeDataEnd?: () => Promise<void>;
}

/** What the worker needs from an SMTP client; a stand-in in unit tests. */
export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with the server's or the socket's error. */
  send(mail: OutgoingMail, hooks?: SendHooks): Promise<{ messageId: string }>;
}

/** The key of nodemailer's message data under which `SendHooks.beforeDataEnd` reaches the stream plugin. */
const BEFORE_DATA_END = 'agoraBeforeDataEnd';

type HookedOptions = SendMailOptions & { [BEFORE_DATA_END]?: () => Promise<void> };

/**
 * Passes the message through and, when the message has ended, waits for `gate` before it ends in turn. nodemailer
 * pipes the message (its transforms, then its last-newline stage) into the SMTP data stream, which writes the
 * end-of-data line in its own flush, only after its source ended: so that line waits for `gate`. A rejected
 * `gate` errors the message stream: the SMTP connection then fails the send (ESTREAM) and closes its socket
 * without the end-of-data line, and the pool does not reuse that connection.
 */
export class DataEndGate extends Transform {
  constructor(private readonly gate: () => Promise<void>) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.gate().then(
      () => done(),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/** The error fields nodemailer sets (NodemailerError), read defensively. */
interface SmtpErrorFields {
  code?: unknown;
  responseCode?: unknown;
  permanent?: unknown;
  response?: unknown;
}

/**
 * True when the SMTP server refused the message for good (a 5xx reply other than 503): retrying the same message
 * gets the same answer. Connection failures, timeouts and 4xx replies are transient.
 */
export function isPermanentSmtpError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as SmtpErrorFields;
  if (typeof e.permanent === 'boolean') return e.permanent;
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  return code !== undefined && code >= 500 && code < 600 && code !== 503;
}

/** A short, single-line description of a sending failure, for `mail.last_error` (never the SMTP password). */
export function describeSmtpError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 1000);
  const e = error as Error & SmtpErrorFields;
  const parts = [typeof e.code === 'string' ? e.code : undefined, e.message];
  if (typeof e.response === 'string' && !e.message.includes(e.response)) parts.push(e.response);
  return parts
    .filter(Boolean)
    .join(': ')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 1000);
}

/**
 * nodemailer's options for `SMTP_URL` and the pool settings: with `poolConnections` > 0 a pool of that many
 * connections, each replaced after `poolMessages` mails, so that a mail does not pay for a TCP connection, the
 * greeting, EHLO, TLS and AUTH inside the window between its claim and the server's answer. No nodemailer rate
 * limit: a mail waiting in nodemailer would already be claimed; the rate is applied before the claim, by the
 * queue's limiter.
 */
export function smtpTransportOptions(config: MailConfig): SMTPPool.Options | SMTPTransport.Options {
  const url = new URL(config.smtpUrl);
  const base: SMTPTransport.Options = {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 25,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  };
  if (config.poolConnections === 0) return base;
  return {
    ...base,
    pool: true,
    maxConnections: config.poolConnections,
    maxMessages: config.poolMessages,
  } satisfies SMTPPool.Options;
}

/** nodemailer over `SMTP_URL`: a pool of connections (or one connection per mail), bounded waits. */
@Injectable()
export class SmtpMailTransport implements MailTransport, OnApplicationShutdown {
  private readonly transporter: Transporter;

  constructor(@Inject(MAIL_CONFIG) config: MailConfig) {
    this.transporter = createTransport(smtpTransportOptions(config));
    // A 'stream' plugin runs once the message is compiled and before the transport streams it. The gate is added
    // as a factory: a pool that requeues the message (a reused connection closed before any byte was read)
    // streams it again through a new gate.
    this.transporter.use('stream', (message, done) => {
      const gate = (message.data as HookedOptions)[BEFORE_DATA_END];
      if (gate) message.message.transform(() => new DataEndGate(gate));
      done();
    });
  }

  async send(mail: OutgoingMail, hooks: SendHooks = {}): Promise<{ messageId: string }> {
    const options: HookedOptions = {
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      [BEFORE_DATA_END]: hooks.beforeDataEnd,
    };
    const info = (await this.transporter.sendMail(options)) as { messageId?: string };
    return { messageId: info.messageId || mail.messageId };
  }

  /** Runs after the mail worker stopped (it drains in `beforeApplicationShutdown`): no send is cut short. */
  onApplicationShutdown(): void {
    this.transporter.close();
  }
}
