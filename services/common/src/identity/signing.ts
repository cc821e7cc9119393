import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Identity, SessionUser } from '@agora/contracts';

/** How long a signed identity is accepted after the gateway issued it. */
export const IDENTITY_TTL_MS = 60_000;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Signs an identity as `<base64url(json)>.<base64url(hmac-sha256)>`. */
export function signIdentity(
  secret: string,
  fields: { user: SessionUser | null; sid: string | null; sys?: 'gateway'; ip?: string },
  now: number = Date.now(),
): string {
  const identity: Identity = { v: 1, ...fields, iat: now, exp: now + IDENTITY_TTL_MS };
  const payload = Buffer.from(JSON.stringify(identity)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** Verifies a signed identity header; returns null when it is missing, forged, malformed or expired. */
export function verifyIdentity(
  secret: string,
  header: string | undefined,
  now: number = Date.now(),
): Identity | null {
  if (!header) return null;
  const dot = header.indexOf('.');
  if (dot <= 0) return null;
  const payload = header.slice(0, dot);
  const given = Buffer.from(header.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(secret, payload), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const identity = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Identity;
    if (identity.v !== 1 || typeof identity.exp !== 'number' || identity.exp < now) return null;
    return identity;
  } catch {
    return null;
  }
}
