import { roleAllows, type Role } from '@agora/contracts';

/** Roles that use the admin side (login sends them to the dashboard; spec part 1 §2). */
export function isStaff(role: Role | null | undefined): boolean {
  return roleAllows(role, 'reviewer');
}

/** Where a user lands after logging in. */
export function homeFor(role: Role): string {
  return isStaff(role) ? '/admin/dashboard' : '/';
}
