import { getInstance, init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppModule } from '@agora/platform';
import { BASE_PATH } from '@agora/contracts/areas';
import { tracked } from './thenable';

// The shell's entry chunk uses this module (see early.ts): it must not import any shared module (types only).

/** Container name → manifest URL, as read from `/remotes.json`. */
export type RemotesRegistry = Record<string, string>;

type RemoteApp = RemoteAppModule['default'];

let registry: RemotesRegistry = {};

/** Loads of `<name>/App` started before an area asked for them (startRemoteApp); each is handed out once. */
const started = new Map<string, Promise<RemoteApp>>();

function isRegistry(value: unknown): value is RemotesRegistry {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/**
 * Reads the ops-owned registry and registers every remote with the Module Federation runtime. `prefetched` is
 * the answer of a request for `url` started earlier.
 */
export async function registerRemotesFromRegistry(
  url = '/remotes.json',
  prefetched?: Promise<Response>,
): Promise<RemotesRegistry> {
  const res = await (prefetched ??
    fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }));
  if (!res.ok) throw new Error(`remotes registry ${url}: HTTP ${res.status}`);
  return applyRemotesRegistry(await res.json(), url);
}

/**
 * Registers the remotes of a registry already read (`source` names where it came from, for errors): the one the
 * gateway puts in the page (see `inlineRemotesRegistry`), or the answer of `/remotes.json`.
 */
export function applyRemotesRegistry(body: unknown, source: string): RemotesRegistry {
  if (!isRegistry(body)) throw new Error(`remotes registry ${source}: not a map of names to manifest URLs`);
  // The build plugin created the 'shell' instance with its share scope; init() with the same name reuses it.
  if (!getInstance()) init({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });
  registerRemotes(
    Object.entries(body).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  registry = body;
  return body;
}

/** The id of the element in which the gateway puts the registry (gateway/src/page.ts). */
export const INLINE_REGISTRY_ID = 'agora-remotes';

/** The registry the gateway put in the page, if it did and it is JSON; undefined otherwise. */
export function inlineRemotesRegistry(): unknown {
  const text = document.getElementById(INLINE_REGISTRY_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Loads `<name>/App`, and the chunk of the page it shows at the current URL (RemoteAppModule.preload). */
async function importRemoteApp(name: string): Promise<RemoteApp> {
  const mod = await loadRemote<Partial<RemoteAppModule>>(`${name}/App`);
  if (!mod?.default) throw new Error(`remote ${name}/App has no default export`);
  try {
    await mod.preload?.(window.location.pathname, BASE_PATH);
  } catch (error) {
    // Only a head start: the page loads (or shows its own error) when it renders.
    console.warn(`[shell] ${name} could not preload its page`, error);
  }
  return mod.default;
}

/**
 * Starts loading `<name>/App` (manifest, remoteEntry.js, the exposed module and the shared modules it needs) before
 * any area asks for it: the shell's entry does so for the current route's remote once the registry is
 * registered. The next `loadRemoteApp(name, false)` gets this load instead of starting another.
 */
export function startRemoteApp(name: string): void {
  if (!registry[name] || started.has(name)) return;
  const load = tracked(importRemoteApp(name));
  load.catch(() => undefined); // reported by the area that uses it
  started.set(name, load);
}

async function loadAgain(name: string): Promise<RemoteApp> {
  if (!registry[name]) {
    try {
      await registerRemotesFromRegistry();
    } catch (error) {
      console.error('[shell] could not read the remotes registry', error);
    }
  }
  const entry = registry[name];
  if (!entry) throw new Error(`remote ${name} is not in the registry`);
  registerRemotes([{ name, entry }], { force: true });
  return importRemoteApp(name);
}

/**
 * Loads `<name>/App`: the load started early for it if there is one. On a retry the remote is registered again,
 * which drops what the runtime cached for it; when the registry could not be read at start (or lacks the remote),
 * a retry reads it again first.
 */
export function loadRemoteApp(name: string, retry: boolean): Promise<RemoteApp> {
  const early = started.get(name);
  started.delete(name);
  if (retry) return loadAgain(name);
  if (early) return early;
  if (!registry[name]) return Promise.reject(new Error(`remote ${name} is not in the registry`));
  return importRemoteApp(name);
}
