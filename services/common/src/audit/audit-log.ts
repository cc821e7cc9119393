import type { InternalAuditAnswer, InternalAuditQuery, AuditLogEntry } from '@agora/contracts/api';
import type { DataSource, EntityManager } from 'typeorm';
import {
  AuditChainVerifier,
  auditHash,
  canonicalJson,
  GENESIS_HASH,
  type AuditChainBreak,
  type AuditChainEntry,
  type AuditHashedFields,
  type AuditJson,
} from './audit-hash.js';
import { auditLockName } from './audit-schema.js';

/** Who acted, and from where: the verified identity's user and address, and the request's id. */
export interface AuditActor {
  uuid: string | null;
  username: string | null;
  role: string | null;
  ip: string | null;
  requestId: string | null;
}

/**
 * The actor of the work that the services' schedulers do on their own (no request, no person): the retention
 * of the answers' personal links (decision 0089).
 */
export const SYSTEM_ACTOR: AuditActor = {
  uuid: null,
  username: 'system',
  role: null,
  ip: null,
  requestId: null,
};

/** What an entry says: the action (a stable dotted code), its object, the values before and after, details. */
export interface AuditRecord {
  action: string;
  object: { type: string; id?: string | null };
  before?: object | null;
  after?: object | null;
  detail?: object | null;
}

/** Something that runs SQL: a DataSource, or an EntityManager. */
export interface AuditSql {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

/**
 * Members never written into an entry, at any depth: passwords and their hashes, secrets, keys. Callers record
 * the snapshots that their answers show, which hold no token either.
 */
const SECRET = /password|secret|api_?key|private_?key/i;

/** A JSON object as jsonb will give it back (dates as text, undefined members gone), without secrets. */
function auditJson(value: object | null | undefined): AuditJson | null {
  if (value === null || value === undefined) return null;
  const plain = JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    key !== '' && SECRET.test(key) ? undefined : v,
  ) as unknown;
  return plain !== null && typeof plain === 'object' && !Array.isArray(plain) ? (plain as AuditJson) : null;
}

/**
 * The members of two snapshots of one object that differ: `{before, after}` holding only those (null when the
 * object did not exist on that side). Equal snapshots give two empty objects.
 */
export function changedFields(
  before: object | null,
  after: object | null,
): { before: AuditJson | null; after: AuditJson | null } {
  const b = auditJson(before);
  const a = auditJson(after);
  if (!b || !a) return { before: b, after: a };
  const out = { before: {} as AuditJson, after: {} as AuditJson };
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (canonicalJson(b[key]) === canonicalJson(a[key])) continue;
    out.before[key] = b[key] ?? null;
    out.after[key] = a[key] ?? null;
  }
  return out;
}

/** The outcome of checking one log: entries found sound, the head hash and the first break. */
export interface AuditVerification {
  schema: string;
  /** the hash the first entry chains to (the last removed entry's, or the genesis) */
  anchor: string;
  entries: number;
  head: string;
  broken: AuditChainBreak | null;
}

interface EntryRow extends Omit<AuditHashedFields, 'at'> {
  at: Date;
  prev_hash: string;
  hash: string;
}

/**
 * The columns of an entry as read (from `<schema>.audit_log l`); the id as text, so an ORDER BY names `l.id`, the
 * number, never the text.
 */
const ENTRY_COLUMNS = `l.id::text AS id, l.at, l.actor_uuid::text AS actor_uuid, l.actor_username, l.actor_role,
  l.ip, l.request_id, l.action, l.object_type, l.object_id, l.before, l.after, l.detail, l.prev_hash, l.hash`;

