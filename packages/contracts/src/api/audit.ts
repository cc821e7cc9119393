import { z } from 'zod';
import { SERVICES } from '../routing.js';

/**
 * The audit log of staff actions (docs/decisions/0084-audit-log.md): each service keeps its own hash-chained,
 * append-only log; the internal route `GET /internal/<service>/audit` reads one, the gateway's `GET /api/audit`
 * (admins) merges the four.
 */

/** Most entries one page holds (the internal pages and the merged one). */
export const AUDIT_PAGE_MAX = 200;
/** Entries in a page when the query names no `limit`. */
export const AUDIT_PAGE_DEFAULT = 50;

/** A dotted code of lower-case words: `users.update`, `project.publish`, `export.geojson`. */
const DottedCode = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/, 'a dotted code of lower-case words');

/** An instant with its offset (`2026-12-07T01:30:00.000Z`). */
const Instant = z.iso.datetime({ offset: true });

/**
 * What one page is asked for. `user`: the actor's uuid, or their user name (case-insensitive); `action`: a code,
 * which also matches the codes below it (`users` matches `users.update`); `from` (inclusive) and `to` (exclusive):
 * instants.
 */
export const AuditFilterQuery = z.object({
  user: z.string().trim().min(1).max(200).optional(),
  action: DottedCode.optional(),
  object_type: DottedCode.optional(),
  object_id: z.string().trim().min(1).max(200).optional(),
  from: Instant.optional(),
  to: Instant.optional(),
});
export type AuditFilterQuery = z.infer<typeof AuditFilterQuery>;

const PageLimit = z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT);

/**
 * `GET /internal/<service>/audit`: a page of one service's log, newest first, of the entries before the position
 * (`before_at`, `before_id`) in the order (at, id), both descending; the first page leaves both out.
 */
export const InternalAuditQuery = AuditFilterQuery.extend({
  before_at: Instant.optional(),
  before_id: z
    .string()
    .regex(/^[0-9]{1,19}$/, 'an entry id')
    .optional(),
  limit: PageLimit,
});
export type InternalAuditQuery = z.infer<typeof InternalAuditQuery>;

/** A JSON object of an entry (the values before and after a change, the details). */
const JsonObject = z.record(z.string(), z.unknown());

/** One entry of a service's log. */
export const AuditLogEntry = z.object({
  /** its position in the service's log (a bigint, as text) */
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.object({
    uuid: z.string().nullable(),
    username: z.string().nullable(),
    role: z.string().nullable(),
  }),
  /** the client's address as the gateway saw it */
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  action: z.string(),
  object: z.object({ type: z.string(), id: z.string().nullable() }),
  before: JsonObject.nullable(),
  after: JsonObject.nullable(),
  detail: JsonObject.nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const InternalAuditAnswer = z.object({ entries: z.array(AuditLogEntry) });
export type InternalAuditAnswer = z.infer<typeof InternalAuditAnswer>;

/** `GET /api/audit` (admins): the filters, the `cursor` of the previous page's `next`, the page size. */
export const AuditQuery = AuditFilterQuery.extend({
  cursor: z.string().max(300).optional(),
  limit: PageLimit,
});
export type AuditQuery = z.infer<typeof AuditQuery>;
/** The query of `GET /api/audit` as a client writes it. */
export type AuditQueryParams = z.input<typeof AuditQuery>;
/** The query of `GET /api/audit/csv` as a client writes it: the filters. */
export type AuditFilterParams = z.input<typeof AuditFilterQuery>;

/** An entry of the merged log: the service whose log holds it, and the entry. */
export const AuditEntry = AuditLogEntry.extend({ service: z.enum(SERVICES) });
export type AuditEntry = z.infer<typeof AuditEntry>;

/**
 * A page of the merged log, newest first (at, then service, then id, all descending). `next`: the cursor of the
 * next page, null after the last. `missing`: the services that could not answer; their entries are not in the page
 * (the page is partial whenever it is not empty).
 */
export const AuditPageAnswer = z.object({
  entries: z.array(AuditEntry),
  next: z.string().nullable(),
  missing: z.array(z.enum(SERVICES)),
});
export type AuditPageAnswer = z.infer<typeof AuditPageAnswer>;

/** The columns of `GET /api/audit/csv`, in order. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'service',
  'id',
  'actor_uuid',
  'actor_username',
  'actor_role',
  'ip',
  'request_id',
  'action',
  'object_type',
  'object_id',
  'before',
  'after',
  'detail',
  'hash',
] as const;
