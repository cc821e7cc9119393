import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Notifications } from '@agora/platform';
import { clearCookies, click, mockFetch, participantUser, renderWeb } from '../../../../scripts/jest/web';
import { shellMessages } from '../../i18n';
import { ProfilePage } from '../ProfilePage';

const profile = { ...participantUser, phone: null, address: null, locale: 'en', results_mail: false };

const LABEL = {
  en: 'E-mail me when a consultation I answered publishes its results',
  el: 'Να λαμβάνω e-mail όταν μια διαβούλευση στην οποία συμμετείχα δημοσιεύει τα αποτελέσματά της',
} as const;

function open(locale: 'el' | 'en') {
  return renderWeb(
    <>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
      </Routes>
      <Notifications />
    </>,
    { route: '/profile', user: participantUser, locale, messages: shellMessages },
  );
}

const notes = () =>
  screen.queryAllByTestId('notification').map((n) => n.textContent?.replace('×', '').trim() ?? '');

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=t';
});

describe('ProfilePage: the e-mail of published results', () => {
  it.each([
    ['en', 'You will be e-mailed when a consultation you answered publishes its results.'],
    [
      'el',
      'Θα λαμβάνετε e-mail όταν μια διαβούλευση στην οποία συμμετείχατε δημοσιεύει τα αποτελέσματά της.',
    ],
  ] as const)(
    'is off until the user turns it on, and saves that alone at once (%s)',
    async (locale, saved) => {
      const calls = mockFetch({
        'GET /api/profile': { status: 200, body: profile },
        'PUT /api/profile': { status: 200, body: { ...profile, results_mail: true } },
      });
      await open(locale);
      const box = (await screen.findByLabelText(LABEL[locale])) as HTMLInputElement;
      expect(box.type).toBe('checkbox');
      expect(box.checked).toBe(false);
      await click(box);
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ results_mail: true }]);
      expect(((await screen.findByLabelText(LABEL[locale])) as HTMLInputElement).checked).toBe(true);
      expect(notes()).toEqual([saved]);
    },
  );

  it('turns it off again', async () => {
    const calls = mockFetch({
      'GET /api/profile': { status: 200, body: { ...profile, results_mail: true } },
      'PUT /api/profile': { status: 200, body: profile },
    });
    await open('en');
    const box = (await screen.findByLabelText(LABEL.en)) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await click(box);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ results_mail: false }]);
    expect((screen.getByLabelText(LABEL.en) as HTMLInputElement).checked).toBe(false);
    expect(notes()).toEqual(['You will no longer be e-mailed about published results.']);
  });

  it('says why it could not be saved and keeps what is stored', async () => {
    mockFetch({
      'GET /api/profile': { status: 200, body: profile },
      'PUT /api/profile': { status: 400, body: { Error: 'missing parameters', code: 'REQUEST.INVALID' } },
    });
    await open('en');
    const box = (await screen.findByLabelText(LABEL.en)) as HTMLInputElement;
    await click(box);
    expect((screen.getByLabelText(LABEL.en) as HTMLInputElement).checked).toBe(false);
    expect(notes()).toEqual(['The request is not valid.']);
  });

  it('explains it on the policy page', async () => {
    const { PolicyPage } = await import('../PolicyPage');
    mockFetch({});
    await renderWeb(<PolicyPage />, { route: '/policy', user: null, locale: 'en', messages: shellMessages });
    expect((await screen.findByTestId('policy-resultsMail')).textContent).toMatch(
      /Only if you turn it on in your profile/,
    );
  });
});
