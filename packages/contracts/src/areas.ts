// Which remote owns which of the spec's routes (DESIGN §5). The shell's entry chunk reads this table to start loading
// the current route's remote early, and the gateway to name that remote's files in the page: it imports nothing, and
// matches paths itself instead of with React Router's matchPath. Import it as `@agora/contracts/areas`.

/** URL prefix of the site's routes; links inside remotes are built from it. */
export const BASE_PATH = '';

export interface RemoteAreaDef {
  /** folder / npm workspace of the remote, used in URLs and test ids */
  folder: string;
  /** Module Federation container name */
  name: string;
  /** the spec's routes that the remote owns (DESIGN §5): `/a/b` (exactly) or `/a/b/*` (and everything below) */
  paths: readonly string[];
}

export const REMOTE_AREAS: readonly RemoteAreaDef[] = [
  {
    folder: 'mf-library',
    name: 'mf_library',
    paths: ['/admin/library/*', '/admin/browse', '/documentation/*', '/library/*'],
  },
  {
    folder: 'mf-consultation',
    name: 'mf_consultation',
    paths: ['/', '/participate/*', '/enroll/*', '/invitation/accept/*', '/admin/data/*', '/forum/*'],
  },
  {
    folder: 'mf-admin-structure',
    name: 'mf_admin_structure',
    paths: [
      '/admin/administration/project/*',
      '/admin/administration/category/*',
      '/admin/administration/profile',
    ],
  },
  {
    folder: 'mf-members',
    name: 'mf_members',
    paths: [
      '/admin/administration/members/*',
      '/admin/administration/enroll/*',
      '/admin/administration/invitations',
      '/admin/users/*',
      '/admin/settings/templates/*',
      '/admin/audit',
    ],
  },
];

/**
 * `pattern` as React Router's `matchPath({ path: pattern, end: true })` reads it, for the patterns of this table
 * (static segments, optionally ending in `/*`): case-insensitive, trailing slashes allowed.
 */
export function routePattern(pattern: string): RegExp {
  const splat = pattern.endsWith('/*');
  const base = (splat ? pattern.slice(0, -2) : pattern).replace(/\/+$/, '');
  if (/[:*?]/.test(base)) throw new Error(`route pattern ${pattern}: only static segments and a final /*`);
  const literal = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The root pattern '/' needs its slash; any other pattern tolerates trailing ones.
  const end = base === '' && !splat ? '/+' : '/*';
  return new RegExp(`^${literal}${splat ? '(?:/.*)?' : ''}${end}$`, 'i');
}

const AREA_PATTERNS = REMOTE_AREAS.map((area) => ({ area, patterns: area.paths.map(routePattern) }));

/** The admin routes: staff only. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The remote that owns a pathname, if any. */
export function areaForPath(pathname: string): RemoteAreaDef | undefined {
  return AREA_PATTERNS.find(({ patterns }) => patterns.some((p) => p.test(pathname)))?.area;
}

/**
 * Whether a path is one of the site's pages, which the gateway answers with the shell's page and the service
 * worker serves offline: any path but the API (`/api/…`), the remotes (`/remotes/…`, `/remotes.json`) and file
 * names (a missing script or image is a 404, never the page). The site's routes hold no file names (their tokens,
 * uuids and uris are letters, digits, `-` and `_`).
 */
export function isPagePath(path: string): boolean {
  if (path === '/api' || path.startsWith('/api/') || path === '/remotes' || path.startsWith('/remotes/'))
    return false;
  return !/\.[A-Za-z0-9]{1,12}$/.test(path.slice(path.lastIndexOf('/') + 1));
}
