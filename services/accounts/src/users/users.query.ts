import { isRole, ownEntry, type Role } from '@agora/contracts';
import { UsersErrors } from './users.errors.js';

/** Columns a user list can be sorted by (wire name → column). */
export const USER_SORT_FIELDS: Readonly<Record<string, string>> = {
  username: 'username',
  firstname: 'firstname',
  lastname: 'lastname',
  last_name: 'lastname',
  email: 'email',
  role: 'role',
  created: 'created',
  active: 'active',
  last_login: 'last_login',
};

export interface UserFilters {
  role?: Role;
  active?: boolean;
}

export function parseUserSort(field: string): string {
  const column = ownEntry(USER_SORT_FIELDS, field);
  if (!column) throw UsersErrors.badSort();
  return column;
}

/** Parses the spec's `fq` segment: `role:{role};active:{true|false}` (either, both, any order). */
export function parseUserFilters(fq: string | undefined): UserFilters {
  const filters: UserFilters = {};
  if (!fq) return filters;
  for (const part of fq.split(';')) {
    if (part === '') continue;
    const idx = part.indexOf(':');
    if (idx <= 0) throw UsersErrors.badFilter();
    const key = part.slice(0, idx);
    const value = part.slice(idx + 1);
    if (key === 'role') {
      // The spec (part 2 §9): an unknown role filter means no role filter, so it is ignored, not refused.
      if (isRole(value)) filters.role = value;
    } else if (key === 'active') {
      if (value !== 'true' && value !== 'false') throw UsersErrors.badFilter();
      filters.active = value === 'true';
    } else {
      throw UsersErrors.badFilter();
    }
  }
  return filters;
}
