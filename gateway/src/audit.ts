import type { KeyObject } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { csvLine, roleAllows, SERVICES, type ServiceName, type SessionUser } from '@agora/contracts';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_MAX,
  AuditFilterQuery,
  AuditQuery,
  InternalAuditAnswer,
  type AuditEntry,
  type AuditLogEntry,
  type AuditPageAnswer,
} from '@agora/contracts/api';
import {
  createInternalClient,
  type InternalAnswer,
  type InternalCallOptions,
  type InternalClient,
} from '@agora/identity';
import type { z } from 'zod';
import { sendError } from './errors.js';
import { requestIdOf } from './request-id.js';

/** The largest entry id (a bigint): `(at, id) < (t, MAX_ID)` reads every entry of the instant `t`. */
const MAX_ID = '9223372036854775807';

/** A position in the merged log: an entry's instant, service and id (decision 0084). */
export interface AuditPosition {
  at: string;
  service: ServiceName;
  id: string;
}

/**
 * The order of the merged log, newest first: `at`, then the service, then the id, all descending. Negative when
 * `a` comes first. (`at` is always `toISOString`'s form, so its text orders as its instant.)
 */
export function compareAuditPositions(a: AuditPosition, b: AuditPosition): number {
  if (a.at !== b.at) return a.at > b.at ? -1 : 1;
  if (a.service !== b.service) return a.service > b.service ? -1 : 1;
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x === y ? 0 : x > y ? -1 : 1;
}

/**
 * Where one service's log is read from to continue after `position` in the merged order: its own entries after
 * the position; at the position's instant, a service that sorts before the position's has given all its entries
 * of that instant already, and one that sorts after it none.
 */
export function serviceStart(
  position: AuditPosition,
  service: ServiceName,
): { before_at: string; before_id: string } {
  if (service === position.service) return { before_at: position.at, before_id: position.id };
  return { before_at: position.at, before_id: service < position.service ? MAX_ID : '0' };
}

/** The opaque cursor of a position (base64url of its JSON), and back (null when it is not one). */
export function encodeAuditCursor(p: AuditPosition): string {
  return Buffer.from(JSON.stringify([p.at, p.service, p.id])).toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditPosition | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [at, service, id] = value as unknown[];
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || new Date(at).toISOString() !== at)
      return null;
    if (!SERVICES.includes(service as ServiceName)) return null;
    if (typeof id !== 'string' || !/^[0-9]{1,19}$/.test(id)) return null;
    return { at, service: service as ServiceName, id };
  } catch {
    return null;
  }
}

/** Reads one page of one service's log (entries after `start`, newest first). */
export type AuditPageReader = (
  service: ServiceName,
  filters: AuditFilterQuery,
  start: { before_at: string; before_id: string } | undefined,
  limit: number,
) => Promise<AuditLogEntry[]>;

/** A service whose log could not be read. */
export class AuditPartMissing extends Error {
  constructor(readonly service: ServiceName) {
    super(`the audit log of ${service} cannot be read`);
    this.name = 'AuditPartMissing';
  }
}

interface Source {
  service: ServiceName;
  buffer: AuditEntry[];
  done: boolean;
  start?: { before_at: string; before_id: string };
}

/**
 * The services' logs merged in the order of `compareAuditPositions` (a k-way merge of their pages, each read
 * `pageSize` at a time as it runs out), from after `after`. `onMissing` says what a service that cannot be read
 * does: `skip` leaves it out (and it is named in `missing`), `fail` throws `AuditPartMissing`.
 */
