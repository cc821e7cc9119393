import { createHash } from 'node:crypto';

/** The stored key of a session: the SHA-256 of the cookie value. */
export function hashSid(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}
