import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { SHARED_SETTING_DEFAULTS } from '@agora/contracts';
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
  ...SHARED_SETTING_DEFAULTS,
  registration: true,
  geocoderUrl: '',
  configuredLogins: { open: true, google: true, facebook: true },
};

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** The centre is typed in a coordinate system: EPSG:4326 shows latitude and longitude. */
async function chooseCrs(code: string) {
  await act(async () => {
    fireEvent.change(await screen.findByLabelText(/^(Coordinate system|Σύστημα συντεταγμένων)/), {
      target: { value: code },
    });
  });
}

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
    await chooseCrs('EPSG:4326');
    fireEvent.click(screen.getByRole('button', { name: 'pan' }));
    expect(input(/^Latitude/).value).toBe('38.246');
    expect(input(/^Longitude/).value).toBe('21.735');
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

  it('types the centre in EPSG:2100 first, or EPSG:4326 or EPSG:3857, and saves it in EPSG:4326', async () => {
    const calls = mockFetch({
      'GET /api/settings': { status: 200, body: SETTINGS },
      'POST /api/settings/scope/general': { status: 200, body: { message: 'settings updated' } },
    });
    await render();
    expect(((await screen.findByLabelText(/^Coordinate system/)) as HTMLSelectElement).value).toBe(
      'EPSG:2100',
    );
    // Athens, Syntagma square, in the Greek Grid
    fireEvent.change(input(/^X \(easting\)/), { target: { value: '475920.265' } });
    fireEvent.change(input(/^Y \(northing\)/), { target: { value: '4203764.699' } });
    const [lat, lng] = screen.getByTestId('map-view').textContent!.split(';').map(Number);
    expect(lat).toBeCloseTo(37.9838, 5);
    expect(lng).toBeCloseTo(23.7275, 5);
    await click(screen.getByTestId('settings-submit'));
    const body = calls.find((c) => c.method === 'POST')?.body as {
      map: { center: { lat: number; lng: number } };
    };
    expect(body.map.center.lat).toBeCloseTo(37.9838, 5);
    expect(body.map.center.lng).toBeCloseTo(23.7275, 5);
  });

  it.each([
    ['en', 'The value must be between 33.23 and 41.77.', 'The zoom must be a whole number from 1 to 19.'],
    ['el', 'Η τιμή πρέπει να είναι από 33.23 έως 41.77.', 'Η εστίαση πρέπει να είναι ακέραιος από 1 έως 19.'],
  ] as const)(
    'checks the centre and the zoom in the page, not with the browser bubble (%s), and sends nothing',
    async (locale, range, zoom) => {
      const calls = mockFetch({ 'GET /api/settings': { status: 200, body: SETTINGS } });
      await render(locale);
      expect(screen.getByTestId('settings-form').hasAttribute('novalidate')).toBe(true);
      await chooseCrs('EPSG:4326');
      const lat = input(locale === 'en' ? /^Latitude/ : /^Γεωγραφικό πλάτος/);
      fireEvent.change(lat, { target: { value: '95' } });
      fill(locale === 'en' ? 'Zoom' : 'Εστίαση', '25');
      await click(screen.getByTestId('settings-submit'));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      expect(lat.getAttribute('aria-invalid')).toBe('true');
      expect(
        document.getElementById(lat.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
      ).toBe(range);
      const zoomInput = input(locale === 'en' ? /^Zoom/ : /^Εστίαση/);
      expect(zoomInput.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText(zoom)).toBeTruthy();
      expect(notes()).toEqual([
        locale === 'en' ? 'The form contains invalid fields' : 'Η φόρμα περιέχει μη έγκυρα πεδία',
      ]);
    },
  );

  it.each([
    [
      'en',
      'Log in with Google',
      'The server has no credentials for this login: set them in its configuration first.',
    ],
    [
      'el',
      'Σύνδεση με Google',
      'Ο διακομιστής δεν έχει διαπιστευτήρια για αυτή τη σύνδεση: ορίστε τα πρώτα στις ρυθμίσεις του.',
    ],
  ] as const)(
    'disables a login whose provider the server has no credentials for, and says why (%s)',
    async (locale, label, reason) => {
      mockFetch({
        'GET /api/settings': {
          status: 200,
          body: { ...SETTINGS, configuredLogins: { open: true, google: false, facebook: false } },
        },
      });
      await render(locale);
      const google = screen.getByLabelText(label) as HTMLInputElement;
      expect(google.disabled).toBe(true);
      expect(document.getElementById(google.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        reason,
      );
      expect((screen.getByLabelText(/OpenID Connect/) as HTMLInputElement).disabled).toBe(false);
    },
  );

  it('shows the translated refusal of an unconfigured login', async () => {
    mockFetch({
      'GET /api/settings': { status: 200, body: SETTINGS },
      'POST /api/settings/scope/general': {
        status: 400,
        body: {
          Error: 'this login provider has no credentials on the server',
          code: 'ACCOUNTS.OAUTH_NOT_CONFIGURED',
        },
      },
    });
    await render();
    fireEvent.click(screen.getByLabelText('Log in with Google'));
    await click(screen.getByTestId('settings-submit'));
    expect(notes()).toEqual(['This login provider cannot be enabled: the server has no credentials for it.']);
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
