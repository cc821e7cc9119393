import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { localeAtom, MessagesProvider } from '@agora/platform';
import { useLeaveGuard } from './useLeaveGuard';

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

function EditPage() {
  const [text, setText] = useState('');
  const { dialog } = useLeaveGuard(text !== '');
  return (
    <>
      <label>
        Title
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="button" onClick={() => setText('')}>
        Save
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      {dialog}
    </>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderApp(locale: 'el' | 'en' = 'en') {
  const store = createStore();
  store.set(localeAtom, locale);
  const router = createMemoryRouter(
    [
      {
        path: '/edit',
        element: (
          <>
            <EditPage />
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

const where = () => screen.getByTestId('where').textContent;

async function click(el: Element) {
  await act(async () => {
    fireEvent.click(el);
  });
}

describe('useLeaveGuard', () => {
  it('lets a clean form go without asking', async () => {
    renderApp();
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(where()).toBe('/elsewhere');
  });

  it('asks before leaving a form with unsaved changes: stay keeps the page, leave goes on', async () => {
    renderApp();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'draft' } });
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // focus starts on the safe choice
    expect(document.activeElement?.textContent).toBe('Stay on the page');
    await click(screen.getByRole('button', { name: 'Stay on the page' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(where()).toBe('/edit');

    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(where()).toBe('/edit');

    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    await click(screen.getByRole('button', { name: 'Leave the page' }));
    expect(where()).toBe('/elsewhere');
  });

  it('speaks Greek and lets the page go once the changes are saved', async () => {
    renderApp('el');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'draft' } });
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('alertdialog', { name: 'Έχετε αλλαγές που δεν αποθηκεύτηκαν' })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Παραμονή στη σελίδα' }));
    await click(screen.getByRole('button', { name: 'Save' }));
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(where()).toBe('/elsewhere');
  });

  it('makes the browser ask before closing or reloading the tab while dirty', async () => {
    renderApp();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'draft' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('still guards the tab under a plain (non-data) router', async () => {
    const store = createStore();
    store.set(localeAtom, 'en');
    render(
      <Provider store={store}>
        <MessagesProvider messages={{ el: {}, en: {} }}>
          <MemoryRouter initialEntries={['/edit']}>
            <EditPage />
          </MemoryRouter>
        </MessagesProvider>
      </Provider>,
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'draft' } });
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
