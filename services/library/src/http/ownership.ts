import { AppError } from '@agora/common';
import { mayManageOwned, type SessionUser } from '@agora/contracts';

/** What the current user may do with one owned row, as every answer about it tells (decision 0025). */
export interface OwnedRights {
  can_edit: boolean;
  can_delete: boolean;
}

/** The rights of `viewer` (null: an anonymous or system caller) on a row owned by `owner`. */
export function rightsOf(viewer: SessionUser | null, owner: string | null): OwnedRights {
  const may = mayManageOwned(viewer, owner);
  return { can_edit: may, can_delete: may };
}

/** 403 `LIBRARY.NOT_OWNER` unless `user` is the row's owner or an admin. */
export function assertMayManage(user: SessionUser | null, owner: string | null): void {
  if (!mayManageOwned(user, owner))
    throw new AppError('LIBRARY.NOT_OWNER', 403, 'only its owner or an admin may change or delete it');
}
