// What every page needs, started from the entry chunk while the bootstrap chunks and the shared singletons
// download: the remotes registry, the profile, the site's settings, and the current route's remote. This module is in the entry chunk:
// it must not import any shared module (areas.ts and federation.ts import none; types are free).
import type { ApiGetResponse, ApiPlainGetPath } from '@agora/contracts';
import { areaForPath, isAdminPath } from '@agora/contracts/areas';
import {
  applyRemotesRegistry,
  inlineRemotesRegistry,
  registerRemotesFromRegistry,
  startRemoteApp,
  type RemotesRegistry,
} from './remotes/federation';

export interface EarlyRequests {
  /** the registry in the page, or else GET /remotes.json: its remotes registered with the Module Federation runtime */
  remotes?: Promise<RemotesRegistry>;
  /** GET /api/profile */
  profile?: Promise<ApiGetResponse<'/api/profile'>>;
  /** GET /api/settings (public: the site's name, languages and texts, which the layout shows first) */
  settings?: Promise<ApiGetResponse<'/api/settings'>>;
}

/**
 * A GET of the API with `fetch` (the typed client is in a shared module, not loaded yet): the compiler checks the
 * path against the services' documents and types the answer's JSON.
 */
export function earlyGet<P extends ApiPlainGetPath>(path: P, init: RequestInit): Promise<ApiGetResponse<P>> {
  return fetch(path, { ...init, method: 'GET' });
}

const early: EarlyRequests = {};

export function startEarlyRequests(): void {
  const accept = { Accept: 'application/json' };
  // The gateway puts the registry in the page; a page served without it asks for /remotes.json.
  const inline = inlineRemotesRegistry();
  early.remotes =
    inline === undefined
      ? registerRemotesFromRegistry(
          '/remotes.json',
          fetch('/remotes.json', { cache: 'no-store', headers: accept }),
        )
      : new Promise<RemotesRegistry>((done) => done(applyRemotesRegistry(inline, 'in the page')));
  // Without the `token` cookie there is no session: the platform does not ask (see fetchProfile).
  const loggedIn = /(?:^|;\s*)token=/.test(document.cookie);
  if (loggedIn) {
    early.profile = earlyGet('/api/profile', { credentials: 'include', headers: accept });
    early.profile.catch(() => undefined);
  }
  early.settings = earlyGet('/api/settings', { credentials: 'include', headers: accept });
  // A failure is handled where the result is used; never an unhandled rejection meanwhile.
  early.settings.catch(() => undefined);
  early.remotes.catch(() => undefined);

  // The current route's remote loads alongside the shell's own chunks, so that it is there when the shell renders
  // the route: its area then shows no loading state (and React does not hold the content back for 300 ms after
  // one). An admin route without a session goes to the login page instead: nothing to load.
  const { pathname } = window.location;
  const area = areaForPath(pathname);
  if (area && (loggedIn || !isAdminPath(pathname))) {
    early.remotes.then(
      () => startRemoteApp(area.name),
      () => undefined,
    );
  }
}

/** The early result for `key`, once (later calls make their own request). */
export function takeEarly<K extends keyof EarlyRequests>(key: K): EarlyRequests[K] {
  const result = early[key];
  early[key] = undefined;
  return result;
}
