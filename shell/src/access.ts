import { roleAllows, type Role } from '@agora/contracts';

/** Roles that use the admin side (login sends them to the dashboard; spec part 1 §2). */
export function isStaff(role: Role | null | undefined): boolean {
  return roleAllows(role, 'reviewer');
}

/** Where a user lands after logging in. */
export function homeFor(role: Role): string {
  return isStaff(role) ? '/admin/dashboard' : '/';
}

/**
 * Where `/login` sends a user who is already logged in (spec part 1, pages: admin, editor and reviewer to the
 * dashboard, authorized users to the root), or null for a guest, who sees the form (to log in as someone else).
 */
export function loginPageRedirectFor(role: Role): string | null {
  return role === 'guest' ? null : homeFor(role);
}
