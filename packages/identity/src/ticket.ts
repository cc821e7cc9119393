import { randomBytes, type KeyObject } from 'node:crypto';
import type { IdentitySigner, ServiceName } from '@agora/contracts';
import { readSigned, signatureValid, signJson } from './signing.js';

/**
 * A short-lived statement that one service hands to another through the browser (a redirect's query), signed with
 * the issuer's Ed25519 identity key as `<base64url(json)>.<base64url(signature)>`, the same encoding as a signed
 * identity. Its payload has no `v: 2`, so no identity check accepts a ticket, and a ticket check wants its `typ`,
 * so no identity passes as a ticket.
 */
export interface TicketEnvelope {
  /** what the ticket says, e.g. `invitation-login`: a ticket of another kind is refused */
  typ: string;
  /** the signer */
  iss: IdentitySigner;
  /** the one service that may accept it */
  aud: ServiceName;
  /** issued at and expires at, ms since epoch */
  iat: number;
  exp: number;
  /** random: names this one ticket (a receiver that must use it once keeps it) */
  nonce: string;
}

/** A ticket's claims, besides the envelope. */
export type TicketClaims = Record<string, string>;

/** A random nonce for a ticket (128 bits, base64url). */
export function ticketNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** Signs `claims` as a ticket of `typ` from `iss` for `aud`, valid for `ttlMs`. */
export function signTicket<C extends TicketClaims>(
  key: KeyObject,
  envelope: { typ: string; iss: IdentitySigner; aud: ServiceName; ttlMs: number; nonce?: string },
  claims: C,
  now: number = Date.now(),
): string {
  const { typ, iss, aud, ttlMs } = envelope;
  const body: TicketEnvelope & C = {
    ...claims,
    typ,
    iss,
    aud,
    iat: now,
    exp: now + ttlMs,
    nonce: envelope.nonce ?? ticketNonce(),
  };
  return signJson(body, key);
}

/** Why a ticket was refused. */
export type TicketRefusal = 'malformed' | 'signature' | 'expired' | 'kind';

/**
 * The payload of a ticket of `typ` signed by `iss` (checked with `key`, its public key) for `aud`, or why it is
 * refused: not a ticket, not signed by that key, of another kind or audience, expired. The claims are returned as
 * the issuer wrote them (the caller parses them).
 */
export function verifyTicket(
  text: string | undefined,
  expect: { typ: string; iss: IdentitySigner; aud: ServiceName; key: KeyObject | undefined },
  now: number = Date.now(),
): { ok: true; ticket: TicketEnvelope & Record<string, unknown> } | { ok: false; refusal: TicketRefusal } {
  const signed = readSigned(text);
  const ticket = readTicket(text);
  if (!signed || !ticket) return { ok: false, refusal: 'malformed' };
  if (!expect.key || !signatureValid(signed.payload, signed.signature, expect.key))
    return { ok: false, refusal: 'signature' };
  if (ticket.typ !== expect.typ || ticket.iss !== expect.iss || ticket.aud !== expect.aud)
    return { ok: false, refusal: 'kind' };
  if (typeof ticket.exp !== 'number' || ticket.exp < now) return { ok: false, refusal: 'expired' };
  return { ok: true, ticket };
}

/**
 * A ticket's payload read WITHOUT checking its signature (null when it is not shaped as one): only for choosing
 * where a refusal is shown, never for deciding anything.
 */
export function readTicket(text: string | undefined): (TicketEnvelope & Record<string, unknown>) | null {
  const value = readSigned(text)?.value;
  if (typeof value?.typ !== 'string' || typeof value.nonce !== 'string') return null;
  return value as TicketEnvelope & Record<string, unknown>;
}
