import { act, fireEvent, screen } from '@testing-library/react';
import { localeAtom } from '@agora/platform';
import { clearCookies, mockFetch, participantUser, renderWeb } from '../../../../scripts/jest/web';
import { shellMessages } from '../../i18n';
import { LanguageMenu } from '../../layout/LanguageMenu';

const SETTINGS = { multilingual: true, locales: ['el', 'en'] };

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=t';
});

describe('the language choice of a logged-in user', () => {
  it('is stored on the account, for the account mails', async () => {
    const calls = mockFetch({
      'GET /api/settings': { status: 200, body: SETTINGS },
      'PUT /api/profile': { status: 200, body: {} },
    });
    const { store } = await renderWeb(<LanguageMenu />, {
      user: participantUser,
      locale: 'en',
      messages: shellMessages,
    });
    await act(async () => {
      fireEvent.change(await screen.findByTestId('language-select'), { target: { value: 'el' } });
    });
    expect(store.get(localeAtom)).toBe('el');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/profile', { locale: 'el' }],
    ]);
  });

  it('is not sent for a visitor', async () => {
    const calls = mockFetch({ 'GET /api/settings': { status: 200, body: SETTINGS } });
    const { store } = await renderWeb(<LanguageMenu />, {
      user: null,
      locale: 'en',
      messages: shellMessages,
    });
    await act(async () => {
      fireEvent.change(await screen.findByTestId('language-select'), { target: { value: 'el' } });
    });
    expect(store.get(localeAtom)).toBe('el');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
