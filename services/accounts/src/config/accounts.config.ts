import { z } from 'zod';
import { checkPublicUrl, parseEnv } from '@agora/common';
import {
  checkTileTemplate,
  DEFAULT_TILE_ATTRIBUTION,
  DEFAULT_TILE_URL,
  type TileSettings,
} from '@agora/contracts';

export const ACCOUNTS_CONFIG = Symbol('accounts.config');

/** An empty value counts as unset. */
const unsetIfEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

/** Another service's base URL (its distributed-mode port by default), without a trailing slash. */
const serviceUrl = (name: string, fallback: string) =>
  unsetIfEmpty(
    z
      .string()
      .trim()
      .default(fallback)
      .pipe(z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` }))
      .transform((v) => v.replace(/\/+$/, '')),
  );

const schema = z.object({
  AGORA_ADMIN_PASSWORD: unsetIfEmpty(
    z.string().min(8, 'AGORA_ADMIN_PASSWORD must be at least 8 characters').optional(),
  ),
  /** Set by the one-process launcher: allows the well-known development admin password. */
  AGORA_DEV_MODE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Where people reach the site (links in e-mails); in production required, and not this machine. */
  PUBLIC_URL: z
    .string()
    .default('http://localhost:8080')
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), 'PUBLIC_URL must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, '')),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** The base map's tile service, served to browsers as `tileUrl` (the gateway's CSP allows its origin). */
  MAP_TILE_URL: unsetIfEmpty(
    z
      .string()
      .trim()
      .default(DEFAULT_TILE_URL)
      .superRefine((v, ctx) => {
        const check = checkTileTemplate(v);
        if (!check.ok) ctx.addIssue({ code: 'custom', message: check.problem });
      }),
  ),
  MAP_TILE_ATTRIBUTION: unsetIfEmpty(z.string().trim().max(500).default(DEFAULT_TILE_ATTRIBUTION)),
  /** The consultation service's base URL, for its internal routes (the category someone enrols in). */
  CONSULTATION_URL: serviceUrl('CONSULTATION_URL', 'http://127.0.0.1:3103'),
  /** Creates the demonstration participants (and their enrolments) once, at start. */
  AGORA_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export interface AccountsConfig {
  adminPassword?: string;
  devMode: boolean;
  session: { idleMs: number; maxMs: number };
  /** Base URL of the site, without a trailing slash. */
  publicUrl: string;
  /** The base map's tiles (deployment configuration, served in the site settings). */
  tiles: TileSettings;
  /** Where the consultation service answers (its internal routes), without a trailing slash. */
  consultationUrl: string;
  /** Create the demo participants on start (`AGORA_DEMO_DATA=true`). */
  demoData: boolean;
}

export const DEV_ADMIN_PASSWORD = 'agora-admin';
/** The one password of the demo participants `citizen01`…`citizen24`. */
export const DEMO_PARTICIPANT_PASSWORD = 'agora-demo';

export function loadAccountsConfig(env: Record<string, string | undefined>): AccountsConfig {
  // the password recovery's links and the external logins' redirects are made of it (decision 0065)
  checkPublicUrl('accounts', env);
  const e = parseEnv('accounts', schema, env);
  return {
    adminPassword: e.AGORA_ADMIN_PASSWORD,
    devMode: e.AGORA_DEV_MODE,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxMs: e.SESSION_MAX_HOURS * 3_600_000 },
    publicUrl: e.PUBLIC_URL,
    tiles: { tileUrl: e.MAP_TILE_URL, tileAttribution: e.MAP_TILE_ATTRIBUTION },
    consultationUrl: e.CONSULTATION_URL,
    demoData: e.AGORA_DEMO_DATA,
  };
}
