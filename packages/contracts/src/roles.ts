/** Site roles, highest first (spec part 1 §6). */
export const ROLES = ['admin', 'editor', 'reviewer', 'authorized', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/** Enrolment (project) roles on the consultation side (spec part 2 §6). */
export const ENROL_ROLES = ['expert', 'normal'] as const;
export type EnrolRole = (typeof ENROL_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Rank of a role: admin is highest. Unknown or missing roles rank below guest. */
export function roleRank(role: Role | null | undefined): number {
  if (!role) return -1;
  return ROLES.length - 1 - ROLES.indexOf(role);
}

/**
 * The permission gate of the spec: with a list, the user's role must be in it; with a single role,
 * the user's rank must be at or above it, except `guest`, which must match exactly.
 */
export function roleAllows(userRole: Role | null | undefined, required: Role | readonly Role[]): boolean {
  if (!userRole) return false;
  if (Array.isArray(required)) return required.includes(userRole);
  const single = required as Role;
  if (single === 'guest') return userRole === 'guest';
  return roleRank(userRole) >= roleRank(single);
}

/**
 * Whether `user` may delete something of the library that `owner` created (library items, library views,
 * documentation pages), or change a library view: its owner, or an admin. Nobody else, and only an admin when it
 * has no owner (content from before owners were kept, the demo data, a restore). Within the roles that manage the
 * library at all.
 */
export function mayManageOwned(
  user: { uuid: string; role: Role } | null | undefined,
  owner: string | null | undefined,
): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return !!owner && owner === user.uuid;
}

/**
 * Whether `user` may change the shared library, its items and documentation pages, whoever made them: editors
 * and admins (decision 0066). Deleting them stays with their owner and admins (`mayManageOwned`).
 */
export function mayEditShared(user: { role: Role } | null | undefined): boolean {
  return !!user && roleAllows(user.role, 'editor');
}

/** The least role of staff: reviewer (`isStaff`); the admin pages open to every staff role name it. */
export const STAFF_ROLE = 'reviewer' satisfies Role;

/**
 * Staff: reviewer and above, the roles that use the admin side (login takes them to the dashboard, spec part 1
 * §2) and that see every category and project on the participant side (decision 0036). The one rule for both
 * the browser and the services.
 */
export function isStaff(role: Role | null | undefined): boolean {
  return roleAllows(role, STAFF_ROLE);
}
