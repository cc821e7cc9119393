import { isStaff, type Role } from '@agora/contracts';

/**
 * Where a user lands after logging in: staff on the dashboard; others on `next` (`/login?next=…`, the page that
 * sent them to log in) when it is a path of this site, else on the root.
 */
export function homeFor(role: Role, next?: string | null): string {
  if (isStaff(role)) return '/admin/dashboard';
  return next && /^\/(?![/\\])/.test(next) ? next : '/';
}

/**
 * Where `/login` sends a user who is already logged in (spec part 1, pages: admin, editor and reviewer to the
 * dashboard, authorized users to the root), or null for a guest, who sees the form (to log in as someone else).
 */
export function loginPageRedirectFor(role: Role, next?: string | null): string | null {
  return role === 'guest' ? null : homeFor(role, next);
}
