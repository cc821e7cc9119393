import { roleAllows, type Role } from '@agora/contracts';

/** The consultation side's "administrators": the roles that use the admin pages (reviewer and above). */
export function isAdministrator(role: Role | null | undefined): boolean {
  return roleAllows(role, 'reviewer');
}
