/// <reference lib="webworker" />
// The shell's service worker (decision 0091), built by scripts/build-web.mjs into dist/shell/sw.js with the
// precache list of the shell's own files injected by workbox-build. What it caches and by which strategy:
//
// - the shell's index.html and its start-up scripts and styles: precached (files the first visit has loaded
//   already, so the install reads them from the HTTP cache); its lazy chunks: cache-first as they are used;
// - navigations: network-first, the last page served as the offline fallback (it carries the remotes registry);
// - the remotes' manifests and remoteEntry files, and /remotes.json: network-first; their hashed files:
//   cache-first; the files of a version that a newer registry no longer names are dropped;
// - the questionnaire's API reads: network-first in the current user's own cache, emptied when the user changes
//   and at logout; nothing but GET, nothing but the listed reads;
// - the map's icons (public library files): stale-while-revalidate;
// - map tiles only from the site's own tile server (MAP_TILE_URL on this origin), a few hundred at most.
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types.js';
import {
  OFFLINE_API_CACHE_PREFIX,
  OFFLINE_LOGOUT_MESSAGE,
  isPersonalCache,
  offlineApiCacheName,
} from '@agora/contracts/offline';
import {
  isContentHashedPath,
  isMapIcon,
  isOfflineApiRead,
  isPageUrl,
  isShellAsset,
  isStaleRemote,
  ownTilePrefix,
  registryInPage,
  registryVersions,
  remoteFileOf,
} from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const ORIGIN = self.location.origin;
const DAY = 24 * 60 * 60;

const PAGES = 'agora-pages';
const REMOTE_ENTRIES = 'agora-remote-entries';
const REMOTE_ASSETS = 'agora-remote-assets';
const SHELL_ASSETS = 'agora-shell-assets';
const TILES = 'agora-tiles';
const ICONS = 'agora-icons';
const META = 'agora-meta';
/** Every navigation is stored under this one key: the last page served is the offline page of every route. */
const PAGE_KEY = `${ORIGIN}/__agora/page`;
const TILE_PREFIX_KEY = `${ORIGIN}/__agora/tile-prefix`;

setCacheNameDetails({ prefix: 'agora' });
// The first visit's page is taken over as soon as the worker is active (there is no older worker whose page it
// could mix with); an update waits for the page to leave (the SKIP_WAITING message below).
clientsClaim();
cleanupOutdatedCaches();

// The shell's own files. No directory index nor clean URLs: `/` and the routes are navigations, network-first.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  else if (type === OFFLINE_LOGOUT_MESSAGE) event.waitUntil(forgetUser());
});

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

// --- the remotes -------------------------------------------------------------------------------------------

/** Drops the cached files of remote versions that the registry no longer names. */
async function dropStaleRemotes(registry: Record<string, unknown> | null): Promise<void> {
  if (!registry) return;
  const versions = registryVersions(registry);
  for (const name of [REMOTE_ENTRIES, REMOTE_ASSETS]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys())
      if (isStaleRemote(new URL(request.url).pathname, versions)) await cache.delete(request);
  }
}

const registryPlugin: WorkboxPlugin = {
  cacheDidUpdate: async ({ newResponse }) => {
    await dropStaleRemotes(
      await newResponse
        .clone()
        .json()
        .catch(() => null),
    );
  },
};

registerRoute(
  ({ url }) => url.origin === ORIGIN && url.pathname === '/remotes.json',
  new NetworkFirst({ cacheName: REMOTE_ENTRIES, plugins: [okOnly, registryPlugin] }),
);

