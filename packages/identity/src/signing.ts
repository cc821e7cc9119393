import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import {
  SERVICES,
  type Identity,
  type IdentitySigner,
  type ServiceName,
  type SessionUser,
} from '@agora/contracts';

/** How long a signed identity is accepted after it was issued. */
export const IDENTITY_TTL_MS = 60_000;

/** Every signer: the gateway and the services. */
export const IDENTITY_SIGNERS: readonly IdentitySigner[] = ['gateway', ...SERVICES];

/** The public keys a service accepts identities from, by signer (the gateway's at least). */
export type TrustedKeys = Partial<Record<IdentitySigner, KeyObject>>;

/** The environment variable holding a signer's private or public key (`AGORA_GATEWAY_PUBLIC_KEY`, …). */
export function keyVariable(signer: IdentitySigner, kind: 'private' | 'public'): string {
  return `AGORA_${signer.toUpperCase()}_${kind.toUpperCase()}_KEY`;
}

/** A key as configured: PEM (`-----BEGIN …`, with real or `\n`-escaped line breaks) or base64 of its DER. */
function keyText(text: string): { pem: string } | { der: Buffer } {
  const t = text.trim();
  if (t.startsWith('-----BEGIN')) return { pem: t.replace(/\\n/g, '\n') };
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) throw new Error('neither PEM nor base64 DER');
  return { der: Buffer.from(t, 'base64') };
}

function ed25519(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`an ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** Reads an Ed25519 private key: PEM, or base64 of its PKCS#8 DER. Throws when it is anything else. */
export function parsePrivateKey(text: string): KeyObject {
  const k = keyText(text);
  return ed25519(createPrivateKey('pem' in k ? k.pem : { key: k.der, format: 'der', type: 'pkcs8' }));
}

/** Reads an Ed25519 public key: PEM, or base64 of its SPKI DER. Throws when it is anything else. */
export function parsePublicKey(text: string): KeyObject {
  const k = keyText(text);
  return ed25519(createPublicKey('pem' in k ? k.pem : { key: k.der, format: 'der', type: 'spki' }));
}

/** A key as base64 DER (PKCS#8 for a private key, SPKI for a public one), as the launchers configure it. */
export function exportKey(key: KeyObject): string {
  return key.type === 'private'
    ? key.export({ format: 'der', type: 'pkcs8' }).toString('base64')
    : key.export({ format: 'der', type: 'spki' }).toString('base64');
}

/**
 * `value` signed with `key` as `<base64url(json)>.<base64url(ed25519 signature)>`: the encoding of the signed
 * identities and of the tickets (ticket.ts).
 */
export function signJson(value: object, key: KeyObject): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${sign(null, Buffer.from(payload), key).toString('base64url')}`;
}

/** The two parts of such a text and the JSON object it carries, not yet checked; null when it is not one. */
export function readSigned(
  text: string | undefined,
): { payload: string; signature: string; value: Record<string, unknown> } | null {
  if (!text) return null;
  const dot = text.indexOf('.');
  if (dot <= 0) return null;
  const payload = text.slice(0, dot);
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return { payload, signature: text.slice(dot + 1), value: value as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** Whether `signature` (base64url) is `key`'s Ed25519 signature of `payload`. */
export function signatureValid(payload: string, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(payload), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/**
 * The gateway signs the identity of a visitor (`user: null` when anonymous) for one service, with its private
 * key, as `<base64url(json)>.<base64url(ed25519 signature)>`.
 */
export function signUserIdentity(
  gatewayKey: KeyObject,
  audience: ServiceName,
  fields: { user: SessionUser | null; sid: string | null; ip?: string },
  now: number = Date.now(),
): string {
  const { user, sid, ip } = fields;
  return signJson({ v: 2, aud: audience, user, sid, ip, iat: now, exp: now + IDENTITY_TTL_MS }, gatewayKey);
}

/** A caller (the gateway or a service) signs its own identity, with its own private key, for one service. */
export function signServiceIdentity(
  key: KeyObject,
  caller: IdentitySigner,
  audience: ServiceName,
  now: number = Date.now(),
): string {
  return signJson(
    { v: 2, aud: audience, user: null, sid: null, sys: caller, iat: now, exp: now + IDENTITY_TTL_MS },
    key,
  );
}

/**
 * Verifies a signed identity header for the service `audience`; returns null when it is missing, malformed,
 * expired, meant for another service, or not signed by the one signer allowed for it: a user identity by the
 * gateway, a service identity `sys: X` by X. A service's key can thus vouch for nothing but that service.
 */
export function verifyIdentity(
  header: string | undefined,
  trust: { audience: ServiceName; keys: TrustedKeys },
  now: number = Date.now(),
): Identity | null {
  const signed = readSigned(header);
  if (!header || !signed) return null;
  const identity = signed.value as unknown as Identity;
  if (identity.v !== 2 || identity.aud !== trust.audience) return null;
  if (typeof identity.exp !== 'number' || identity.exp < now) return null;
  let signer: IdentitySigner = 'gateway';
  if (identity.sys !== undefined) {
    if (!IDENTITY_SIGNERS.includes(identity.sys) || identity.user !== null || identity.sid !== null)
      return null;
    signer = identity.sys;
  }
  const key = trust.keys[signer];
  if (!key) return null;
  const known = verified.get(key);
  if (known?.has(header)) return identity;
  if (!signatureValid(signed.payload, signed.signature, key)) return null;
  remember(key, header);
  return identity;
}

/**
 * Headers whose signature was checked with a key (the gateway reuses a signed identity for a few seconds, so the
 * same header comes again): the expiry, audience and signer are still checked each time, only the signature
 * check is not repeated. At most VERIFIED_MAX headers per key; the set starts again when full.
 */
const verified = new WeakMap<KeyObject, Set<string>>();
const VERIFIED_MAX = 10_000;

function remember(key: KeyObject, header: string): void {
  let known = verified.get(key);
  if (!known || known.size >= VERIFIED_MAX) {
    known = new Set();
    verified.set(key, known);
  }
  known.add(header);
}
