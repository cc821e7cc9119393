import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Notifications } from '@agora/platform';
import { adminUser, clearCookies, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import { PolicyPage } from '../pages/PolicyPage';
import { SiteTextsPage } from './SiteTextsPage';

const STORED = {
  el: { title: 'Πολιτική', body: '<p>Κείμενο</p>' },
  en: { title: '', body: '' },
};

function renderEditor(scope: 'frontpage' | 'policy', locale: 'el' | 'en' = 'en') {
  return renderWeb(
    <>
      <Routes>
        <Route path={`/admin/settings/${scope}`} element={<SiteTextsPage scope={scope} />} />
      </Routes>
      <Notifications />
    </>,
    { route: `/admin/settings/${scope}`, user: adminUser, locale, messages: shellMessages },
  );
}

const notes = () =>
  screen.queryAllByTestId('notification').map((n) => n.textContent?.replace('×', '').trim() ?? '');
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=t';
});

describe('SiteTextsPage', () => {
  it('edits both languages in tabs, previews in a sandboxed frame and saves both in one call', async () => {
    const calls = mockFetch({
      'GET /api/settings/scope/policy': { status: 200, body: STORED },
      'POST /api/settings/scope/policy': (call) => ({ status: 200, body: call.body }),
    });
    await renderEditor('policy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
    expect(field(/^Title/).value).toBe('Πολιτική');
    const preview = screen.getByTestId('html-preview') as HTMLIFrameElement;
    expect(preview.getAttribute('sandbox')).toBe('');
    expect(preview.getAttribute('srcdoc')).toContain('<p>Κείμενο</p>');

    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(field(/^Title/), { target: { value: 'Policy' } });
    fireEvent.change(field(/^Text \(HTML\)/), { target: { value: '<h2>Data</h2>' } });
    expect(screen.getByTestId('html-preview').getAttribute('srcdoc')).toContain('<h2>Data</h2>');
    // the Greek text is kept while the English one is edited
    fireEvent.click(screen.getByRole('tab', { name: 'Greek' }));
    expect(field(/^Title/).value).toBe('Πολιτική');

    await click(screen.getByTestId('site-texts-submit'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      el: { title: 'Πολιτική', body: '<p>Κείμενο</p>' },
      en: { title: 'Policy', body: '<h2>Data</h2>' },
    });
    expect(notes()).toEqual(['Settings updated']);
  });

  it('says why a save was refused, in Greek too', async () => {
    mockFetch({
      'GET /api/settings/scope/frontpage': { status: 200, body: STORED },
      'POST /api/settings/scope/frontpage': {
        status: 400,
        body: { Error: 'missing parameters', code: 'ACCOUNTS.MISSING_PARAMETERS' },
      },
    });
    await renderEditor('frontpage', 'el');
    expect(await screen.findByRole('heading', { name: 'Αρχική σελίδα' })).toBeTruthy();
    fireEvent.change(field(/^Τίτλος/), { target: { value: 'Καλώς ήρθατε' } });
    await click(screen.getByTestId('site-texts-submit'));
    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toMatch(/[α-ω]/);
  });
});

describe('PolicyPage', () => {
  function renderPolicy(locale: 'el' | 'en') {
    return renderWeb(
      <Routes>
        <Route path="/policy" element={<PolicyPage />} />
      </Routes>,
      { route: '/policy', user: null, locale, messages: shellMessages },
    );
  }

  it("shows the administrator's text in the visitor's language", async () => {
    mockFetch({
      'GET /api/settings/scope/policy': {
        status: 200,
        body: { el: STORED.el, en: { title: 'Our policy', body: '<p>We keep <b>little</b>.</p>' } },
      },
    });
    await renderPolicy('en');
    expect(await screen.findByRole('heading', { name: 'Our policy' })).toBeTruthy();
    expect(screen.getByTestId('policy-text').innerHTML).toBe('<p>We keep <b>little</b>.</p>');
  });

  it('falls back to the other language, then to the default text', async () => {
    mockFetch({ 'GET /api/settings/scope/policy': { status: 200, body: STORED } });
    const { unmount } = await renderPolicy('en');
    expect(await screen.findByRole('heading', { name: 'Πολιτική' })).toBeTruthy();
    expect(screen.getByTestId('policy-text').textContent).toBe('Κείμενο');
    unmount();

    mockFetch({
      'GET /api/settings/scope/policy': {
        status: 200,
        body: { el: { title: '', body: '' }, en: { title: '', body: '' } },
      },
    });
    await renderPolicy('el');
    expect(await screen.findByTestId('policy-controller')).toBeTruthy();
    expect(screen.queryByTestId('policy-text')).toBeNull();
  });

  it('shows the default text when the policy cannot be read', async () => {
    mockFetch({ 'GET /api/settings/scope/policy': { status: 500, body: { Error: 'x' } } });
    await renderPolicy('en');
    expect(await screen.findByTestId('policy-controller')).toBeTruthy();
  });
});
