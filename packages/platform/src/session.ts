import { useCallback } from 'react';
import { atom, useAtomValue, useSetAtom, type Store } from 'jotai';
import { useSWRConfig } from 'swr';
import { CSRF_COOKIE, roleAllows, type ApiGetResponse, type Role, type SessionUser } from '@agora/contracts';
import { ApiError, client, readCookie } from './api';
import { clearOfflineData } from './offline';
import { leaveOutbox } from './outbox/logout';

export type SessionStatus = 'pending' | 'loggedIn' | 'loggedOut';

export const sessionUserAtom = atom<SessionUser | null>(null);
export const sessionStatusAtom = atom<SessionStatus>('pending');

/**
 * `GET /api/profile`: the user, or null when logged out (any non-200 answer, spec part 1 §7). `prefetched` is the
 * answer of that request started earlier (the shell starts it before its bundles have loaded). Without the
 * `token` cookie there is no session (the gateway sets and clears it together with the session cookie), so no
 * request is made.
 */
export async function fetchProfile(
  prefetched?: Promise<ApiGetResponse<'/api/profile'>>,
): Promise<SessionUser | null> {
  if (!prefetched && !readCookie(CSRF_COOKIE)) return null;
  try {
    if (prefetched) {
      const res = await prefetched;
      return res.ok ? await res.json() : null;
    }
    return await client.GET('/api/profile');
  } catch {
    return null;
  }
}

/** Loads the session into a store (used by the shell at start-up, outside React). */
export async function refreshSession(
  store: Store,
  prefetched?: Promise<ApiGetResponse<'/api/profile'>>,
): Promise<SessionUser | null> {
  const user = await fetchProfile(prefetched);
  store.set(sessionUserAtom, user);
  store.set(sessionStatusAtom, user ? 'loggedIn' : 'loggedOut');
  return user;
}

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
  /** Logs in; throws `ApiError` (401 for wrong credentials). Resolves to the logged-in user. */
  login: (username: string, password: string) => Promise<SessionUser>;
  /**
   * Logs out, deleting what the device keeps of the user (the answers not sent yet, asked first when there are
   * some: a refusal keeps the session; `ask: false` when the account is gone and nothing could be sent anyway).
   */
  logout: (options?: { ask?: boolean }) => Promise<void>;
  refresh: () => Promise<SessionUser | null>;
  /** The permission gate of the spec (`roleAllows` from the contracts). */
  allows: (required: Role | readonly Role[]) => boolean;
}

export function useSession(): Session {
  const user = useAtomValue(sessionUserAtom);
  const status = useAtomValue(sessionStatusAtom);
  const setUser = useSetAtom(sessionUserAtom);
  const setStatus = useSetAtom(sessionStatusAtom);
  const { mutate } = useSWRConfig();

  const apply = useCallback(
    (next: SessionUser | null) => {
      setUser(next);
      setStatus(next ? 'loggedIn' : 'loggedOut');
    },
    [setUser, setStatus],
  );

  const refresh = useCallback(async () => {
    const next = await fetchProfile();
    apply(next);
    return next;
  }, [apply]);

  const login = useCallback(
    async (username: string, password: string) => {
      // wrong credentials answer 401 (an ApiError)
      await client.POST('/api/login', { body: { username, password } });
      // nothing kept offline for the previous visitor survives into this session
      await clearOfflineData();
      const next = await fetchProfile();
      if (!next) throw new ApiError(401, 'wrong credentials');
      // Data cached for the previous visitor must not leak into this session. Revalidating also drops SWR's
      // markers of requests made before the login: a page mounted right after it would otherwise wait on the
      // previous visitor's request, whose answer SWR then discards, and stay loading.
      await mutate(() => true, undefined, { revalidate: true });
      apply(next);
      return next;
    },
    [apply, mutate],
  );

  const logout = useCallback(
    async ({ ask = true }: { ask?: boolean } = {}) => {
      // the answers kept offline go with the session (asked first when there are some)
      if (!(await leaveOutbox(ask ? user?.uuid : undefined))) return;
      try {
        await client.DELETE('/api/login');
      } catch {
        // already logged out on the server: the local state is reset anyway
      }
      // the offline copies of the user's data go before anything else can show or keep them
      await clearOfflineData();
      apply(null);
      await mutate(() => true, undefined, { revalidate: false });
    },
    [apply, mutate, user],
  );

  const allows = useCallback((required: Role | readonly Role[]) => roleAllows(user?.role, required), [user]);

  return { user, status, login, logout, refresh, allows };
}