// A version's files: hashed ones never change (cache-first); its manifest and remoteEntry.js may be rebuilt in
// place and are revalidated (network-first). Expiration bounds both caches.
registerRoute(
  ({ url }) =>
    url.origin === ORIGIN && remoteFileOf(url.pathname) !== null && isContentHashedPath(url.pathname),
  new CacheFirst({
    cacheName: REMOTE_ASSETS,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);
registerRoute(
  ({ url }) => url.origin === ORIGIN && remoteFileOf(url.pathname) !== null,
  new NetworkFirst({
    cacheName: REMOTE_ENTRIES,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// The shell's hashed files that are not precached (its lazy chunks, Leaflet's images): cache-first, as the pages
// load them; an older shell's drop out by age and number.
registerRoute(
  ({ url }) => isShellAsset(url, ORIGIN),
  new CacheFirst({
    cacheName: SHELL_ASSETS,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// --- pages -----------------------------------------------------------------------------------------------

const pages = new NetworkFirst({
  cacheName: PAGES,
  // a connection that answers nothing for this long counts as none: the cached page is shown
  networkTimeoutSeconds: 8,
  plugins: [
    okOnly,
    // only the shell's page is ever the offline page
    {
      cacheWillUpdate: async ({ response }) =>
        (response.headers.get('Content-Type') ?? '').startsWith('text/html') ? response : null,
    },
    { cacheKeyWillBeUsed: async () => PAGE_KEY },
    {
      cacheDidUpdate: async ({ newResponse }) => {
        await dropStaleRemotes(registryInPage(await newResponse.clone().text()));
      },
    },
  ],
});

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPageUrl(url, ORIGIN),
  async (options: RouteHandlerCallbackOptions) => {
    try {
      return await pages.handle(options);
    } catch {
      // Never online since the worker came: the shell's own index.html (the shell then reads /remotes.json).
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

// --- the API reads of the questionnaire, per user --------------------------------------------------------

/**
 * The user whose API answers are cached: the one `agora-api-*` cache; null: nobody is logged in; undefined: not
 * known yet (the worker has just started and holds no user's cache).
 */
let currentUser: string | null | undefined;

async function userOfCaches(): Promise<string | null | undefined> {
  if (currentUser !== undefined) return currentUser;
  const name = (await caches.keys()).find(isPersonalCache);
  if (name) currentUser = name.slice(OFFLINE_API_CACHE_PREFIX.length);
  return currentUser;
}

let asking: Promise<void> | undefined;

/**
 * The user to store a read for. When the worker knows none yet, it asks `GET /api/profile` itself (once; the
 * page's own profile request may reach the worker after the page's first reads, fetch events keep no order).
 */
async function userOfRequest(): Promise<string | null> {
  const known = await userOfCaches();
  if (known !== undefined) return known;
  asking ??= fetch('/api/profile', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(learnUser)
    .catch(() => undefined)
    .finally(() => {
      asking = undefined;
    });
  await asking;
  return currentUser ?? null;
}

async function dropPersonalCaches(keep?: string): Promise<void> {
  const names = (await caches.keys()).filter((name) => isPersonalCache(name) && name !== keep);
  await Promise.all(names.map((name) => caches.delete(name)));
}

/** A new user (or none): the previous user's answers go before anything of the new one is stored. */
async function switchUser(user: string | null): Promise<void> {
  if (user === (await userOfCaches())) return;
  currentUser = user;
  await dropPersonalCaches(user === null ? undefined : offlineApiCacheName(user));
}

async function forgetUser(): Promise<void> {
  currentUser = null;
  await dropPersonalCaches();
}

const apiStrategies = new Map<string, NetworkFirst>();

/** Network-first in the user's cache; an answer is stored only while that user is still the current one. */
function apiStrategy(user: string): NetworkFirst {
  let strategy = apiStrategies.get(user);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: offlineApiCacheName(user),
      plugins: [
        okOnly,
        { cacheWillUpdate: async ({ response }) => (currentUser === user ? response : null) },
      ],
    });
    apiStrategies.set(user, strategy);
  }
  return strategy;
}

/** The session's user from `GET /api/profile`: 200 names them; 401 or 403 means nobody is logged in. */
async function learnUser(response: Response): Promise<void> {
  if (response.status === 401 || response.status === 403) {
    await switchUser(null);
    return;
  }
  if (response.status !== 200) return;
  const profile = (await response
    .clone()
    .json()
    .catch(() => null)) as { uuid?: unknown } | null;
  if (typeof profile?.uuid === 'string') await switchUser(profile.uuid);
}

/** The tile server's prefix when it is this site's own (learnt from /api/settings, kept across restarts). */
let tilePrefix: string | null | undefined;

async function learnTiles(response: Response): Promise<void> {
  if (response.status !== 200) return;
  const settings = (await response
    .clone()
    .json()
    .catch(() => null)) as { tileUrl?: unknown } | null;
  if (typeof settings?.tileUrl !== 'string') return;
  tilePrefix = ownTilePrefix(settings.tileUrl, ORIGIN);
  await (await caches.open(META)).put(TILE_PREFIX_KEY, new Response(tilePrefix ?? ''));
}

async function currentTilePrefix(): Promise<string | null> {
  if (tilePrefix === undefined) {
    const stored = await (await caches.open(META)).match(TILE_PREFIX_KEY);
    tilePrefix = stored ? (await stored.text()) || null : null;
  }
  return tilePrefix;
}

/**
 * The last `GET /api/profile` under way: the page asks for it first (shell/src/early.ts), and the reads that follow
 * wait for its answer before choosing the cache, so that the first page of a session is stored in its user's.
 */
let learning: Promise<unknown> = Promise.resolve();

async function profileRead(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    const user = await userOfCaches();
    const cached = user ? await caches.match(request, { cacheName: offlineApiCacheName(user) }) : undefined;
    return cached ?? Response.error();
  }
  await learnUser(response);
  const user = await userOfCaches();
  if (user && response.status === 200)
    await (await caches.open(offlineApiCacheName(user))).put(request, response.clone());
  return response;
}

registerRoute(
  ({ url, request }) => isOfflineApiRead(url, request.method, ORIGIN),
  async (options: RouteHandlerCallbackOptions) => {
    const path = options.url.pathname;
    if (path === '/api/profile') {
      // The profile tells who the user is: learnt from the network answer before anything is stored.
      const answer = profileRead(options.request);
      learning = answer.catch(() => undefined);
      return answer;
    }
    await learning;
    const user = await userOfRequest();
    // Nobody known: nothing is stored (a visitor's reads are not kept).
    const response = user ? await apiStrategy(user).handle(options) : await fetch(options.request);
    if (path === '/api/settings') await learnTiles(response);
    return response;
  },
  'GET',
);

// --- the map's icons and markers (public library files), shown at once and refreshed behind --------------------

registerRoute(
  ({ url, request }) => request.method === 'GET' && isMapIcon(url, ORIGIN),
  new StaleWhileRevalidate({
    cacheName: ICONS,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// --- map tiles of the site's own tile server -----------------------------------------------------------------

// Read once at start: a route's match must answer at once, so the first tiles after a restart may go uncached.
void currentTilePrefix();

registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    url.origin === ORIGIN &&
    typeof tilePrefix === 'string' &&
    url.pathname.startsWith(tilePrefix),
  new CacheFirst({
    cacheName: TILES,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);
