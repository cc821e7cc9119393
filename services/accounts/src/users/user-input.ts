import type { FieldValue } from '@agora/contracts';
import { AccountsErrors } from '../errors/accounts-errors.js';

/** Parses the spec's `lat;lon`; '' or null clears; anything else malformed is 400 on `location`. */
export function parseLocation(raw: string | null | undefined): { lat: number; lon: number } | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const m = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*;\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/.exec(raw);
  if (!m) throw AccountsErrors.badLocation();
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) throw AccountsErrors.badLocation();
  return { lat, lon };
}

/** An optional text: '' and null are "none". */
export function optionalText(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const t = raw.trim();
  return t === '' ? null : t;
}

/** The fields of a body that the `users` rules apply to (absent ones stay absent, for put mode). */
export function ruledValues(
  body: Record<string, unknown>,
  fields: readonly string[],
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const f of fields) {
    if (f in body && body[f] !== undefined) out[f] = body[f] as FieldValue;
  }
  return out;
}

export const PROFILE_FIELDS = ['firstname', 'lastname', 'email', 'phone', 'address', 'password'] as const;
export const REGISTRATION_FIELDS = ['username', ...PROFILE_FIELDS] as const;
