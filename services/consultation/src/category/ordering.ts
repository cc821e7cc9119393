import type { AppError, AuditActor, AuditLog } from '@agora/common';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ValidationErrors } from '../validation/validation.errors.js';

/** Rows with a token, a unique short name and a 1-based position: categories and projects. */
interface Ordered extends ObjectLiteral {
  token: string;
  mname: string;
  sort_order: number;
}

/** The position after the last one (1 for the first row). */
export async function nextSortOrder<T extends Ordered>(
  m: EntityManager,
  target: EntityTarget<T>,
): Promise<number> {
  const row = await m
    .createQueryBuilder(target, 'x')
    .select('COALESCE(MAX(x.sort_order), 0)', 'max')
    .getRawOne<{ max: number | string }>();
  return Number(row?.max ?? 0) + 1;
}

/** 409 `mname: This value already exists!` when a row has the short name already. */
export async function assertMnameFree<T extends Ordered>(
  m: EntityManager,
  target: EntityTarget<T>,
  mname: string,
): Promise<void> {
  const taken = await m.createQueryBuilder(target, 'x').where('x.mname = :mname', { mname }).getExists();
  if (taken) throw ValidationErrors.exists('mname');
}

/** Who reorders, and the log that records it as `<type>.reorder` with the positions before and after. */
export interface ReorderAudit {
  log: AuditLog;
  actor: AuditActor;
  type: 'category' | 'project';
}

/**
 * Sets the positions of a token → position map, in the caller's transaction, with its audit entry. Every token
 * must exist: otherwise `notFound` is thrown before anything is written (and the caller's transaction rolls back).
 */
export async function applySortOrder<T extends Ordered>(
  m: EntityManager,
  target: EntityTarget<T>,
  order: ReadonlyMap<string, number>,
  notFound: () => AppError,
  audit: ReorderAudit,
): Promise<void> {
  const tokens = [...order.keys()];
  const found = await m
    .createQueryBuilder(target, 'x')
    .select('x.token', 'token')
    .addSelect('x.sort_order', 'sort_order')
    .where('x.token IN (:...tokens)', { tokens })
    .getRawMany<{ token: string; sort_order: number }>();
  if (found.length !== tokens.length) throw notFound();
  // The table path comes from the entity metadata, never from the request.
  const table = m.connection.getMetadata(target).tablePath;
  await m.query(
    `UPDATE ${table} AS x SET sort_order = v.position
     FROM unnest($1::uuid[], $2::integer[]) AS v(token, position) WHERE x.token = v.token`,
    [tokens, [...order.values()]],
  );
  await audit.log.record(m, audit.actor, {
    action: `${audit.type}.reorder`,
    object: { type: audit.type },
    before: Object.fromEntries(found.map((r) => [r.token, r.sort_order])),
    after: Object.fromEntries(order),
  });
}
