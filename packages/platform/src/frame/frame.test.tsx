import { act, fireEvent, screen } from '@testing-library/react';
import type { Role } from '@agora/contracts';
import { adminUser, participantUser, renderWeb } from '../../../../scripts/jest/web';
import { askConfirm, ConfirmHost } from './confirm';
import { StatusErrorPage } from './ErrorPages';
import { Permission } from './Permission';

describe('confirm', () => {
  async function open(locale: 'el' | 'en' = 'en', title = 'drop confirm') {
    const { store } = await renderWeb(
      <>
        <button type="button">outside</button>
        <ConfirmHost />
      </>,
      { locale },
    );
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = askConfirm(store, { title });
    });
    // wrapped: an async function returning the promise would wait for the answer
    return { answer };
  }

  it('asks with the spec texts and resolves true on Yes', async () => {
    const { answer } = await open('en');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this entry?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Do you wish to continue?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    });
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on No and on Esc, in Greek', async () => {
    const { answer: first } = await open('el', 'unenroll confirm');
    expect(screen.getByRole('alertdialog', { name: 'Αφαίρεση του μέλους από την κατηγορία;' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Όχι' }));
    });
    await expect(first).resolves.toBe(false);
  });

  it('closes on Esc with false and keeps Tab inside the dialog', async () => {
    const { answer } = await open('en');
    const yes = screen.getByRole('button', { name: 'Yes' });
    const no = screen.getByRole('button', { name: 'No' });
    no.focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });
    expect(document.activeElement).toBe(yes);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(no);
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    await expect(answer).resolves.toBe(false);
  });
});

describe('Permission', () => {
  it.each<[string, Role | Role[], boolean, boolean]>([
    ['a list containing the role', ['admin', 'editor'], true, false],
    ['a single role at or below', 'reviewer', true, false],
    ['authorized and above', 'authorized', true, true],
    ['guest, exactly', 'guest', false, false],
  ])('with %s', async (_label, roles, adminSees, participantSees) => {
    const ui = (
      <Permission roles={roles} fallback={<p>hidden</p>}>
        <p>secret</p>
      </Permission>
    );
    const a = await renderWeb(ui, { user: adminUser });
    expect(screen.queryByText('secret') !== null).toBe(adminSees);
    a.unmount();
    const p = await renderWeb(ui, { user: participantUser });
    expect(screen.queryByText('secret') !== null).toBe(participantSees);
    expect(screen.queryByText('hidden') !== null).toBe(!participantSees);
    p.unmount();
  });

  it('shows nothing to a logged-out visitor', async () => {
    await renderWeb(
      <Permission roles="guest">
        <p>secret</p>
      </Permission>,
      { user: null },
    );
    expect(screen.queryByText('secret')).toBeNull();
  });
});

describe('error pages', () => {
  it.each([
    [404, 'en', "Oops! You're lost.", 'The page you are looking for was not found.'],
    [410, 'en', 'Too late!', 'The page you are looking for does not exist anymore.'],
    [500, 'en', 'Houston, we have a problem!', 'The page you are looking for is temporarily unavailable.'],
    [410, 'el', 'Πολύ αργά!', 'Η σελίδα που αναζητάτε δεν υπάρχει πια.'],
    [500, 'el', 'Χιούστον, έχουμε πρόβλημα!', 'Η σελίδα που αναζητάτε δεν είναι προσωρινά διαθέσιμη.'],
  ] as const)('%s in %s', async (status, locale, title, text) => {
    await renderWeb(<StatusErrorPage status={status} />, { locale });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('is the no-permission page for a 403', async () => {
    await renderWeb(<StatusErrorPage status={403} />, { locale: 'el' });
    expect(screen.getByTestId('error-403').textContent).toContain('Δεν έχετε δικαίωμα πρόσβασης');
  });

  it('is the generic page for other statuses, with the fallback text', async () => {
    const { unmount } = await renderWeb(<StatusErrorPage status={422} message="not allowed" />, {
      locale: 'en',
    });
    const page = screen.getByTestId('error-page');
    expect(page.textContent).toContain('Something went wrong');
    expect(page.textContent).toContain('Error 422');
    expect(page.textContent).toContain('not allowed');
    expect(page.textContent).toContain('Please try again later');
    unmount();
    await renderWeb(<StatusErrorPage />, { locale: 'el' });
    expect(screen.getByTestId('error-page').textContent).toContain('απρόσμενο σφάλμα');
  });
});
