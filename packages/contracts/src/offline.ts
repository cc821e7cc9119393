/**
 * The caches of the shell's service worker (decision 0091), named here because two sides use them: the worker
 * (shell/src/sw) fills them and the platform's logout empties the personal ones before the page leaves.
 */

/** Every cache the worker makes starts with this (the precache, the remotes, the pages, the tiles, the API). */
export const OFFLINE_CACHE_PREFIX = 'agora-';

/**
 * The API reads of one user, in a cache of that user's own: `agora-api-<uuid>`. Only one such cache exists at a
 * time; the worker drops the others when the user changes, and logout drops them all.
 */
export const OFFLINE_API_CACHE_PREFIX = 'agora-api-';

export function offlineApiCacheName(userUuid: string): string {
  return `${OFFLINE_API_CACHE_PREFIX}${userUuid}`;
}

/** Whether a cache holds personal data (the API's answers for one user): what logout removes. */
export function isPersonalCache(name: string): boolean {
  return name.startsWith(OFFLINE_API_CACHE_PREFIX);
}

/** The message a page sends the worker at logout: forget the user and the API cache (the page deletes it too). */
export const OFFLINE_LOGOUT_MESSAGE = 'agora-logout';

/** The message the page sends a waiting worker when the page leaves: take over at the next navigation. */
export const OFFLINE_SKIP_WAITING_MESSAGE = 'agora-skip-waiting';
