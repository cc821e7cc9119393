import { act, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { LOCALE_STORAGE_KEY, localeAtom, type Locale, type RemoteAppProps } from '@agora/platform';
import { mockFetch, renderWeb, type FakeReply } from '../../scripts/jest/web';
import { App } from './App';
import { shellMessages } from './i18n';
import { RemoteLoaderContext, type RemoteLoader } from './remotes/RemoteArea';

const Remote: ComponentType<RemoteAppProps> = () => <p data-testid="remote-app">remote</p>;
const loader: RemoteLoader = async () => Remote;

interface Case {
  settings: { multilingual: boolean; locales: string[] };
  /** the interface language before the settings arrive */
  current: Locale;
  /** whether the visitor has chosen a language (stored in this browser) */
  chosen: boolean;
}

/**
 * Renders the shell with the settings held back until the visitor's choice (or its absence) is in place, the way a
 * first visit looks: the settings arrive after the page has started with the built-in default.
 */
async function renderWithSettings({ settings, current, chosen }: Case) {
  let answer: (reply: FakeReply) => void = () => undefined;
  const pending = new Promise<FakeReply>((resolve) => {
    answer = resolve;
  });
  mockFetch({ 'GET /api/settings': pending });
  const rendered = await renderWeb(
    <RemoteLoaderContext value={loader}>
      <App />
    </RemoteLoaderContext>,
    { messages: shellMessages, route: '/login', user: null, locale: current },
  );
  // rendering sets the language through the atom, which stores it: put back what the case says
  if (!chosen) localStorage.removeItem(LOCALE_STORAGE_KEY);
  await act(async () => {
    answer({ status: 200, body: settings });
    await pending;
  });
  return rendered;
}

beforeEach(() => localStorage.clear());

describe('the default locale (spec part 1 §9: the first configured one)', () => {
  it('is used when the visitor has chosen none, even if the interface started in another language', async () => {
    const { store } = await renderWithSettings({
      settings: { multilingual: true, locales: ['en', 'el'] },
      current: 'el',
      chosen: false,
    });
    await waitFor(() => expect(store.get(localeAtom)).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByLabelText('Language')).toBeTruthy();
  });

  it('is Greek when Greek is configured first', async () => {
    const { store } = await renderWithSettings({
      settings: { multilingual: true, locales: ['el', 'en'] },
      current: 'en',
      chosen: false,
    });
    await waitFor(() => expect(store.get(localeAtom)).toBe('el'));
    expect(screen.getByLabelText('Γλώσσα')).toBeTruthy();
  });

  it('gives way to the language the visitor chose, when the site offers it', async () => {
    const { store } = await renderWithSettings({
      settings: { multilingual: true, locales: ['en', 'el'] },
      current: 'el',
      chosen: true,
    });
    // the settings have arrived (the dropdown needs them) and the choice still stands
    await screen.findByLabelText('Γλώσσα');
    expect(store.get(localeAtom)).toBe('el');
  });

  it('replaces a chosen language that is no longer offered', async () => {
    const { store } = await renderWithSettings({
      settings: { multilingual: true, locales: ['en'] },
      current: 'el',
      chosen: true,
    });
    await waitFor(() => expect(store.get(localeAtom)).toBe('en'));
    expect(screen.queryByTestId('language-select')).toBeNull();
  });

  it('is the only language of a site that is not multilingual, whatever was chosen before', async () => {
    const { store } = await renderWithSettings({
      settings: { multilingual: false, locales: ['en', 'el'] },
      current: 'el',
      chosen: true,
    });
    await waitFor(() => expect(store.get(localeAtom)).toBe('en'));
    expect(screen.queryByTestId('language-select')).toBeNull();
  });
});
