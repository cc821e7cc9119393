import type { ComponentType } from 'react';
import { getInstance, init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '@agora/platform';

/** Container name → manifest URL, as read from `/remotes.json`. */
export type RemotesRegistry = Record<string, string>;

let registry: RemotesRegistry = {};

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
  const body: unknown = await res.json();
  if (!isRegistry(body)) throw new Error(`remotes registry ${url}: not a map of names to manifest URLs`);
  // The build plugin created the 'shell' instance with its share scope; init() with the same name reuses it.
  if (!getInstance()) init({ name: 'shell', remotes: [] });
  registerRemotes(
    Object.entries(body).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
  registry = body;
  return body;
}

/**
 * Loads `<name>/App`. On a retry the remote is registered again, which drops what the runtime cached for it; when
 * the registry could not be read at start (or lacks the remote), a retry reads it again first.
 */
export async function loadRemoteApp(name: string, retry: boolean): Promise<ComponentType<RemoteAppProps>> {
  if (retry && !registry[name]) {
    try {
      await registerRemotesFromRegistry();
    } catch (error) {
      console.error('[shell] could not read the remotes registry', error);
    }
  }
  const entry = registry[name];
  if (!entry) throw new Error(`remote ${name} is not in the registry`);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const mod = await loadRemote<{ default?: ComponentType<RemoteAppProps> }>(`${name}/App`);
  if (!mod?.default) throw new Error(`remote ${name}/App has no default export`);
  return mod.default;
}
