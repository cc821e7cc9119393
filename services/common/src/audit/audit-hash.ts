import { createHash } from 'node:crypto';

/** The `prev_hash` of a log's first entry, before any anchor (decision 0084). */
export const GENESIS_HASH = '0'.repeat(64);

/** A JSON object of an entry (the values before and after a change, the details). */
export type AuditJson = Record<string, unknown>;

/** The fields of an entry that its hash covers: all but `prev_hash` (which the hash chains) and `hash`. */
export interface AuditHashedFields {
  /** the entry's position in its log (a bigint, as text) */
  id: string;
  /** ISO 8601 with milliseconds, UTC */
  at: string;
  actor_uuid: string | null;
  actor_username: string | null;
  actor_role: string | null;
  ip: string | null;
  request_id: string | null;
  action: string;
  object_type: string;
  object_id: string | null;
  before: AuditJson | null;
  after: AuditJson | null;
  detail: AuditJson | null;
}

/** An entry as its log stores it. */
export interface AuditChainEntry extends AuditHashedFields {
  prev_hash: string;
  hash: string;
}

/**
 * The canonical serialisation of a JSON value: object members sorted by name (as jsonb does not keep their
 * order), members whose value is undefined left out, no white space. Equal JSON values give equal text, whatever
 * the order they were written or stored in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && typeof v !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hash of an entry: sha256 (hex) over the previous entry's hash, a line break, and the entry's fields. */
export function auditHash(prevHash: string, fields: AuditHashedFields): string {
  const covered: AuditHashedFields = {
    id: fields.id,
    at: fields.at,
    actor_uuid: fields.actor_uuid,
    actor_username: fields.actor_username,
    actor_role: fields.actor_role,
    ip: fields.ip,
    request_id: fields.request_id,
    action: fields.action,
    object_type: fields.object_type,
    object_id: fields.object_id,
    before: fields.before,
    after: fields.after,
    detail: fields.detail,
  };
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalJson(covered)}`)
    .digest('hex');
}

/**
 * Where a chain breaks: `altered`, the entry's fields are not those its hash was made of; `link`, its `prev_hash`
 * is not the hash of the entry before it (that entry was removed or rewritten, or this one put in), or for the
 * first entry not the anchor's.
 */
export interface AuditChainBreak {
  id: string;
  at: string;
  action: string;
  reason: 'altered' | 'link';
}

/**
 * Checks entries in the order of their ids, one by one (a log is read in batches): each must carry the previous
 * one's hash (the first the anchor's) and its own recomputed hash. Stops at the first break.
 */
export class AuditChainVerifier {
  private last: string;
  private checked = 0;
  private broken: AuditChainBreak | null = null;

  /** `anchor`: the hash the first entry chains to (the last removed entry's, or `GENESIS_HASH`). */
  constructor(anchor: string) {
    this.last = anchor;
  }

  /** Checks the next entry; false once the chain is broken (there or before). */
  push(entry: AuditChainEntry): boolean {
    if (this.broken) return false;
    const at = { id: entry.id, at: entry.at, action: entry.action };
    if (entry.prev_hash !== this.last) this.broken = { ...at, reason: 'link' };
    else if (auditHash(entry.prev_hash, entry) !== entry.hash) this.broken = { ...at, reason: 'altered' };
    if (this.broken) return false;
    this.last = entry.hash;
    this.checked++;
    return true;
  }

  /** The entries found sound, the last sound hash (the head, when nothing broke) and the first break. */
  result(): { entries: number; head: string; broken: AuditChainBreak | null } {
    return { entries: this.checked, head: this.last, broken: this.broken };
  }
}

/** Checks a whole chain (see `AuditChainVerifier`). */
export function verifyAuditChain(
  entries: Iterable<AuditChainEntry>,
  anchor: string = GENESIS_HASH,
): ReturnType<AuditChainVerifier['result']> {
  const verifier = new AuditChainVerifier(anchor);
  for (const entry of entries) if (!verifier.push(entry)) break;
  return verifier.result();
}
