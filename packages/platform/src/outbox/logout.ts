// What logging out does with the outbox (decision 0093): the answers not sent yet are the user's personal data
// on the device, so logging out deletes them, after asking when there are some.
import { createIntl } from 'react-intl';
import el from '../messages/el.json';
import en from '../messages/en.json';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY } from '../locale';
import { clearOutbox, pendingCount } from './outbox';

function locale() {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * Before a logout: when the user has answers not sent yet, asks "N answers not sent yet will be deleted" (false:
 * the user keeps the session). Then the outbox is emptied. An outbox that cannot be read does not stop a logout.
 */
export async function leaveOutbox(user: string | undefined): Promise<boolean> {
  try {
    const n = user ? await pendingCount(user) : 0;
    if (n > 0) {
      const code = locale();
      const intl = createIntl({ locale: code, messages: code === 'el' ? el : en });
      if (!window.confirm(intl.formatMessage({ id: 'platform.outbox.logoutConfirm' }, { n }))) return false;
    }
    await clearOutbox();
  } catch {
    // no IndexedDB (a private window of some browsers): nothing is kept
  }
  return true;
}
