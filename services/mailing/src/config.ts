import { checkPublicUrl, parseEnv } from '@agora/common';
import { z } from 'zod';

/** Where the mail worker runs: in the HTTP process (`inline`, default) or elsewhere (`off`: see `worker.ts`). */
export type MailWorkerMode = 'inline' | 'off';

export interface MailConfig {
  /** `smtp://host:port` or `smtps://user:pass@host:465`. */
  smtpUrl: string;
  /** The From header of every mail. */
  from: string;
  worker: MailWorkerMode;
  /** BullMQ attempts per mail (first try included). */
  maxAttempts: number;
  /** First retry delay; doubles on every further attempt. */
  backoffMs: number;
  /** Mails one worker process sends at the same time, and mail requests it writes at the same time (BullMQ). */
  concurrency: number;
  /** SMTP connections kept open per worker process (nodemailer pool); 0 opens one connection per mail. */
  poolConnections: number;
  /** Mails sent over one pooled connection before it is replaced. */
  poolMessages: number;
  /** Mails per second for the whole deployment (the queue's limiter, shared by every worker); 0: no limit. */
  ratePerSecond: number;
  /**
   * How long a worker's hold on a mail job lasts without renewal (BullMQ lock). A worker killed mid-send leaves
   * its jobs locked this long; then another worker takes them over and marks their mails 'uncertain'.
   */
  lockMs: number;
}

/** An empty variable counts as unset, so that `MAIL_WORKER=` in a compose file means the default. */
const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const smtpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an smtp:// or smtps:// URL with a host');

export const mailEnvSchema = z.object({
  SMTP_URL: z.preprocess(unsetIfEmpty, smtpUrl.default('smtp://127.0.0.1:1025')),
  MAIL_FROM: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as "Agora <no-reply@example.org>"')
      .default('Agora <no-reply@localhost>'),
  ),
  MAIL_WORKER: z.preprocess(unsetIfEmpty, z.enum(['inline', 'off']).default('inline')),
  MAIL_MAX_ATTEMPTS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(100).default(5)),
  MAIL_BACKOFF_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(3_600_000).default(2000)),
  MAIL_CONCURRENCY: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(100).default(8)),
  MAIL_POOL_CONNECTIONS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(50).default(4)),
  MAIL_POOL_MESSAGES: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(100_000).default(100)),
  MAIL_RATE_PER_SECOND: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(100_000).default(0)),
  MAIL_LOCK_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1000).max(600_000).default(30_000)),
});

/** The mailing service's own settings (the shared ones come from `loadServiceConfig`). */
export function loadMailConfig(env: Record<string, string | undefined>): MailConfig {
  const e = parseEnv('mailing', mailEnvSchema, env);
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM,
    worker: e.MAIL_WORKER,
    maxAttempts: e.MAIL_MAX_ATTEMPTS,
    backoffMs: e.MAIL_BACKOFF_MS,
    concurrency: e.MAIL_CONCURRENCY,
    poolConnections: e.MAIL_POOL_CONNECTIONS,
    poolMessages: e.MAIL_POOL_MESSAGES,
    ratePerSecond: e.MAIL_RATE_PER_SECOND,
    lockMs: e.MAIL_LOCK_MS,
  };
}

/** The SMTP URL without its password, for logs. */
export function redactSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'invalid url';
  }
}

/** What the invitations need: where the other services and the site are, and how long an invitation lasts. */
export interface InvitationConfig {
  /** Days from sending (or resending) until an invitation's link stops working. */
  ttlDays: number;
  /** Where people reach the site: the accept links are `<publicUrl>/invitation/accept/<token>`. */
  publicUrl: string;
  /** The accounts service (users by e-mail, enrolments, the accepted invitation's user). */
  accountsUrl: string;
  /** The consultation service (the categories named in a CSV). */
  consultationUrl: string;
}

const serviceUrl = (fallback: string, name: string) =>
  z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .default(fallback)
      .pipe(z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` }))
      .transform((v) => v.replace(/\/+$/, '')),
  );

export const invitationEnvSchema = z.object({
  INVITATION_TTL_DAYS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(365).default(30)),
  PUBLIC_URL: serviceUrl('http://localhost:8080', 'PUBLIC_URL'),
  ACCOUNTS_URL: serviceUrl('http://127.0.0.1:3101', 'ACCOUNTS_URL'),
  CONSULTATION_URL: serviceUrl('http://127.0.0.1:3103', 'CONSULTATION_URL'),
});

/** The invitations' settings (INVITATION_TTL_DAYS, PUBLIC_URL, ACCOUNTS_URL, CONSULTATION_URL). */
export function loadInvitationConfig(env: Record<string, string | undefined>): InvitationConfig {
  // the invitations' links are made of it (decision 0065)
  checkPublicUrl('mailing', env);
  const e = parseEnv('mailing', invitationEnvSchema, env);
  return {
    ttlDays: e.INVITATION_TTL_DAYS,
    publicUrl: e.PUBLIC_URL,
    accountsUrl: e.ACCOUNTS_URL,
    consultationUrl: e.CONSULTATION_URL,
  };
}
