import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { Notifications } from '@agora/platform';
import { adminUser, clearCookies, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { shellMessages } from '../i18n';
import { GeneralSettingsPage } from './GeneralSettingsPage';
import type { MapViewPickerProps } from './MapViewPicker';

// Leaflet needs a real browser: the map is a stand-in that shows its view and can be "panned and zoomed".
jest.mock('./MapViewPicker', () => ({
  __esModule: true,
  default: ({ view, onChange, label }: MapViewPickerProps) => (
    <div data-testid="settings-map" aria-label={label}>
      <output data-testid="map-view">{`${view.lat};${view.lng};${view.zoom}`}</output>
      <button type="button" onClick={() => onChange({ lat: 38.246, lng: 21.735, zoom: 13 })}>
        pan
      </button>
    </div>
  ),
}));

const SETTINGS = {
  map: { center: { lat: 40.33, lng: 21.61 }, zoom: 7 },
  isOpenAuthEnabled: false,
  isGoogleAuthEnabled: false,
  isFacebookAuthEnabled: false,
  openAuthTitle: '',
  multilingual: true,
  locales: ['el', 'en'],
  registration: true,
  geocoderUrl: '',
};

function render(locale: 'el' | 'en' = 'en') {
  return renderWeb(
    <>
      <Routes>
        <Route path="/admin/settings/general" element={<GeneralSettingsPage />} />
      </Routes>
      <Notifications />
    </>,
    { route: '/admin/settings/general', user: adminUser, locale, messages: shellMessages },
  );
}

function notes(): string[] {
  return screen.queryAllByTestId('notification').map((n) => n.textContent?.replace('×', '').trim() ?? '');
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)), { target: { value } });
}

beforeEach(() => {
  clearCookies();
  document.cookie = 'token=t';
});

describe('GeneralSettingsPage', () => {
  it.each([
    [200, 'Settings updated'],
    [400, 'Missing parameters'],
    [415, 'Wrong file type'],
    [503, 'Could not write to the file system'],
    [500, 'Missing parameters'],
  ])('answers %s with "%s"', async (status, text) => {
    const calls = mockFetch({
      'GET /api/settings': { status: 200, body: SETTINGS },
      'POST /api/settings/scope/general': { status, body: status === 200 ? {} : { Error: 'x' } },
    });
    await render();
    fill('Zoom', '9');
    fireEvent.click(screen.getByLabelText('Visitors can sign up'));
    await click(screen.getByTestId('settings-submit'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      map: { center: { lat: 40.33, lng: 21.61 }, zoom: 9 },
      registration: false,
      multilingual: true,
    });
    expect(notes()).toEqual([text]);
  });

  it('takes the centre and zoom from the map, and moves the map to typed values', async () => {
    const calls = mockFetch({
      'GET /api/settings': { status: 200, body: SETTINGS },
      'POST /api/settings/scope/general': { status: 200, body: { message: 'settings updated' } },
    });
    await render();
    expect(screen.getByTestId('map-view').textContent).toBe('40.33;21.61;7');
    fireEvent.click(screen.getByRole('button', { name: 'pan' }));
    expect((screen.getByLabelText(/^Centre latitude/) as HTMLInputElement).value).toBe('38.246');
    expect((screen.getByLabelText(/^Centre longitude/) as HTMLInputElement).value).toBe('21.735');
    expect((screen.getByLabelText(/^Zoom/) as HTMLInputElement).value).toBe('13');
    fill('Zoom', '11');
    expect(screen.getByTestId('map-view').textContent).toBe('38.246;21.735;11');
    await click(screen.getByTestId('settings-submit'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      map: { center: { lat: 38.246, lng: 21.735 }, zoom: 11 },
    });
  });

  it('saves the sign-in flags, the single sign-on title, the languages and the registration in one call', async () => {
    const calls = mockFetch({
      'GET /api/settings': { status: 200, body: SETTINGS },
      'POST /api/settings/scope/general': { status: 200, body: { message: 'settings updated' } },
    });
    await render();
    for (const label of [
      'Log in with Google',
      'Log in with Facebook',
      'Log in with single sign-on (OpenID Connect)',
      'Multilingual (language menu)',
      'Visitors can sign up',
    ]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    fill('Single sign-on button title', '  Δήμος SSO ');
    await click(screen.getByTestId('settings-submit'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/settings/scope/general']);
    expect(posts[0]!.body).toEqual({
      map: { center: { lat: 40.33, lng: 21.61 }, zoom: 7 },
      isGoogleAuthEnabled: true,
      isFacebookAuthEnabled: true,
      isOpenAuthEnabled: true,
      openAuthTitle: 'Δήμος SSO',
      multilingual: false,
      registration: false,
      geocoderUrl: null,
    });
    expect(notes()).toEqual(['Settings updated']);
  });

  it('speaks Greek', async () => {
    mockFetch({ 'GET /api/settings': { status: 200, body: SETTINGS } });
    await render('el');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Γενικές ρυθμίσεις');
    expect(screen.getByTestId('settings-map').getAttribute('aria-label')).toMatch(
      /^Χάρτης της αρχικής προβολής/,
    );
  });
});
