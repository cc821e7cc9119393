import { routePattern } from './areas.js';
import { STAFF_ROLE, roleAllows, type Role } from './roles.js';

/**
 * The permission matrix of the admin side (spec part 1 §6, part 2 §6): the least role of each admin page, as the
 * server gates the calls that page makes. The shell's menu shows an entry, and its router a page, only to the
 * roles allowed here; `services/common/src/identity/permissions.spec.ts` checks that every page's calls are
 * gated the same way on the server. The first matching row wins; patterns are those of `areas.ts`.
 */
export const PAGE_PERMISSIONS: ReadonlyArray<{ readonly path: string; readonly role: Role }> = [
  { path: '/admin/dashboard', role: STAFF_ROLE },
  { path: '/admin/data/*', role: STAFF_ROLE },
  { path: '/admin/library/export', role: 'admin' },
  { path: '/admin/library/*', role: 'editor' },
  { path: '/admin/browse', role: 'admin' },
  { path: '/admin/administration/*', role: 'admin' },
  { path: '/admin/users/*', role: 'admin' },
  { path: '/admin/settings/*', role: 'admin' },
  { path: '/admin/audit', role: 'admin' },
  // any other admin route: staff (spec part 1 §2: reviewers and above use the admin side)
  { path: '/admin/*', role: STAFF_ROLE },
];

const MATRIX = PAGE_PERMISSIONS.map((row) => ({ ...row, pattern: routePattern(row.path) }));

/** The least role of a route, or undefined for a route outside the admin side (its page decides). */
export function pageRole(pathname: string): Role | undefined {
  return MATRIX.find((row) => row.pattern.test(pathname))?.role;
}

/** Whether a user with `role` may use the route `pathname` (routes outside the matrix: anyone). */
export function mayOpen(role: Role | null | undefined, pathname: string): boolean {
  const required = pageRole(pathname.split(/[?#]/, 1)[0]!);
  return required === undefined || roleAllows(role, required);
}
