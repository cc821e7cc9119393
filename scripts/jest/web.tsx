// Helpers for the web tests (jest project `web`): a fake fetch and a render with the shell's providers.
import type { ReactElement, ReactNode } from 'react';
import { act, fireEvent, render, type RenderResult } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { SessionUser } from '@agora/contracts';
import {
  localeAtom,
  MessagesProvider,
  sessionStatusAtom,
  sessionUserAtom,
  type Catalogue,
  type Locale,
} from '@agora/platform';
import { answerMismatch } from './answerSchemas';

export interface FakeCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FakeReply = {
  status: number;
  body?: unknown;
  setCookie?: string;
  headers?: Record<string, string>;
};
/** A reply, or a promise of one: answered when it settles (one that never does is a request that hangs). */
export type FakeAnswer = FakeReply | Promise<FakeReply>;
export type FakeRoutes = Record<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)>;

/** A minimal `Response` (jsdom has none). */
export function fakeResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const byName = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const response = {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 404 ? 'Not Found' : '',
    headers: { get: (name: string) => byName.get(name.toLowerCase()) ?? null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
  return response as unknown as Response;
}

/** The fixtures answered during the current test that their documented route would not answer. */
const mismatches: string[] = [];

// A wrong fixture answered by a function or a promise fails the test that it was answered in.
afterEach(() => {
  const found = mismatches.splice(0);
  if (found.length > 0) throw new Error(found.join('\n'));
});

/**
 * Notes a fake answer (of `mockFetch`, or of another stand-in such as the uploads' fake XMLHttpRequest) that its
 * documented route would not answer: the test fails after it ends.
 */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  const mismatch = answerMismatch(method, url, status, body);
  if (mismatch) mismatches.push(mismatch);
}

/** Throws when a fixture given as it is (not by a function or a promise) is not its route's documented answer. */
function checkFixtures(routes: FakeRoutes): void {
  for (const [key, answer] of Object.entries(routes)) {
    if (typeof answer === 'function' || answer instanceof Promise) continue;
    const [method = '', url = ''] = key.split(' ', 2);
    const mismatch = answerMismatch(method, url, answer.status, answer.body);
    if (mismatch) throw new Error(mismatch);
  }
}

/**
 * Replaces `fetch` with a table of answers keyed by `"METHOD /path"` (query strings included). Unknown calls answer
 * 404 `{"Error": "not found"}`. `setCookie` writes `document.cookie`, like a server's Set-Cookie would. Returns the
 * recorded calls. A successful answer of an `/api` route must be what the services' OpenAPI documents describe for
 * it: a wrong fixture fails the test (at once, or after it when a function or a promise answers it).
 */
export function mockFetch(routes: FakeRoutes): FakeCall[] {
  checkFixtures(routes);
  const calls: FakeCall[] = [];
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      headers[key.toLowerCase()] = value;
    }
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: FakeCall = { method, url, headers, body, credentials: init.credentials };
    calls.push(call);
    const route = routes[`${method} ${url}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) return fakeResponse(404, { Error: 'not found' });
    const { status, body: responseBody, setCookie, headers: responseHeaders } = await answer;
    if (setCookie) document.cookie = setCookie;
    checkAnswer(method, url, status, responseBody);
    return fakeResponse(status, responseBody, responseHeaders);
  };
  globalThis.fetch = jest.fn(fake) as typeof fetch;
  return calls;
}

/** Clicks inside an awaited `act`, so that what the click suspends on (a remote, a lazy page) can settle. */
export async function click(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Removes every cookie readable by scripts. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export const adminUser: SessionUser = {
  uuid: 'u-admin',
  username: 'maria',
  firstname: 'Μαρία',
  lastname: 'Παπαδοπούλου',
  email: 'maria@example.org',
  role: 'admin',
};

export const participantUser: SessionUser = {
  uuid: 'u-part',
  username: 'nikos',
  firstname: 'Νίκος',
  lastname: 'Νικολάου',
  email: 'nikos@example.org',
  role: 'authorized',
};

/** Shows the current path, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderWebOptions {
  /** initial URL */
  route?: string;
  /** the logged-in user; null for a logged-out visitor; undefined leaves the session pending */
  user?: SessionUser | null;
  locale?: Locale;
  messages?: Catalogue;
  /** also render LocationProbe */
  probe?: boolean;
}

export type RenderWebResult = RenderResult & { store: ReturnType<typeof createStore> };

/**
 * Renders like the shell does: jotai store, a fresh SWR cache, MessagesProvider and a MemoryRouter. Rendering
 * happens inside an awaited `act`, so components that suspend (remotes, lazy pages) settle as in a browser.
 */
export async function renderWeb(ui: ReactElement, options: RenderWebOptions = {}): Promise<RenderWebResult> {
  const store = createStore();
  if (options.user !== undefined) {
    store.set(sessionUserAtom, options.user);
    store.set(sessionStatusAtom, options.user ? 'loggedIn' : 'loggedOut');
  }
  store.set(localeAtom, options.locale ?? 'en');
  const messages = options.messages ?? { el: {}, en: {} };
  const wrap = (children: ReactNode) => (
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <MessagesProvider messages={messages}>
          <MemoryRouter initialEntries={[options.route ?? '/']}>
            {children}
            {options.probe && <LocationProbe />}
          </MemoryRouter>
        </MessagesProvider>
      </SWRConfig>
    </Provider>
  );
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(wrap(ui));
  });
  if (!result) throw new Error('render failed');
  return { ...result, store };
}
