// The two requests every page needs, started from the entry chunk while the bootstrap chunks and the shared
// singletons download. This module is in the entry chunk: it must not import any shared module.

export interface EarlyRequests {
  /** GET /remotes.json */
  registry?: Promise<Response>;
  /** GET /api/profile */
  profile?: Promise<Response>;
}

const early: EarlyRequests = {};

export function startEarlyRequests(): void {
  const accept = { Accept: 'application/json' };
  early.registry = fetch('/remotes.json', { cache: 'no-store', headers: accept });
  // Without the `token` cookie there is no session: the platform does not ask (see fetchProfile).
  if (/(?:^|;\s*)token=/.test(document.cookie)) {
    early.profile = fetch('/api/profile', { credentials: 'include', headers: accept });
    early.profile.catch(() => undefined);
  }
  // A failure is handled where the response is used; never an unhandled rejection meanwhile.
  early.registry.catch(() => undefined);
}

/** The early response for `key`, once (later calls make their own request). */
export function takeEarly(key: keyof EarlyRequests): Promise<Response> | undefined {
  const response = early[key];
  early[key] = undefined;
  return response;
}
