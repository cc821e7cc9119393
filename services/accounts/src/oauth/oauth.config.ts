import { z } from 'zod';
import { parseEnv } from '@agora/common';

export const OAUTH_CONFIG = Symbol('accounts.oauth.config');

/** The external login providers: `open` (any OpenID Connect issuer), `google`, `facebook`. */
export type OAuthProviderName = 'open' | 'google' | 'facebook';

export interface OidcProviderConfig {
  kind: 'oidc';
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain-HTTP issuer: only accepted on a loopback host (a local provider in development and tests). */
  insecure: boolean;
}

export interface FacebookProviderConfig {
  kind: 'facebook';
  clientId: string;
  clientSecret: string;
  dialogUrl: string;
  tokenUrl: string;
  meUrl: string;
}

export interface OAuthConfig {
  /** Where browsers reach the gateway; the redirect URIs are `<publicUrl>/api/<route>/callback`. */
  publicUrl: string;
  /** Label of the open-auth button (`openAuthTitle` in the settings). */
  openTitle: string | null;
  providers: {
    open?: OidcProviderConfig;
    google?: OidcProviderConfig;
    facebook?: FacebookProviderConfig;
  };
}

const optional = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.string().optional(),
);
const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.url({ protocol: /^https?$/ }).optional(),
);

const schema = z
  .object({
    PUBLIC_URL: optionalUrl.transform((v) => (v ?? 'http://localhost:8080').replace(/\/+$/, '')),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optional,
    OIDC_CLIENT_SECRET: optional,
    OIDC_TITLE: optional,
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    GOOGLE_ISSUER: optionalUrl.transform((v) => v ?? 'https://accounts.google.com'),
    FACEBOOK_CLIENT_ID: optional,
    FACEBOOK_CLIENT_SECRET: optional,
    FACEBOOK_DIALOG_URL: optionalUrl.transform((v) => v ?? 'https://www.facebook.com/v19.0/dialog/oauth'),
    FACEBOOK_GRAPH_URL: optionalUrl.transform((v) =>
      (v ?? 'https://graph.facebook.com/v19.0').replace(/\/+$/, ''),
    ),
  })
  .superRefine((e, ctx) => {
    const groups: Array<[string, Array<keyof typeof e>]> = [
      ['OIDC', ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']],
      ['GOOGLE', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']],
      ['FACEBOOK', ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET']],
    ];
    for (const [name, keys] of groups) {
      const set = keys.filter((k) => e[k] !== undefined);
      if (set.length > 0 && set.length < keys.length) {
        ctx.addIssue({
          code: 'custom',
          path: [keys.find((k) => e[k] === undefined)!],
          message: `${name} login needs ${keys.join(', ')} (only ${set.join(', ')} set)`,
        });
      }
    }
    for (const key of ['OIDC_ISSUER', 'GOOGLE_ISSUER'] as const) {
      const url = e[key];
      if (url && url.startsWith('http:') && !isLoopback(new URL(url).hostname)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} must be https (http only on a loopback host)`,
        });
      }
    }
  });

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export function loadOAuthConfig(env: Record<string, string | undefined>): OAuthConfig {
  const e = parseEnv('accounts (external login)', schema, env);
  const oidc = (issuer: string, clientId: string, clientSecret: string): OidcProviderConfig => ({
    kind: 'oidc',
    issuer,
    clientId,
    clientSecret,
    insecure: issuer.startsWith('http:'),
  });
  const providers: OAuthConfig['providers'] = {};
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    providers.open = oidc(e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET);
  }
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    providers.google = oidc(e.GOOGLE_ISSUER, e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  }
  if (e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET) {
    providers.facebook = {
      kind: 'facebook',
      clientId: e.FACEBOOK_CLIENT_ID,
      clientSecret: e.FACEBOOK_CLIENT_SECRET,
      dialogUrl: e.FACEBOOK_DIALOG_URL,
      tokenUrl: `${e.FACEBOOK_GRAPH_URL}/oauth/access_token`,
      meUrl: `${e.FACEBOOK_GRAPH_URL}/me`,
    };
  }
  return {
    publicUrl: e.PUBLIC_URL,
    openTitle: providers.open ? (e.OIDC_TITLE ?? null) : null,
    providers,
  };
}
