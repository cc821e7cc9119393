/**
 * What topics, attributes and variables share: their place in the tree (project → topic → attribute →
 * variable), 1-based sort orders kept without gaps, unique short names within the parent, and their errors.
 */
import { AppError, type AuditActor, type AuditLog } from '@agora/common';
import { UUID } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import type { Sql } from '../geo/geo.sql.js';
import { parseToken } from '../http/params.js';
import { ValidationErrors } from '../validation/validation.errors.js';

/** How errors name the items of the tree (`CONSULTATION.<LABEL>_NOT_FOUND`). */
export type TreeLabel = 'project' | 'topic' | 'attribute' | 'variable';

/** A level of the tree: its table and the column naming its parent (the parent table has the same name). */
export interface Level {
  table: 'node' | 'attribute' | 'variable';
  parent: 'project' | 'node' | 'attribute';
  /** how errors name it */
  label: TreeLabel;
  /** how errors name its parent */
  parentLabel: TreeLabel;
  /** SQL answering `project`, the project of the parent `$1` (null for topics: the parent is the project) */
  parentProject: string | null;
}

export const TOPICS: Level = {
  table: 'node',
  parent: 'project',
  label: 'topic',
  parentLabel: 'project',
  parentProject: null,
};
export const ATTRIBUTES: Level = {
  table: 'attribute',
  parent: 'node',
  label: 'attribute',
  parentLabel: 'topic',
  parentProject: 'SELECT project FROM consultation.node WHERE token = $1',
};
export const VARIABLES: Level = {
  table: 'variable',
  parent: 'attribute',
  label: 'variable',
  parentLabel: 'attribute',
  parentProject: `SELECT n.project FROM consultation.attribute a JOIN consultation.node n ON n.token = a.node
    WHERE a.token = $1`,
};

/**
 * Who changes the tree, and the log that records it as `<label>.<action>` (`topic.update`, `variable.delete`);
 * absent for the demo data, which nobody acts on (decision 0084).
 */
export interface TreeAudit {
  log: AuditLog;
  actor: AuditActor;
}

export function treeAudit(log: AuditLog | undefined, actor: AuditActor | undefined): TreeAudit | undefined {
  return log && actor ? { log, actor } : undefined;
}

/** Records a change of an item in its transaction `m` (nothing without `audit`). */
export async function recordTreeChange(
  m: EntityManager,
  audit: TreeAudit | undefined,
  level: Level,
  token: string,
  action: 'create' | 'update' | 'delete' | 'reorder',
  values: { before?: object | null; after?: object | null },
): Promise<void> {
  if (!audit) return;
  await audit.log.record(m, audit.actor, {
    action: `${level.label}.${action}`,
    object: { type: level.label, id: token },
    ...values,
  });
}

/** The values before (of `current`) and after of `updateColumns`' changes; JSON columns as JSON. */
export function changedColumns(
  current: object,
  changes: ReadonlyArray<[column: string, value: unknown, expression?: string]>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was = current as Record<string, unknown>;
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [column, value, expression] of changes) {
    out.before[column] = was[column] ?? null;
    out.after[column] =
      expression === '$::jsonb' && typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  }
  return out;
}

/** An item's place: its parent, its project and its short name (unique within the parent). */
export interface Placed {
  token: string;
  parent: string;
  project: string;
  mname: string;
}

export const TreeErrors = {
  notFound: (label: TreeLabel) =>
    AppError.notFound(
      `${label} not found`,
      `CONSULTATION.${label.toUpperCase() as Uppercase<TreeLabel>}_NOT_FOUND`,
    ),
  otherProject: (field: string) => ValidationErrors.invalidField(field, 'must belong to the same project'),
  sortOrder: (n: number) => ValidationErrors.range('sort_order', 1, n, `a position from 1 to ${n}`),
  boundary: () => AppError.badRequest('CONSULTATION.BOUNDARY', 'please draw the boundary'),
};

/** The token of a project named by token or short name; 404 when there is none. */
export async function projectToken(sql: Sql, ref: string): Promise<string> {
  const column = UUID.test(ref) ? 'token' : 'mname';
  const rows = await sql.query<Array<{ token: string }>>(
    `SELECT token FROM consultation.project WHERE ${column} = $1`,
    [UUID.test(ref) ? ref.toLowerCase() : ref],
  );
  if (!rows[0]) throw TreeErrors.notFound('project');
  return rows[0].token;
}

/**
 * Locks parents' rows (in token order, so two writers never wait on each other crosswise) for a change of their
 * children's list; 404 for a parent that does not exist.
 */
export async function lockParents(sql: Sql, level: Level, parents: readonly string[]): Promise<void> {
  const unique = [...new Set(parents)].sort();
  const rows = await sql.query<unknown[]>(
    `SELECT token FROM consultation.${level.parent} WHERE token = ANY($1::uuid[]) ORDER BY token FOR UPDATE`,
    [unique],
  );
  if (rows.length !== unique.length)
    throw TreeErrors.notFound(level.parent === 'node' ? 'topic' : level.parent);
}

/** The position after the last child of a parent. */
export async function nextPosition(sql: Sql, level: Level, parent: string): Promise<number> {
  const [row] = await sql.query<Array<{ n: number }>>(
    `SELECT count(*)::int + 1 AS n FROM consultation.${level.table} WHERE ${level.parent} = $1`,
    [parent],
  );
  return row!.n;
}

