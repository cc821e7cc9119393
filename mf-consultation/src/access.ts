import { roleAllows, type Role } from '@agora/contracts';

/** The consultation side's "administrators": the roles that use the admin pages (reviewer and above). */
export function isAdministrator(role: Role | null | undefined): boolean {
  return roleAllows(role, 'reviewer');
}

/** The login page, which brings the user back to `pathname` afterwards. */
export function loginHref(basePath: string, pathname: string): string {
  return `${basePath}/login?next=${encodeURIComponent(pathname)}`;
}
