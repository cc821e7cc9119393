// The address picker against a real geocoder: a local Nominatim-compatible HTTP server (e2e/support/geocoder.ts)
// that the admin sets as the site's geocoder URL in the general settings. On the profile, a complete address is
// looked up (forward), a click on the map fills the address in (reverse), and with the geocoder gone the picker
// says so and the profile still saves, in Chromium, in Greek and in English.
import type { Browser, Page } from 'playwright-core';
import { typedApi } from './support/api.js';
import { startGeocoder, type GeocoderPlace, type LocalGeocoder } from './support/geocoder.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { startTestSite, type TestSite } from './support/site.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'address-admin-pw1';

const ATHENS: GeocoderPlace = {
  lat: 37.97615,
  lon: 23.72807,
  road: 'Ερμού',
  house_number: '12',
  city: 'Αθήνα',
  postcode: '105 63',
};
const THESSALONIKI: GeocoderPlace = {
  lat: 40.62642,
  lon: 22.94843,
  road: 'Εγνατίας',
  house_number: '12',
  city: 'Θεσσαλονίκη',
  postcode: '546 30',
};

describe('the address picker with a geocoder', () => {
  let stack: TestSite;
  let geocoder: LocalGeocoder;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    geocoder = await startGeocoder([ATHENS, THESSALONIKI]);
    stack = await startTestSite('address', ADMIN_PASSWORD, {
      // the browser calls the geocoder itself: the site's Content-Security-Policy must allow it
      CSP_CONNECT_SRC: geocoder.url,
    });
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
    await geocoder?.stop();
  });

  const field = (page: Page, name: string) =>
    page.getByTestId('profile-form').locator(`input[name="${name}"]`);

  async function profileLocation(page: Page): Promise<{ lat: number; lon: number } | null> {
    return (await typedApi(page.context()).GET('/api/profile')).location;
  }

  async function saved(page: Page, text: string): Promise<void> {
    await page.getByTestId('profile-submit').click();
    await page.getByTestId('notification').filter({ hasText: text }).first().waitFor();
  }

  it('points the site at the geocoder from the general settings', async () => {
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/admin/settings/general');
    await page.locator('input[name="geocoderUrl"]').fill(geocoder.url);
    await page.getByTestId('settings-submit').click();
    await page.getByTestId('notification').filter({ hasText: 'Settings updated' }).first().waitFor();
    const settings = await typedApi(context).GET('/api/settings');
    expect(settings.geocoderUrl).toBe(geocoder.url);
    await context.close();
  });

  it('fills the address from a click on the map, then finds a typed address (el)', async () => {
    const context = await newContext(browser, stack.url, { locale: 'el' });
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/profile');
    const map = page.getByTestId('point-map');
    await map.locator('.leaflet-tile-pane').waitFor({ state: 'attached' });
    expect(await page.locator('.ag-map-marker').count()).toBe(0);

    // reverse: a click on the map places the marker and asks the geocoder what is there
    await map.click({ position: { x: 60, y: 60 } });
    await page.locator('.ag-map-marker').waitFor();
    await until(
      () => field(page, 'street').inputValue(),
      (v) => v === ATHENS.road,
      'the reverse lookup',
    );
    expect(await field(page, 'house_number').inputValue()).toBe(ATHENS.house_number);
    expect(await field(page, 'town').inputValue()).toBe(ATHENS.city);
    expect(await field(page, 'zip').inputValue()).toBe(ATHENS.postcode);
    const reverse = geocoder.requests.filter((r) => r.path === '/reverse');
    expect(reverse).toHaveLength(1);
    expect(reverse[0]!.query.get('format')).toBe('json');
    expect(Number(reverse[0]!.query.get('lat'))).toBeGreaterThan(37);
    // the reverse answer is not looked up again
    expect(geocoder.requests.filter((r) => r.path === '/search')).toHaveLength(0);

    // forward: a complete address is looked up once, with all four parts, and moves the marker there
    await field(page, 'street').fill(THESSALONIKI.road);
    await field(page, 'town').fill(THESSALONIKI.city);
    await field(page, 'zip').fill(THESSALONIKI.postcode);
    await until(
      () => geocoder.requests.filter((r) => r.path === '/search').length,
      (n) => n >= 1,
      'the forward lookup',
    );
    await page.locator('.ag-map-marker').waitFor();
    const search = geocoder.requests.find((r) => r.path === '/search')!.query;
    expect(Object.fromEntries(search)).toMatchObject({
      format: 'json',
      street: '12 Εγνατίας',
      city: 'Θεσσαλονίκη',
      postalcode: '54630',
    });
    await until(
      () => page.getByTestId('geocoder-status').textContent(),
      (t) => t === '',
      'the lookup to end',
    );
    expect(geocoder.requests.filter((r) => r.path === '/search')).toHaveLength(1);
    await saved(page, 'Επιτυχής ενημέρωση');
    expect(await profileLocation(page)).toEqual({ lat: THESSALONIKI.lat, lon: THESSALONIKI.lon });
    const profile = await typedApi(context).GET('/api/profile');
    expect(profile.address).toBe('Εγνατίας+12+Θεσσαλονίκη+546 30');
    await context.close();
  });

  it('says when an address is not on the map (en)', async () => {
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/profile');
    await field(page, 'zip').fill('999 99');
    await page
      .getByTestId('geocoder-status')
      .filter({ hasText: 'The address was not found on the map.' })
      .waitFor();
    // the marker stays where it was
    expect(await profileLocation(page)).toEqual({ lat: THESSALONIKI.lat, lon: THESSALONIKI.lon });
    await context.close();
  });

  it('keeps working when the geocoder cannot be reached (en)', async () => {
    await geocoder.stop();
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/profile');
    await field(page, 'street').fill('Σταδίου');
    await field(page, 'house_number').fill('5');
    await field(page, 'town').fill('Αθήνα');
    await field(page, 'zip').fill('105 62');
    const status = page.getByTestId('geocoder-status');
    await status.filter({ hasText: 'The address lookup is not available right now' }).waitFor();
    // the marker can still be placed by hand, and the profile saves
    await page.getByTestId('point-map').click({ position: { x: 80, y: 80 } });
    await saved(page, 'Successful update');
    const profile = await typedApi(context).GET('/api/profile');
    expect(profile.address).toBe('Σταδίου+5+Αθήνα+105 62');
    expect(profile.location).not.toBeNull();
    expect(profile.location).not.toEqual({ lat: THESSALONIKI.lat, lon: THESSALONIKI.lon });
    await context.close();
  });
});
