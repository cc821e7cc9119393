// Test support for the leave guards (jest project `web`): a data router with the page under test at /edit and a page
// /elsewhere.
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { localeAtom, MessagesProvider } from '@agora/platform';

// A data router builds a Request per navigation; jsdom has none. The little it reads is enough here.
if (typeof globalThis.Request === 'undefined') {
  class MiniRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    readonly headers = new Map<string, string>();
    constructor(url: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(url);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? undefined;
    }
  }
  Object.assign(globalThis, { Request: MiniRequest });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders `page` at /edit (with the current path shown) in `locale`; a link to /elsewhere leaves it. */
export function renderGuardApp(page: ReactNode, locale: 'el' | 'en' = 'en') {
  const store = createStore();
  store.set(localeAtom, locale);
  const router = createMemoryRouter(
    [
      {
        path: '/edit',
        element: (
          <>
            {page}
            <Where />
          </>
        ),
      },
      { path: '/elsewhere', element: <Where /> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <Provider store={store}>
      <MessagesProvider messages={{ el: {}, en: {} }}>
        <RouterProvider router={router} />
      </MessagesProvider>
    </Provider>,
  );
}

/** The path the router is at. */
export const where = () => screen.getByTestId('where').textContent;

/** A click whose effects (state updates, navigation) have settled. */
export async function click(el: Element) {
  await act(async () => {
    fireEvent.click(el);
  });
}
