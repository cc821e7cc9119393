// What the service worker caches and how long (decision 0091), as pure functions of URLs so that they are
// unit-tested without a worker. The worker itself (sw.ts) only wires them to Workbox.
import { isPagePath } from '@agora/contracts/areas';

/** The API reads the questionnaire needs offline (GET only): path patterns, checked against the URL's path. */
const OFFLINE_API_READS: readonly RegExp[] = [
  /^\/api\/settings$/, // the site's name, languages, tiles
  /^\/api\/profile$/, // the session's user
  /^\/api\/login$/, // the session probe ({"loggedin": …})
  /^\/api\/category\/[^/]+(?:\/[^/]+)*$/, // the category and its projects
  /^\/api\/data\/scope\/questionnaire\/category\/[^/]+\/project\/[^/]+$/, // topics, attributes, variables
  /^\/api\/data\/scope\/profile\/(?:activeCategory|category)\/[^/]+$/, // the category's profile questions
  /^\/api\/data\/scope\/choices\/project\/[^/]+$/, // the participant's own choices
  /^\/api\/data\/scope\/zones\/project\/[^/]+$/, // the project's boundaries
];

/** The participant's own answers on the map: the `mine` layer only (the others' layers are not cached). */
const OWN_LAYER = /^\/api\/data\/scope\/geojson\/project\/[^/]+$/;

/**
 * Whether a request is an API read that the worker answers network-first with the user's cache as the fallback.
 * Only GET; only this origin; nothing else of the API (lists of users, exports, jobs) is ever stored.
 */
export function isOfflineApiRead(url: URL, method: string, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  const path = url.pathname;
  if (OWN_LAYER.test(path)) return url.searchParams.get('layer') === 'mine';
  return OFFLINE_API_READS.some((pattern) => pattern.test(path));
}

/** A file of a published remote: `/remotes/<folder>/<version>/<file…>`. */
export interface RemoteFile {
  folder: string;
  version: string;
  file: string;
}

const REMOTE_FILE = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/;

export function remoteFileOf(pathname: string): RemoteFile | null {
  const m = REMOTE_FILE.exec(pathname);
  return m ? { folder: m[1]!, version: m[2]!, file: m[3]! } : null;
}

/**
 * A build output with a content hash in its name (`main.3f2a1b9c.js`, `assets/x.0c1d2e3f.png`): the same test as
 * the gateway's `isContentHashed` (gateway/src/static-files.ts), which serves these as immutable.
 */
export function isContentHashedPath(pathname: string): boolean {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /(^|[.\-_])[0-9a-f]{8,}\.[A-Za-z0-9]+$/.test(name);
}

/** The shell's own hashed scripts and styles (`/121.c31e3f34.js`, `/assets/…`), not a remote's. */
export function isShellAsset(url: URL, origin: string): boolean {
  return url.origin === origin && !url.pathname.startsWith('/remotes/') && isContentHashedPath(url.pathname);
}

/** The versions a registry names, by remote folder: `{"mf-consultation": "1.0.0", …}`. */
export function registryVersions(registry: Record<string, unknown>): Map<string, string> {
  const versions = new Map<string, string>();
  for (const manifest of Object.values(registry)) {
    if (typeof manifest !== 'string') continue;
    const file = remoteFileOf(manifest.startsWith('/') ? manifest : new URL(manifest).pathname);
    if (file) versions.set(file.folder, file.version);
  }
  return versions;
}

/**
 * Whether a cached remote file belongs to a version that the registry no longer names for its remote: those are
 * dropped when a registry arrives from the network, so a cache never holds two versions of one remote that a page
 * could mix. Remotes the registry does not name at all are kept (a registry without them is a broken one).
 */
export function isStaleRemote(pathname: string, versions: ReadonlyMap<string, string>): boolean {
  const file = remoteFileOf(pathname);
  if (!file) return false;
  const current = versions.get(file.folder);
  return current !== undefined && current !== file.version;
}

/** The registry the gateway puts into every page (`<script type="application/json" id="agora-remotes">`). */
export function registryInPage(html: string): Record<string, unknown> | null {
  const m = /<script[^>]*id="agora-remotes"[^>]*>([^<]*)<\/script>/.exec(html);
  if (!m) return null;
  try {
    const value: unknown = JSON.parse(m[1]!);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The path prefix of the site's own tile server, from the tile URL template of the settings
 * (`/tiles/{z}/{x}/{y}.png` or `https://this.site/tiles/{z}/…`): the part before the first placeholder. Null for a
 * tile server on another origin (OpenStreetMap's, say), whose tiles are never cached.
 */
export function ownTilePrefix(tileUrl: string, origin: string): string | null {
  const brace = tileUrl.indexOf('{');
  const fixed = brace < 0 ? tileUrl : tileUrl.slice(0, brace);
  let url: URL;
  try {
    url = new URL(fixed, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === '/' || url.pathname.startsWith('/api/')) return null;
  return url.pathname;
}

/**
 * The map's icons and markers (the library's public files that attributes and choices name as their icon): kept
 * for the offline map, in a cache of their own that is not personal.
 */
export function isMapIcon(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/api\/library\/files\/(?:icons|markers|demo)\/[^/]+$/.test(url.pathname);
}

/**
 * A URL the gateway answers with the shell's page. Only these navigations are the worker's: a document opened
 * from the API (a download, a library file in a tab) goes to the network untouched and is never stored as the
 * offline page.
 */
export function isPageUrl(url: URL, origin: string): boolean {
  return url.origin === origin && isPagePath(url.pathname);
}
