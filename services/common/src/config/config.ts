import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { calledBy, isLocalUrl, type ServiceName } from '@agora/contracts';
import { DEFAULT_SHUTDOWN_TIMES, type ShutdownTimes } from '../http/shutdown.js';
import {
  metricsPortIssue,
  telemetryConfigOf,
  telemetryEnvSchema,
  type TelemetryConfig,
} from '@agora/observability';
import {
  IDENTITY_SIGNERS,
  keyVariable,
  parsePrivateKey,
  parsePublicKey,
  type TrustedKeys,
} from '@agora/identity';

/** Default ports of the distributed mode (docs/architecture.md). */
export const DEFAULT_PORTS: Readonly<Record<ServiceName | 'gateway', number>> = {
  gateway: 8080,
  accounts: 3101,
  library: 3102,
  consultation: 3103,
  mailing: 3104,
};

/**
 * An optional URL of one of `protocols` (without the colon); empty counts as unset. A value without a scheme such
 * as `localhost:6379` parses as a URL of the scheme `localhost:`, so the scheme is checked too.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .url({
          protocol: new RegExp(`^(${protocols.join('|')})$`),
          error: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
        })
        .optional(),
    );

/**
 * Whether `service` must be given its own private key: it calls other services' internal routes (the service
 * graph of `@agora/contracts`), and each target trusts the caller's public key (decision 0024). The mailing
 * service is the exception: its mail works without the key (the mail worker's process has none), and only its
 * invitations, which call accounts and consultation, answer 503 then.
 */
export function needsSigningKey(service: ServiceName): boolean {
  return service !== 'mailing' && calledBy(service).length > 0;
}

/**
 * The identity keys of `service`: the gateway's public key (required), the public keys of the services it trusts
 * as callers, and its own private key (required when it calls another service). Empty values count as unset.
 */
function loadIdentityKeys(
  service: ServiceName,
  env: Record<string, string | undefined>,
  issues: string[],
): ServiceConfig['identity'] {
  const read = <K>(name: string, parse: (text: string) => K, required: boolean): K | undefined => {
    const text = env[name]?.trim();
    if (!text) {
      if (required) issues.push(`${name}: is required`);
      return undefined;
    }
    try {
      return parse(text);
    } catch (e) {
      issues.push(`${name}: must be an Ed25519 key in PEM or base64 DER (${(e as Error).message})`);
      return undefined;
    }
  };
  const keys: TrustedKeys = {};
  for (const signer of IDENTITY_SIGNERS) {
    const key = read(keyVariable(signer, 'public'), parsePublicKey, signer === 'gateway');
    if (key) keys[signer] = key;
  }
  const privateKey = read(keyVariable(service, 'private'), parsePrivateKey, needsSigningKey(service));
  return { keys, privateKey };
}