/** The children of a parent in their order, except `without`. */
async function children(sql: Sql, level: Level, parent: string, without?: string): Promise<string[]> {
  const rows = await sql.query<Array<{ token: string }>>(
    `SELECT token FROM consultation.${level.table} WHERE ${level.parent} = $1 AND token <> $2::uuid
     ORDER BY sort_order, created, token`,
    [parent, without ?? '00000000-0000-0000-0000-000000000000'],
  );
  return rows.map((r) => r.token);
}

async function writeOrder(sql: Sql, level: Level, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  await sql.query(
    `UPDATE consultation.${level.table} t SET sort_order = v.n
     FROM unnest($1::uuid[]) WITH ORDINALITY AS v(token, n) WHERE t.token = v.token AND t.sort_order <> v.n`,
    [tokens],
  );
}

/** Numbers a parent's children 1..n again, keeping their order (after a delete or a move away). */
export async function renumber(sql: Sql, level: Level, parent: string): Promise<void> {
  await writeOrder(sql, level, await children(sql, level, parent));
}

/**
 * Puts `token` at 1-based `position` among the children of `to` (moving it there from `from` when they differ)
 * and renumbers both lists. The caller holds the parents' locks (see `lockParents`).
 */
export async function moveTo(
  sql: Sql,
  level: Level,
  token: string,
  from: string,
  to: string,
  position: number,
): Promise<void> {
  const siblings = await children(sql, level, to, token);
  if (position > siblings.length + 1) throw TreeErrors.sortOrder(siblings.length + 1);
  if (from !== to)
    await sql.query(`UPDATE consultation.${level.table} SET ${level.parent} = $2 WHERE token = $1`, [
      token,
      to,
    ]);
  siblings.splice(position - 1, 0, token);
  await writeOrder(sql, level, siblings);
  if (from !== to) await renumber(sql, level, from);
}

/** 409 when a sibling under `parent` already has the short name. */
export async function assertUniqueMname(
  sql: Sql,
  level: Level,
  parent: string,
  mname: string,
  self?: string,
): Promise<void> {
  const rows = await sql.query<unknown[]>(
    `SELECT 1 FROM consultation.${level.table} WHERE ${level.parent} = $1 AND mname = $2 AND token <> $3::uuid`,
    [parent, mname, self ?? '00000000-0000-0000-0000-000000000000'],
  );
  if (rows.length > 0) throw ValidationErrors.exists('mname');
}

/**
 * `UPDATE … SET` of the changed columns: each entry is a column and its value, or a column and a SQL expression
 * over its value (`$` stands for the parameter). Does nothing when nothing changed.
 */
export async function updateColumns(
  sql: Sql,
  level: Level,
  token: string,
  changes: ReadonlyArray<[column: string, value: unknown, expression?: string]>,
): Promise<void> {
  if (changes.length === 0) return;
  const params: unknown[] = [token];
  const sets = changes.map(([column, value, expression]) => {
    params.push(value);
    const p = `$${params.length}`;
    return `"${column}" = ${expression ? expression.replace('$', () => p) : p}`;
  });
  await sql.query(`UPDATE consultation.${level.table} SET ${sets.join(', ')} WHERE token = $1`, params);
}

/**
 * Deletes an item (its children go with it by the foreign keys) and closes the gap in its parent's list; the
 * audit entry holds the item as it was (`before`).
 */
export async function deleteItem(
  db: EntityManager,
  level: Level,
  item: Placed,
  audit?: TreeAudit,
  before?: object,
): Promise<void> {
  await db.transaction(async (m) => {
    await lockParents(m, level, [item.parent]);
    await m.query(`DELETE FROM consultation.${level.table} WHERE token = $1`, [item.token]);
    await renumber(m, level, item.parent);
    await recordTreeChange(m, audit, level, item.token, 'delete', { before: before ?? item });
  });
}

/** Where an item goes: a 1-based position, below topics in the parent named by `parent` (its own by default). */
export interface Move {
  sort_order: number;
  parent?: string;
}

/**
 * `PUT {level}/project/{project}/token/{token}/sortOrder/` with `{sort_order}` (1-based) and, below topics, the
 * parent it is dropped into (the item's own by default), which must be of the same project: moves the item
 * and renumbers the lists in one transaction.
 */
export async function reorderItem(
  db: EntityManager,
  level: Level,
  item: Placed,
  project: string,
  move: Move,
  audit?: TreeAudit,
) {
  if (item.project !== (await projectToken(db, project))) throw TreeErrors.notFound(level.label);
  const target = move.parent ? parseToken(move.parent) : item.parent;
  if (level.parentProject && target !== item.parent) {
    const [parent] = await db.query<Array<{ project: string }>>(level.parentProject, [target]);
    if (!parent) throw TreeErrors.notFound(level.parentLabel);
    if (parent.project !== item.project) throw TreeErrors.otherProject(level.parent);
  }
  await db.transaction(async (m) => {
    await lockParents(m, level, [item.parent, target]);
    if (target !== item.parent) await assertUniqueMname(m, level, target, item.mname, item.token);
    await moveTo(m, level, item.token, item.parent, target, move.sort_order);
    await recordTreeChange(m, audit, level, item.token, 'reorder', {
      before: { [level.parent]: item.parent },
      after: { [level.parent]: target, sort_order: move.sort_order },
    });
  });
}
