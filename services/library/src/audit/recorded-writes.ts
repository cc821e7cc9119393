import { changedFields, type AuditActor, type AuditLog } from '@agora/common';
import type { ObjectLiteral, Repository } from 'typeorm';

/** How a kind of library content is named in the audit log: `<action>.create` on objects of `type`. */
export interface RecordedKind {
  audit: AuditLog;
  actor: AuditActor;
  /** the actions' first part: `library`, `documentation`, `library_view` */
  action: string;
  /** the objects' type: `library_item`, `documentation`, `library_view` */
  type: string;
}

/**
 * Saves a row with its audit entry in one transaction (decision 0084): `<action>.create` with the row as written
 * when there was none (`before` null), else `<action>.update` with the fields that changed (none: no entry).
 */
export function saveRecorded<T extends ObjectLiteral & { id: string }>(
  repo: Repository<T>,
  kind: RecordedKind,
  row: T,
  before: object | null,
): Promise<T> {
  return repo.manager.transaction(async (m) => {
    const saved = await m.save(repo.target, row);
    const values = before ? changedFields(before, saved) : { before: null, after: saved };
    if (before && Object.keys(values.after ?? {}).length === 0) return saved;
    await kind.audit.record(m, kind.actor, {
      action: `${kind.action}.${before ? 'update' : 'create'}`,
      object: { type: kind.type, id: saved.id },
      ...values,
    });
    return saved;
  });
}

/** Deletes a row with its audit entry (`<action>.delete`, the row as it was) in one transaction. */
export function deleteRecorded<T extends ObjectLiteral & { id: string }>(
  repo: Repository<T>,
  kind: RecordedKind,
  row: T,
): Promise<void> {
  return repo.manager.transaction(async (m) => {
    await m.delete(repo.target, { id: row.id });
    await kind.audit.record(m, kind.actor, {
      action: `${kind.action}.delete`,
      object: { type: kind.type, id: row.id },
      before: row,
    });
  });
}