export async function* mergedAuditEntries(
  read: AuditPageReader,
  filters: AuditFilterQuery,
  after: AuditPosition | null,
  pageSize: number,
  onMissing: 'skip' | 'fail',
  missing: ServiceName[] = [],
): AsyncGenerator<AuditEntry> {
  const sources: Source[] = SERVICES.map((service) => ({
    service,
    buffer: [],
    done: false,
    start: after ? serviceStart(after, service) : undefined,
  }));
  const refill = async (s: Source): Promise<void> => {
    if (s.done || s.buffer.length > 0) return;
    let page: AuditLogEntry[];
    try {
      page = await read(s.service, filters, s.start, pageSize);
    } catch {
      if (onMissing === 'fail') throw new AuditPartMissing(s.service);
      missing.push(s.service);
      s.done = true;
      return;
    }
    s.buffer = page.map((e) => ({ ...e, service: s.service }));
    s.done = page.length < pageSize;
    const last = page[page.length - 1];
    if (last) s.start = { before_at: last.at, before_id: last.id };
  };
  for (;;) {
    await Promise.all(sources.map(refill));
    let next: Source | undefined;
    for (const s of sources) {
      if (s.buffer.length && (!next || compareAuditPositions(s.buffer[0]!, next.buffer[0]!) < 0)) next = s;
    }
    if (!next) return;
    yield next.buffer.shift()!;
  }
}

/** One page of the merged log and the cursor of the next (`AuditPageAnswer`). */
export async function auditPage(
  read: AuditPageReader,
  query: AuditQuery,
  after: AuditPosition | null,
): Promise<AuditPageAnswer> {
  const { cursor: _cursor, limit, ...filters } = query;
  const missing: ServiceName[] = [];
  const entries: AuditEntry[] = [];
  let more = false;
  // one entry past the page tells whether there is a next one
  for await (const entry of mergedAuditEntries(read, filters, after, limit + 1, 'skip', missing)) {
    if (entries.length === limit) {
      more = true;
      break;
    }
    entries.push(entry);
  }
  const last = entries[entries.length - 1];
  return { entries, next: more && last ? encodeAuditCursor(last) : null, missing: missing.sort() };
}

/** The CSV record of an entry (`AUDIT_CSV_COLUMNS`). */
function csvRecord(e: AuditEntry): string {
  const json = (v: object | null) => (v === null ? null : JSON.stringify(v));
  return csvLine([
    e.at,
    e.service,
    e.id,
    e.actor.uuid,
    e.actor.username,
    e.actor.role,
    e.ip,
    e.request_id,
    e.action,
    e.object.type,
    e.object.id,
    json(e.before),
    json(e.after),
    json(e.detail),
    e.hash,
  ]);
}

type AuditClients = { [S in ServiceName]: InternalClient<S> };

/** Each service's audit route, called as the service graph declares it. */
const AUDIT_ROUTES: {
  [S in ServiceName]: (clients: AuditClients, options: InternalCallOptions) => Promise<InternalAnswer>;
} = {
  accounts: (c, o) => c.accounts.get('/internal/accounts/audit', o),
  library: (c, o) => c.library.get('/internal/library/audit', o),
  consultation: (c, o) => c.consultation.get('/internal/consultation/audit', o),
  mailing: (c, o) => c.mailing.get('/internal/mailing/audit', o),
};

/** The readers of the services' logs through their internal routes, with the gateway's service identity. */
export function internalAuditReader(
  options: { services: Record<ServiceName, string>; identityKey: KeyObject; timeoutMs: number },
  requestId: string,
): AuditPageReader {
  const client = <S extends ServiceName>(target: S): InternalClient<S> =>
    createInternalClient({
      caller: 'gateway',
      privateKey: options.identityKey,
      target,
      baseUrl: options.services[target],
      timeoutMs: options.timeoutMs,
    });
  const clients: AuditClients = {
    accounts: client('accounts'),
    library: client('library'),
    consultation: client('consultation'),
    mailing: client('mailing'),
  };
  return async (service, filters, start, limit) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...filters, ...start, limit: String(limit) })) {
      if (value !== undefined) query.set(name, String(value));
    }
    const answer = await AUDIT_ROUTES[service](clients, { query, requestId });
    const parsed = InternalAuditAnswer.safeParse(answer.body);
    if (!parsed.success) throw new Error(`${service} answered an audit page of another shape`);
    return parsed.data.entries;
  };
}

