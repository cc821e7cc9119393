import {
  enrolmentRole,
  isStaff as isStaffRole,
  type ConsultationRole,
  type SessionUser,
} from '@agora/contracts';
import type { EntityManager } from 'typeorm';
import { CategoryErrors } from './category.errors.js';

/**
 * Who may see what on the participant side (docs/decisions/0036-consultation-profile-weight.md): staff (site
 * role reviewer and above) see every category and project; a participant (any other logged-in user) only the
 * categories they are enrolled in, as the signed identity says (`SessionUser.enrolments`), and there only what is
 * open to participants. An inactive category's page is also its members'
 * (docs/decisions/0077-inactive-category-members.md).
 */

/** Staff (reviewer and above, the contracts' rule). */
export function isStaff(user: SessionUser | null | undefined): boolean {
  return isStaffRole(user?.role);
}

/** The caller's standing in a category: `staff`, their enrolment role, or null (not enrolled, anonymous). */
export type CategoryStanding = ConsultationRole | 'staff' | null;

export function standingIn(user: SessionUser | null | undefined, category: string): CategoryStanding {
  if (isStaff(user)) return 'staff';
  return enrolmentRole(user, category);
}

/** Staff, or enrolled in `category` (its token); else 403 `CONSULTATION.NOT_ENROLLED`. */
export function assertMayEnter(user: SessionUser | null | undefined, category: string | null): void {
  if (isStaff(user)) return;
  if (category === null || enrolmentRole(user, category) === null) throw CategoryErrors.notEnrolled();
}

/** The caller's enrolment role in `category`; 403 `CONSULTATION.NOT_ENROLLED` when not enrolled (staff too). */
export function assertEnrolled(user: SessionUser | null | undefined, category: string): ConsultationRole {
  const role = enrolmentRole(user, category);
  if (role === null) throw CategoryErrors.notEnrolled();
  return role;
}

/** The tokens of the categories the caller is enrolled in (lower case). */
export function enrolledTokens(user: SessionUser | null | undefined): string[] {
  return (user?.enrolments ?? []).map((e) => e.category.toLowerCase());
}

/** SQL: the project row `alias` is shown to participants (active, or its results published). */
export function projectShownSql(alias: string): string {
  return `(${alias}."active" OR ${alias}."is_public")`;
}

/**
 * SQL: the category row `alias` is active, i.e. open to participants: at least one of its projects is shown to
 * them. Categories have no flag of their own (the administrators' active category is their own interface state).
 */
export function categoryActiveSql(alias: string): string {
  return `EXISTS (SELECT 1 FROM "consultation"."project" shown
    WHERE shown."category" = ${alias}."token" AND ${projectShownSql('shown')})`;
}

/** The tokens among `tokens` (all categories when omitted) of the categories that are active (open to participants). */
export async function activeCategoryTokens(
  m: EntityManager,
  tokens?: readonly string[],
): Promise<Set<string>> {
  const rows = await m.query<Array<{ token: string }>>(
    `SELECT c."token" FROM "consultation"."category" c
     WHERE ${categoryActiveSql('c')} AND ($1::uuid[] IS NULL OR c."token" = ANY($1::uuid[]))`,
    [tokens ?? null],
  );
  return new Set(rows.map((r) => r.token));
}