/** Time limits of the database sessions, in milliseconds (0: none). */
export interface DatabaseTimeouts {
  /** A statement that runs longer is cancelled (on the embedded database: the longest wait for the connection). */
  statementTimeoutMs: number;
  /** A session left idle inside a transaction (a stuck request) is ended, and its transaction rolled back. */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: Readonly<DatabaseTimeouts> = {
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
};

/** A time-out in milliseconds: 0 (none) or between 100 ms and a day. */
const timeoutMs = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .refine(
      (v) => v === 0 || (v >= 100 && v <= 86_400_000),
      'must be 0 (none) or between 100 and 86400000 (ms)',
    )
    .default(fallback);

export const databaseEnvSchema = z.object({
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs(DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutMs(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionTimeoutMs),
});

function databaseTimeoutsOf(e: z.infer<typeof databaseEnvSchema>): DatabaseTimeouts {
  return {
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/** The database time-outs of `env` (for the launchers, which open the database before any service). */
export function loadDatabaseTimeouts(env: Record<string, string | undefined>): DatabaseTimeouts {
  return databaseTimeoutsOf(parseEnv('the database', databaseEnvSchema, env));
}

/** Days an audit entry is kept before the retention removes it (AUDIT_RETENTION_DAYS; decision 0084). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

/** Settings every service shares, split by concern (metrics and traces: `telemetryEnvSchema`). */
export const baseEnvSchema = databaseEnvSchema.extend(telemetryEnvSchema.shape).extend({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('agora'),
  AGORA_DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** After SIGTERM: how long new connections are still taken once readiness says 503 (see `drain`). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_SHUTDOWN_TIMES.graceMs),
  /** After the grace: the longest wait for requests in flight before they are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_SHUTDOWN_TIMES.timeoutMs),
  /** Days the audit log keeps an entry: from one day to a hundred years. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_AUDIT_RETENTION_DAYS),
  /** Check every answer against its route's declared schema (tests; see `ResponseCheckInterceptor`). */
  CHECK_RESPONSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export interface ServiceConfig {
  service: ServiceName;
  /** `checkResponses`: answers are checked against their declared schemas (tests). */
  http: { host: string; port: number; checkResponses?: boolean };
  /** `timeouts` absent: `DEFAULT_DATABASE_TIMEOUTS`. */
  database: { url?: string; timeouts?: DatabaseTimeouts };
  queue: { redisUrl?: string; prefix: string };
  /**
   * The public keys this service accepts identities from (the gateway's, and those of the services that call
   * its internal routes), and its own private key for calls to other services.
   */
  identity: { keys: TrustedKeys; privateKey?: KeyObject };
  dataDir: string;
  log: { level: z.infer<typeof baseEnvSchema>['LOG_LEVEL'] };
  migrateOnStart: boolean;
  /** Draining on SIGTERM (absent: the defaults). */
  shutdown?: ShutdownTimes;
  /** The metrics listener and the trace exporter; absent: neither. */
  telemetry?: TelemetryConfig;
  /** The audit log's retention (absent: `DEFAULT_AUDIT_RETENTION_DAYS`). */
  audit?: { retentionDays: number };
}

export class ConfigError extends Error {
  constructor(service: string, issues: string[]) {
    super(`invalid configuration for ${service}:\n  - ${issues.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

function issueLines(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
}

/** Parses `env` with `schema`, throwing one readable error listing every problem. */
export function parseEnv<S extends z.ZodType>(
  what: string,
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(what, issueLines(result.error));
  return result.data;
}

/** The typed, validated configuration of one service. `process.env` is read by the entry points only. */
export function loadServiceConfig(
  service: ServiceName,
  env: Record<string, string | undefined>,
): ServiceConfig {
  const base = baseEnvSchema.safeParse(env);
  const issues = base.success ? [] : issueLines(base.error);
  const identity = loadIdentityKeys(service, env, issues);
  if (!base.success || issues.length) throw new ConfigError(service, issues);
  const e = base.data;
  const port = e.PORT ?? DEFAULT_PORTS[service];
  const metricsIssue = metricsPortIssue(e, port);
  if (metricsIssue) throw new ConfigError(service, [metricsIssue]);
  return {
    service,
    http: { host: e.HOST, port, checkResponses: e.CHECK_RESPONSES },
    database: { url: e.DATABASE_URL, timeouts: databaseTimeoutsOf(e) },
    queue: { redisUrl: e.REDIS_URL, prefix: e.QUEUE_PREFIX },
    identity,
    dataDir: e.AGORA_DATA_DIR,
    log: { level: e.LOG_LEVEL },
    migrateOnStart: e.MIGRATE_ON_START,
    shutdown: { graceMs: e.SHUTDOWN_GRACE_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    telemetry: telemetryConfigOf(e, e.HOST),
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
  };
}

/** Whether `url` names this machine (of `@agora/contracts`: the deployment check applies the same rule). */
export { isLocalUrl };

/**
 * The production rule of PUBLIC_URL (decision 0065), for the processes that put the site's address into links
 * (password recovery and invitation mails, external-login redirects): with NODE_ENV=production it must be set and
 * must not name this machine, since the development default (http://localhost:8080) gives every citizen a dead
 * link. Answers the problem (naming the variable), or null; outside production, always null.
 */
export function publicUrlIssue(env: Record<string, string | undefined>): string | null {
  if (env.NODE_ENV?.trim() !== 'production') return null;
  const value = env.PUBLIC_URL?.trim();
  if (!value) {
    return 'PUBLIC_URL: is required in production (NODE_ENV=production): the address where people reach the site, used in the links of mails';
  }
  if (isLocalUrl(value)) {
    return `PUBLIC_URL: must not be localhost or a loopback address in production (NODE_ENV=production), is ${value}: the links in mails would reach nobody`;
  }
  return null;
}

/** Throws the ConfigError of `service` when PUBLIC_URL breaks the production rule (`publicUrlIssue`). */
export function checkPublicUrl(service: string, env: Record<string, string | undefined>): void {
  const issue = publicUrlIssue(env);
  if (issue) throw new ConfigError(service, [issue]);
}