/** Settles when the answer takes more (`drain`), or when it is gone. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

export interface AuditRouterDeps {
  services: Record<ServiceName, string>;
  identityKey: KeyObject;
  timeoutMs: number;
  logger: Logger;
  /** Who is calling (the session's user, or null). */
  identify(req: Request, res: Response): Promise<{ user: SessionUser | null }>;
  /** Reads a service's page (tests put their own); by default its internal route. */
  reader?: (requestId: string) => AuditPageReader;
}

/** The first problem of a query, as the answer's message: `limit: Too big: …`. */
function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'query'}: ${issue.message}` : 'invalid query';
}

/**
 * `GET /api/audit` and `GET /api/audit/csv` (admins, by the session's role): the services' audit logs merged,
 * a page at a time with an opaque cursor, or all of it (filtered) as CSV streamed as it is read (decision 0084).
 */
export function auditRouter(deps: AuditRouterDeps): Router {
  const router = Router();
  const readerFor =
    deps.reader ??
    ((requestId: string) =>
      internalAuditReader(
        { services: deps.services, identityKey: deps.identityKey, timeoutMs: deps.timeoutMs },
        requestId,
      ));

  /** The admin's request, or null once it has been answered with 401 or 403. */
  async function admin(req: Request, res: Response): Promise<SessionUser | null> {
    const { user } = await deps.identify(req, res);
    if (!user) {
      sendError(res, 401, 'not logged in', 'AUTH.UNAUTHORIZED');
      return null;
    }
    if (!roleAllows(user.role, 'admin')) {
      sendError(res, 403, 'action denied', 'AUTH.FORBIDDEN');
      return null;
    }
    return user;
  }

  router.get('/', async (req, res) => {
    if (!(await admin(req, res))) return;
    const query = AuditQuery.strict().safeParse(req.query);
    if (!query.success) {
      sendError(res, 400, problemOf(query.error), 'GATEWAY.AUDIT_QUERY');
      return;
    }
    const after = query.data.cursor === undefined ? null : decodeAuditCursor(query.data.cursor);
    if (query.data.cursor !== undefined && !after) {
      sendError(res, 400, 'cursor: not a cursor of this log', 'GATEWAY.AUDIT_QUERY');
      return;
    }
    const page = await auditPage(readerFor(requestIdOf(req)), query.data, after);
    if (page.missing.length) {
      deps.logger.warn(
        { reqId: requestIdOf(req), missing: page.missing },
        'audit page without every service',
      );
    }
    res.set('Cache-Control', 'no-store').json(page satisfies AuditPageAnswer);
  });

  router.get('/csv', async (req, res) => {
    if (!(await admin(req, res))) return;
    const query = AuditFilterQuery.strict().safeParse(req.query);
    if (!query.success) {
      sendError(res, 400, problemOf(query.error), 'GATEWAY.AUDIT_QUERY');
      return;
    }
    const entries = mergedAuditEntries(readerFor(requestIdOf(req)), query.data, null, AUDIT_PAGE_MAX, 'fail');
    let first: IteratorResult<AuditEntry>;
    try {
      first = await entries.next();
    } catch (err) {
      if (!(err instanceof AuditPartMissing)) throw err;
      deps.logger.warn({ reqId: requestIdOf(req), service: err.service }, 'audit log unreadable');
      sendError(res, 503, err.message, 'GATEWAY.AUDIT_UNAVAILABLE');
      return;
    }
    const day = new Date().toISOString().slice(0, 10);
    res
      .status(200)
      .set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
        'Cache-Control': 'no-store',
      })
      .write(`\uFEFF${csvLine(AUDIT_CSV_COLUMNS)}`);
    try {
      for (let next = first; !next.done; next = await entries.next()) {
        if (!res.write(csvRecord(next.value))) await drained(res);
        if (res.destroyed) return;
      }
      res.end();
    } catch (err) {
      // a log that stops answering half-way: the download is cut, never ended as if it were whole
      deps.logger.warn({ reqId: requestIdOf(req), err: (err as Error).message }, 'audit CSV cut short');
      res.destroy();
    }
  });

  return router;
}
