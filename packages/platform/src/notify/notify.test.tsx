import { act, fireEvent, screen } from '@testing-library/react';
import { renderWeb } from '../../../../scripts/jest/web';
import { Notifications } from './Notifications';
import { NOTIFICATION_LIFETIME_MS, notificationsAtom, pushNotification } from './notify';

afterEach(() => {
  jest.useRealTimers();
});

function texts(): string[] {
  return screen.queryAllByTestId('notification').map((n) => n.textContent?.replace('×', '').trim() ?? '');
}

describe('notifications', () => {
  it('shows a spec message translated, in an aria-live region', async () => {
    const { store, unmount } = await renderWeb(<Notifications />, { locale: 'en' });
    await act(async () => {
      pushNotification(store, { type: 'success', body: 'data posted' });
    });
    expect(texts()).toEqual(['Data posted']);
    expect(screen.getByTestId('notifications').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('notification').getAttribute('data-type')).toBe('success');
    unmount();
    const greek = await renderWeb(<Notifications />, { locale: 'el' });
    await act(async () => {
      pushNotification(greek.store, { type: 'warning', body: 'passwords do not match' });
      pushNotification(greek.store, { type: 'info', body: 'a text of the server' });
    });
    expect(texts()).toEqual(['Οι κωδικοί δεν ταιριάζουν', 'a text of the server']);
  });

  it('removes a notification after 5000 ms × its duration', async () => {
    jest.useFakeTimers();
    const { store } = await renderWeb(<Notifications />, { locale: 'en' });
    await act(async () => {
      pushNotification(store, { type: 'success', body: 'data deleted' });
      pushNotification(store, { type: 'success', body: 'successful registration', duration: 3 });
    });
    expect(texts()).toEqual(['Data deleted', 'Successful registration']);
    await act(async () => {
      jest.advanceTimersByTime(NOTIFICATION_LIFETIME_MS - 1);
    });
    expect(texts()).toHaveLength(2);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(texts()).toEqual(['Successful registration']);
    await act(async () => {
      jest.advanceTimersByTime(NOTIFICATION_LIFETIME_MS * 2 - 1);
    });
    expect(texts()).toEqual(['Successful registration']);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(texts()).toEqual([]);
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it('shows the same message sent again once, as the newest, for a full lifetime again', async () => {
    jest.useFakeTimers();
    const { store } = await renderWeb(<Notifications />, { locale: 'en' });
    await act(async () => {
      pushNotification(store, { type: 'warning', body: 'form contains non valid elements' });
      pushNotification(store, { type: 'warning', body: 'passwords do not match' });
    });
    await act(async () => {
      jest.advanceTimersByTime(NOTIFICATION_LIFETIME_MS - 1);
      pushNotification(store, { type: 'warning', body: 'form contains non valid elements' });
    });
    expect(texts()).toEqual(['Passwords do not match', 'The form contains invalid fields']);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(texts()).toEqual(['The form contains invalid fields']);
    // another type or other values are another message
    await act(async () => {
      pushNotification(store, { type: 'danger', body: 'form contains non valid elements' });
    });
    expect(texts()).toHaveLength(2);
  });

  it('can be closed by hand', async () => {
    const { store } = await renderWeb(<Notifications />, { locale: 'en' });
    await act(async () => {
      pushNotification(store, { type: 'danger', body: 'unknown error' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(texts()).toEqual([]);
  });
});
