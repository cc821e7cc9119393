import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Link, MemoryRouter } from 'react-router-dom';
import { localeAtom, MessagesProvider } from '@agora/platform';
import { click, renderGuardApp, where } from '../../../../scripts/jest/leave-guard-app';
import { useLeaveGuard } from './useLeaveGuard';

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

describe('useLeaveGuard', () => {
  it('lets a clean form go without asking', async () => {
    renderGuardApp(<EditPage />);
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(where()).toBe('/elsewhere');
  });

  it('asks before leaving a form with unsaved changes: stay keeps the page, leave goes on', async () => {
    renderGuardApp(<EditPage />);
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
    renderGuardApp(<EditPage />, 'el');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'draft' } });
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('alertdialog', { name: 'Έχετε αλλαγές που δεν αποθηκεύτηκαν' })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Παραμονή στη σελίδα' }));
    await click(screen.getByRole('button', { name: 'Save' }));
    await click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(where()).toBe('/elsewhere');
  });

  it('makes the browser ask before closing or reloading the tab while dirty', async () => {
    renderGuardApp(<EditPage />);
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
