import { AppError } from '@agora/common';
import { mayEditShared, mayManageOwned, type SessionUser } from '@agora/contracts';

/** What the current user may do with one owned row, as every answer about it tells (decision 0025). */
export interface OwnedRights {
  can_edit: boolean;
  can_delete: boolean;
}

/**
 * The rights of `viewer` (null: an anonymous or system caller) on a row owned by `owner`. `shared`: a row of the
 * shared library (an item, a documentation page), which every editor may change (decision 0066); a library view
 * is changed by its owner or an admin only.
 */
export function rightsOf(
  viewer: SessionUser | null,
  owner: string | null,
  shared: 'shared' | 'owned',
): OwnedRights {
  const mayDelete = mayManageOwned(viewer, owner);
  return { can_edit: shared === 'shared' ? mayEditShared(viewer) : mayDelete, can_delete: mayDelete };
}

/** 403 `LIBRARY.NOT_OWNER` unless `user` is the row's owner or an admin. */
export function assertMayManage(user: SessionUser | null, owner: string | null): void {
  if (!mayManageOwned(user, owner))
    throw new AppError('LIBRARY.NOT_OWNER', 403, 'only its owner or an admin may change or delete it');
}
