import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiError } from './api';
import { LOCALE_STORAGE_KEY, localeAtom } from './locale';
import { refreshSession, sessionStatusAtom, sessionUserAtom, useSession } from './session';
import { adminUser, clearCookies, fakeResponse, mockFetch } from '../../../scripts/jest/web';

function setup(prepare?: (store: ReturnType<typeof createStore>) => void) {
  const store = createStore();
  prepare?.(store);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
    </Provider>
  );
  const hook = renderHook(() => useSession(), { wrapper });
  return { store, hook };
}

beforeEach(() => clearCookies());

describe('session', () => {
  it('starts pending, then follows GET /api/profile', async () => {
    const store = createStore();
    document.cookie = 'token=t';
    expect(store.get(sessionStatusAtom)).toBe('pending');
    mockFetch({ 'GET /api/profile': { status: 200, body: adminUser } });
    await refreshSession(store);
    expect(store.get(sessionUserAtom)).toEqual(adminUser);
    expect(store.get(sessionStatusAtom)).toBe('loggedIn');
    mockFetch({ 'GET /api/profile': { status: 401, body: { Error: 'not logged in' } } });
    await refreshSession(store);
    expect(store.get(sessionUserAtom)).toBeNull();
    expect(store.get(sessionStatusAtom)).toBe('loggedOut');
  });

  it('is logged out without asking when there is no token cookie', async () => {
    const store = createStore();
    const calls = mockFetch({ 'GET /api/profile': { status: 200, body: adminUser } });
    await refreshSession(store);
    expect(store.get(sessionStatusAtom)).toBe('loggedOut');
    expect(calls).toEqual([]);
  });

  it('uses a profile answer requested earlier instead of calling again', async () => {
    const store = createStore();
    const calls = mockFetch({});
    await refreshSession(store, Promise.resolve(fakeResponse(200, adminUser)));
    expect(store.get(sessionUserAtom)).toEqual(adminUser);
    await refreshSession(store, Promise.resolve(fakeResponse(401, { Error: 'not logged in' })));
    expect(store.get(sessionStatusAtom)).toBe('loggedOut');
    await refreshSession(store, Promise.reject(new TypeError('network down')));
    expect(store.get(sessionStatusAtom)).toBe('loggedOut');
    expect(calls).toEqual([]);
  });

  it('logs in with POST /api/login, then loads the profile', async () => {
    const { store, hook } = setup();
    const calls = mockFetch({
      'GET /api/login': { status: 200, body: { loggedin: false }, setCookie: 'token=t1' },
      'POST /api/login': { status: 200, body: { loggedin: true, user: adminUser } },
      'GET /api/profile': { status: 200, body: adminUser },
    });
    let user: unknown;
    await act(async () => {
      user = await hook.result.current.login('maria', 'pw');
    });
    expect(user).toEqual(adminUser);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/login',
      'POST /api/login',
      'GET /api/profile',
    ]);
    expect(calls[1]?.body).toEqual({ username: 'maria', password: 'pw' });
    expect(store.get(sessionStatusAtom)).toBe('loggedIn');
    expect(hook.result.current.user).toEqual(adminUser);
    expect(hook.result.current.allows('editor')).toBe(true);
  });

  it('rejects wrong credentials with ApiError 401 and stays logged out', async () => {
    const { store, hook } = setup();
    document.cookie = 'token=t';
    mockFetch({ 'POST /api/login': { status: 401, body: { Error: 'wrong credentials' } } });
    let error: unknown;
    await act(async () => {
      error = await hook.result.current.login('maria', 'bad').catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(store.get(sessionUserAtom)).toBeNull();
  });

  it('logs out with DELETE /api/login and keeps the language', async () => {
    const { store, hook } = setup((s) => {
      s.set(sessionUserAtom, adminUser);
      s.set(sessionStatusAtom, 'loggedIn');
      s.set(localeAtom, 'en');
    });
    document.cookie = 'token=t';
    // the service worker's cache of the user's API answers (decision 0091)
    const deleted: string[] = [];
    const caches = {
      keys: async () => ['agora-api-u1', 'agora-pages'],
      delete: async (name: string) => deleted.push(name) > 0,
    };
    Object.defineProperty(window, 'caches', { value: caches, configurable: true });
    const calls = mockFetch({ 'DELETE /api/login': { status: 200, body: { loggedin: false } } });
    try {
      await act(() => hook.result.current.logout());
    } finally {
      delete (window as { caches?: unknown }).caches;
    }
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/login']);
    expect(deleted).toEqual(['agora-api-u1']);
    expect(store.get(sessionUserAtom)).toBeNull();
    expect(store.get(sessionStatusAtom)).toBe('loggedOut');
    expect(store.get(localeAtom)).toBe('en');
  });
});

describe('localeAtom', () => {
  it('is persisted in localStorage', () => {
    const store = createStore();
    store.set(localeAtom, 'en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    store.set(localeAtom, 'el');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('el');
  });
});