const chainEntry = (r: EntryRow): AuditChainEntry => ({ ...r, at: r.at.toISOString() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likePrefix = (code: string) => `${code.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

/** Entries read per query while a log is checked. */
const VERIFY_BATCH = 1000;

/** Whether the schema has an audit log (a database its migration has not reached yet has none). */
export async function hasAuditLog(sql: AuditSql, schema: string): Promise<boolean> {
  const [row] = await sql.query<Array<{ present: boolean }>>(
    `SELECT to_regclass($1) IS NOT NULL AS present`,
    [`${schema}.audit_log`],
  );
  return row?.present === true;
}

/** Checks a whole log from its anchor, in batches of entries by id (decision 0084). */
export async function verifyAuditLog(sql: AuditSql, schema: string): Promise<AuditVerification> {
  const [anchorRow] = await sql.query<Array<{ hash: string }>>(
    `SELECT hash FROM ${schema}.audit_anchor ORDER BY id DESC LIMIT 1`,
  );
  const anchor = anchorRow?.hash ?? GENESIS_HASH;
  const verifier = new AuditChainVerifier(anchor);
  let after = '0';
  for (;;) {
    const rows = await sql.query<EntryRow[]>(
      `SELECT ${ENTRY_COLUMNS} FROM ${schema}.audit_log l WHERE l.id > $1::bigint ORDER BY l.id
        LIMIT ${VERIFY_BATCH}`,
      [after],
    );
    let sound = true;
    for (const row of rows) if (!(sound = verifier.push(chainEntry(row)))) break;
    if (!sound || rows.length < VERIFY_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return { schema, anchor, ...verifier.result() };
}

/**
 * A service's audit log (decision 0084): entries appended inside the transaction of the change they record, one
 * append at a time (a transaction-level advisory lock), each chained to the one before by its hash.
 */
export class AuditLog {
  constructor(
    private readonly ds: DataSource,
    readonly schema: string,
    readonly retentionDays: number,
  ) {}

  /**
   * Appends the entry of a change inside its transaction (`m`, the transaction's manager): the entry commits with
   * the change or not at all. Holds the log's lock until the transaction ends, so record late in it.
   */
  async record(m: EntityManager, actor: AuditActor, record: AuditRecord): Promise<void> {
    if (!m.queryRunner?.isTransactionActive) {
      throw new Error('an audit entry is recorded inside the transaction of the change it records');
    }
    const s = this.schema;
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [auditLockName(s)]);
    const [head] = await m.query<Array<{ id: string; at: Date; prev: string }>>(
      `SELECT nextval(pg_get_serial_sequence('${s}.audit_log', 'id'))::text AS id,
              date_trunc('milliseconds', clock_timestamp()) AS at,
              COALESCE((SELECT hash FROM ${s}.audit_log ORDER BY id DESC LIMIT 1),
                       (SELECT hash FROM ${s}.audit_anchor ORDER BY id DESC LIMIT 1), $1) AS prev`,
      [GENESIS_HASH],
    );
    const fields: AuditHashedFields = {
      id: head!.id,
      at: head!.at.toISOString(),
      actor_uuid: actor.uuid,
      actor_username: actor.username,
      actor_role: actor.role,
      ip: actor.ip,
      request_id: actor.requestId,
      action: record.action,
      object_type: record.object.type,
      object_id: record.object.id ?? null,
      before: auditJson(record.before),
      after: auditJson(record.after),
      detail: auditJson(record.detail),
    };
    const hash = auditHash(head!.prev, fields);
    await m.query(
      `INSERT INTO ${s}.audit_log (id, at, actor_uuid, actor_username, actor_role, ip, request_id, action,
         object_type, object_id, before, after, detail, prev_hash, hash)
       VALUES ($1::bigint, $2::timestamptz, $3::uuid, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb,
         $13::jsonb, $14, $15)`,
      [
        fields.id,
        fields.at,
        fields.actor_uuid,
        fields.actor_username,
        fields.actor_role,
        fields.ip,
        fields.request_id,
        fields.action,
        fields.object_type,
        fields.object_id,
        fields.before && JSON.stringify(fields.before),
        fields.after && JSON.stringify(fields.after),
        fields.detail && JSON.stringify(fields.detail),
        head!.prev,
        hash,
      ],
    );
  }

  /** Records an action that only reveals data (an export, statistics of a drawn area) as it is served. */
  recordRead(actor: AuditActor, record: AuditRecord): Promise<void> {
    return this.ds.transaction((m) => this.record(m, actor, record));
  }

  /** A page of the log, newest first (at, then id), filtered, after a position (`InternalAuditQuery`). */
  async page(q: InternalAuditQuery): Promise<InternalAuditAnswer> {
    const params: unknown[] = [];
    const where: string[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (q.user !== undefined) {
      where.push(
        UUID.test(q.user)
          ? `actor_uuid = ${param(q.user)}::uuid`
          : `lower(actor_username) = lower(${param(q.user)})`,
      );
    }
    if (q.action !== undefined) {
      where.push(`(action = ${param(q.action)} OR action LIKE ${param(likePrefix(q.action))})`);
    }
    if (q.object_type !== undefined) where.push(`object_type = ${param(q.object_type)}`);
    if (q.object_id !== undefined) where.push(`object_id = ${param(q.object_id)}`);
    if (q.from !== undefined) where.push(`at >= ${param(q.from)}::timestamptz`);
    if (q.to !== undefined) where.push(`at < ${param(q.to)}::timestamptz`);
    if (q.before_at !== undefined) {
      where.push(
        q.before_id === undefined
          ? `at < ${param(q.before_at)}::timestamptz`
          : `(at, id) < (${param(q.before_at)}::timestamptz, ${param(q.before_id)}::bigint)`,
      );
    }
    const rows = await this.ds.query<EntryRow[]>(
      `SELECT ${ENTRY_COLUMNS} FROM ${this.schema}.audit_log l
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY l.at DESC, l.id DESC LIMIT ${q.limit}`,
      params,
    );
    return { entries: rows.map(answerEntry) };
  }

  /**
   * Removes the entries older than the retention (AUDIT_RETENTION_DAYS), oldest first, through the log's one
   * sanctioned path (`audit_log_prune`), which leaves their last hash as the anchor. Answers how many went.
   */
  async prune(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000);
    const [row] = await this.ds.query<Array<{ removed: number }>>(
      `SELECT ${this.schema}.audit_log_prune($1::timestamptz) AS removed`,
      [cutoff.toISOString()],
    );
    return row?.removed ?? 0;
  }

  /** Checks the whole log (see `verifyAuditLog`). */
  verify(): Promise<AuditVerification> {
    return verifyAuditLog(this.ds, this.schema);
  }
}

function answerEntry(r: EntryRow): AuditLogEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { uuid: r.actor_uuid, username: r.actor_username, role: r.actor_role },
    ip: r.ip,
    request_id: r.request_id,
    action: r.action,
    object: { type: r.object_type, id: r.object_id },
    before: r.before,
    after: r.after,
    detail: r.detail,
    prev_hash: r.prev_hash,
    hash: r.hash,
  };
}
