import type { KeyObject } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { checkTileTemplate, DEFAULT_TILE_URL, type ServiceName } from '@agora/contracts';
import { parsePrivateKey } from '@agora/identity';
import {
  metricsPortIssue,
  telemetryConfigOf,
  telemetryEnvSchema,
  type TelemetryConfig,
} from '@agora/observability';

/** The repository root (this file is `gateway/src/config.ts` or `gateway/dist/config.js`). */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface GatewayConfig {
  port: number;
  /** undefined: every interface, both address families */
  host: string | undefined;
  /** Base URL of each service, without a trailing slash. */
  services: Record<ServiceName, string>;
  /** The gateway's Ed25519 private key: it alone signs user identities (services hold its public key). */
  identityKey: KeyObject;
  shellDir: string;
  remotesDir: string;
  remotesRegistry: string;
  /** 'auto': Secure cookies when the request came over TLS (X-Forwarded-Proto counts only with TRUST_PROXY). */
  cookieSecure: 'auto' | boolean;
  /** Express `trust proxy` setting. */
  trustProxy: boolean | number | string;
  logLevel: LogLevel;
  /** Idle time on an upstream connection after which the call is abandoned (503 if nothing was answered yet). */
  upstreamTimeoutMs: number;
  /**
   * Extra Content-Security-Policy sources: a geocoding service, say (CSP_CONNECT_SRC), and for images the map's
   * tile server (from MAP_TILE_URL) and CSP_IMG_SRC.
   */
  csp: { connectSrc: string[]; imgSrc: string[] };
  /** The site's public address is https (PUBLIC_URL): every answer then carries Strict-Transport-Security. */
  httpsSite: boolean;
  /** Serve the Swagger UI page at `/api/docs` when it is installed (a development dependency). */
  apiDocsUi: boolean;
  /** The metrics listener (METRICS_PORT, never the public port) and the trace exporter; each optional. */
  telemetry: TelemetryConfig;
}

export class GatewayConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid gateway configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'GatewayConfigError';
  }
}

const serviceUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(fallback)
    .transform((u) => u.replace(/\/+$/, ''));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const sourceList = optionalText.transform((v) => (v ? v.split(/[\s,]+/).filter((s) => s.length > 0) : []));

const schema = telemetryEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Unset: every interface, IPv6 and IPv4 (Node's dual-stack default), so `localhost` works whichever it resolves to.
  HOST: z.string().min(1).optional(),
  ACCOUNTS_URL: serviceUrl('http://127.0.0.1:3101'),
  LIBRARY_URL: serviceUrl('http://127.0.0.1:3102'),
  CONSULTATION_URL: serviceUrl('http://127.0.0.1:3103'),
  MAILING_URL: serviceUrl('http://127.0.0.1:3104'),
  AGORA_GATEWAY_PRIVATE_KEY: z.string({ error: 'is required' }).transform((v, ctx) => {
    try {
      return parsePrivateKey(v);
    } catch (e) {
      ctx.addIssue({
        code: 'custom',
        message: `must be an Ed25519 private key in PEM or base64 DER (${(e as Error).message})`,
      });
      return z.NEVER;
    }
  }),
  SHELL_DIR: optionalText,
  REMOTES_DIR: optionalText,
  REMOTES_REGISTRY: optionalText,
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  API_DOCS_UI: z.enum(['true', 'false']).default('true'),
  CSP_CONNECT_SRC: sourceList,
  CSP_IMG_SRC: sourceList,
  /** The map's tile server (also read by accounts, which tells browsers): its origin goes into img-src. */
  MAP_TILE_URL: z
    .string()
    .trim()
    .default(DEFAULT_TILE_URL)
    .transform((v, ctx) => {
      const check = checkTileTemplate(v);
      if (check.ok) return check.imgSrc;
      ctx.addIssue({ code: 'custom', message: check.problem });
      return z.NEVER;
    }),
});

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // an address list or a name Express knows (loopback, linklocal, uniquelocal)
}

/**
 * Reads and validates the gateway configuration. `env` defaults to `process.env`; the one-process launcher
 * passes its own object (for example with the service URLs of the in-process services).
 */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  // Empty strings count as "not set", so `FOO=` in an env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new GatewayConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const metricsIssue = metricsPortIssue(e, e.PORT);
  if (metricsIssue) throw new GatewayConfigError([metricsIssue]);
  const remotesDir = resolve(e.REMOTES_DIR ?? resolve(REPO_ROOT, 'dist/remotes'));
  return {
    port: e.PORT,
    host: e.HOST,
    services: {
      accounts: e.ACCOUNTS_URL,
      library: e.LIBRARY_URL,
      consultation: e.CONSULTATION_URL,
      mailing: e.MAILING_URL,
    },
    identityKey: e.AGORA_GATEWAY_PRIVATE_KEY,
    shellDir: resolve(e.SHELL_DIR ?? resolve(REPO_ROOT, 'dist/shell')),
    remotesDir,
    remotesRegistry: resolve(e.REMOTES_REGISTRY ?? resolve(remotesDir, 'remotes.json')),
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    csp: { connectSrc: e.CSP_CONNECT_SRC, imgSrc: [...e.MAP_TILE_URL, ...e.CSP_IMG_SRC] },
    httpsSite: e.PUBLIC_URL?.startsWith('https:') ?? false,
    apiDocsUi: e.API_DOCS_UI === 'true',
    telemetry: telemetryConfigOf(e, e.HOST),
  };
}
