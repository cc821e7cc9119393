import { ENROL_ROLES, isRole, ownEntry, type EnrolRole, type Role } from '@agora/contracts';
import { UsersErrors } from '../users/users.errors.js';

/** Columns the members list can be sorted by (wire name → SQL expression); not enrol_role (spec part 2). */
export const MEMBER_SORT_FIELDS: Readonly<Record<string, string>> = {
  username: 'u.username',
  firstname: 'u.firstname',
  lastname: 'u.lastname',
  email: 'u.email',
  weight: 'w.weight',
};

/** Columns the list of users not enrolled yet can be sorted by. */
export const CANDIDATE_SORT_FIELDS: Readonly<Record<string, string>> = {
  username: 'u.username',
  firstname: 'u.firstname',
  lastname: 'u.lastname',
  email: 'u.email',
  role: 'u.role',
};

export function parseSortField(fields: Readonly<Record<string, string>>, field: string): string {
  const column = ownEntry(fields, field);
  if (!column) throw UsersErrors.badSort();
  return column;
}

/**
 * Reads an `fq` segment with a single key, `{key}:{value}`: a value the check refuses is no filter (spec part 2
 * §9: an unknown role filter means no role filter); any other key is refused.
 */
function parseOneFilter<T>(
  fq: string | undefined,
  key: string,
  check: (v: string) => v is T & string,
): T | undefined {
  if (!fq) return undefined;
  let value: T | undefined;
  for (const part of fq.split(';')) {
    if (part === '') continue;
    const idx = part.indexOf(':');
    if (idx <= 0 || part.slice(0, idx) !== key) throw UsersErrors.badFilter();
    const raw = part.slice(idx + 1);
    value = check(raw) ? raw : undefined;
  }
  return value;
}

const isEnrolRole = (v: string): v is EnrolRole => (ENROL_ROLES as readonly string[]).includes(v);
const isSiteRole = (v: string): v is Role => isRole(v);

/** The members list's filter: `app.enrolment.role:{expert|normal}`. */
export const parseMemberFilter = (fq: string | undefined): EnrolRole | undefined =>
  parseOneFilter(fq, 'app.enrolment.role', isEnrolRole);

/** The enrol list's filter: `core.users.role:{role}`. */
export const parseCandidateFilter = (fq: string | undefined): Role | undefined =>
  parseOneFilter(fq, 'core.users.role', isSiteRole);
