// Answers made offline, end to end, in Chromium at phone size with touch (decision 0093): a citizen loads the
// questionnaire online, loses the connection, answers with a point and its photo, a polygon and another point,
// sees them pending, closes the page; the page opened again in the same browser (IndexedDB survives) sends them
// when the connection is back: each answer stored once, with its photo; the one the server refuses meanwhile
// (its attribute's max_geom reached from another device) stays listed with its reason.
import { makeImage } from '@agora/common/uploads/fixtures';
import type { ApiClient } from '@agora/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { typedApi, typedApiAs } from './support/api.js';
import { newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'offline-admin-pw1';
const CITIZEN = 'walker';
const CITIZEN_PASSWORD = 'Walker-secret-42';
const CATEGORY = 'paths';
const PROJECT = 'old-town';
const CENTER = { lat: 37.97, lng: 23.72 };
const PATH = `/participate/category/${CATEGORY}/project/${PROJECT}`;

describe('answers made offline', () => {
  let site: AdminSite;
  let api: ApiClient;
  let context: BrowserContext;
  let png: Buffer;
  const world = { project: '', topic: '', spots: '', zones: '', benches: '', photo: '' };

  beforeAll(async () => {
    site = await openAdminSite('offline_answers', ADMIN_PASSWORD);
    api = site.api;
    png = await makeImage('png', 32, 24);
    const category = await api.POST('/api/category', {
      body: { title: 'Paths', mname: CATEGORY, summary: 'Walking paths', autosubscribe: true },
    });
    const project = await api.POST('/api/project', {
      body: {
        title: 'Old town',
        mname: PROJECT,
        category: category.token,
        start_date: '2020-01-01',
        end_date: '2099-12-31',
        active: true,
        is_public: false,
        center: CENTER,
        zoom: 16,
      },
    });
    world.project = project.token;
    const topic = await api.POST('/api/node', {
      body: { project: project.token, title: 'Streets', mname: 'streets', has_geometry: false },
    });
    world.topic = topic.token;
    const attribute = (name: string, mname: string, geom_type: 'point' | 'polygon', max_geom: number) =>
      api.POST('/api/attribute', {
        body: { node: topic.token, name, mname, has_geometry: true, geom_type, max_geom },
      });
    world.spots = (await attribute('Spots', 'spots', 'point', 5)).token;
    world.zones = (await attribute('Zones', 'zones', 'polygon', 5)).token;
    world.benches = (await attribute('Benches', 'benches', 'point', 1)).token;
    world.photo = (
      await api.POST('/api/variable', {
        body: {
          attribute: world.spots,
          mname: 'spot-photo',
          description: 'A photo of the spot',
          variable_type: [{ kind: 'photo', options: { label: 'Photo', maxSize: 1 } }],
        },
      })
    ).token;
    await api.POST('/api/users', {
      body: {
        username: CITIZEN,
        firstname: 'Walker',
        lastname: 'Citizen',
        email: 'walker@example.org',
        password: CITIZEN_PASSWORD,
        role: 'authorized',
      },
    });
    context = await newContext(site.browser, site.stack.url, {
      locale: 'en',
      width: 390,
      height: 844,
      touch: true,
    });
    const citizen = await typedApiAs(context, CITIZEN, CITIZEN_PASSWORD);
    await citizen.POST('/api/enrolment', { body: { category: category.token } });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await site?.close();
  });

  const mine = async () =>
    (
      await typedApi(context).GET('/api/data/scope/geojson/project/{project}', {
        params: { path: { project: world.project }, query: { layer: 'mine' } },
      })
    ).features;

  /** Opens the drawer and starts answering the attribute; leaflet-draw's handler is on. */
  async function start(page: Page, mname: string) {
    await page.getByTestId('drawer-toggle').tap();
    await page.getByTestId(`attribute-${mname}`).tap();
    await page.getByTestId('draw-panel').waitFor();
    await page.locator('[data-testid="questionnaire-map"][data-mouse-drawing]').waitFor();
  }

  /**
   * Taps the map at a fraction of its box. leaflet-draw places a tapped vertex where its cursor marker last was,
   * which a tap alone does not move: the pointer goes there first.
   */
  async function tapAt(page: Page, map: Locator, x: number, y: number) {
    const box = (await map.boundingBox())!;
    const at = { x: box.x + box.width * x, y: box.y + box.height * y };
    await page.mouse.move(at.x, at.y);
    await page.touchscreen.tap(at.x, at.y);
  }

  it('keeps them on the device and sends each once when the connection is back', async () => {
    let page = await context.newPage();
    await page.goto(PATH);
    const map = page.getByTestId('questionnaire-map');
    await map.locator('.leaflet-control-zoom').waitFor();
    // online, drawing once loads leaflet-draw's code into the page (the installable questionnaire caches it)
    await start(page, 'spots');
    await page.getByTestId('draw-cancel').tap();

    await context.setOffline(true);
    // a point, and its photo kept with it
    await start(page, 'spots');
    await tapAt(page, map, 0.5, 0.5);
    const form = page.getByTestId('answer-form');
    await form.waitFor();
    await form
      .getByTestId('file-spot-photo-photo')
      .setInputFiles({ name: 'spot.png', mimeType: 'image/png', buffer: png });
    await form.getByTestId('photo-preview').waitFor();
    await form.locator('button[type="submit"]').tap();
    await form.waitFor({ state: 'detached' });
    // a polygon, with the keyboard: a vertex at the crosshair, the map moved, the next, then Send
    await start(page, 'zones');
    await map.focus();
    for (const [i, key] of ['', 'ArrowRight', 'ArrowDown'].entries()) {
      if (key) {
        // the map pans (animated): the next vertex is placed once it has moved and stopped
        const pane = map.locator('.leaflet-map-pane');
        const transform = () => pane.evaluate((el) => getComputedStyle(el).transform);
        const before = await transform();
        for (let n = 0; n < 4; n++) await page.keyboard.press(key);
        let last = before;
        await until(
          async () => {
            const now = await transform();
            const still = now === last && now !== before;
            last = now;
            return still;
          },
          (still) => still,
          'the map moved',
        );
      }
      await page.keyboard.press('Enter');
      await until(
        async () => (await page.getByTestId('live-region').textContent()) ?? '',
        (text) => text.startsWith(`Vertex ${i + 1} of`),
        `vertex ${i + 1}`,
      );
    }
    await page.getByTestId('draw-finish').tap();
    await until(
      () => page.getByTestId('outbox-entry').count(),
      (n) => n === 2,
      'the polygon kept',
    );
    // a bench, which another device fills meanwhile
    await start(page, 'benches');
    await tapAt(page, map, 0.6, 0.4);
    await until(
      () => page.getByTestId('outbox-entry').count(),
      (n) => n === 3,
      'three answers kept',
    );
    expect(await page.getByTestId('outbox-offline').textContent()).toContain('You are offline.');
    expect(await page.getByTestId('outbox-status').textContent()).toContain(
      '3 answers are waiting to be sent.',
    );
    expect(await page.getByTestId('outbox').getByText('Not sent yet').count()).toBe(3);
    expect(await map.getAttribute('data-pending-drawn')).toBe('3');
    await snap(page, 'offline-pending-en-390');
    await page.close();

    // meanwhile, on another device, the citizen places the one bench the attribute allows
    const other = await newContext(site.browser, site.stack.url, { locale: 'en' });
    const elsewhere = await typedApiAs(other, CITIZEN, CITIZEN_PASSWORD);
    await elsewhere.POST('/api/data/scope/attribute', {
      body: {
        attribute: world.benches,
        node: world.topic,
        geometry: { type: 'Point', coordinates: [CENTER.lng, CENTER.lat] },
      },
    });
    await other.close();

    // the page opened again: without the installable questionnaire's worker it needs the connection to load
    page = await context.newPage();
    await page.goto(PATH).catch(() => undefined);
    await context.setOffline(false);
    await page.goto(PATH);
    const refused = page.getByTestId('outbox-entry');
    await until(
      async () => (await refused.count()) === 1 && (await refused.getAttribute('data-state')) === 'refused',
      (done) => done,
      'only the refused answer left',
    );
    expect(await page.getByTestId('pending-refused').textContent()).toBe(
      'Not accepted: You cannot add other objects.',
    );
    await snap(page, 'offline-refused-en-390');
    await page.getByTestId('language-select').selectOption('el');
    await until(
      () => page.getByTestId('pending-refused').textContent(),
      (text) => text === 'Δεν έγινε δεκτή: Δεν μπορείτε να προσθέσετε άλλα αντικείμενα.',
      'the reason in Greek',
    );
    await snap(page, 'offline-refused-el-390');

    // stored once each: the point with its photo, the polygon, and the other device's bench
    const features = await until(mine, (f) => f.length === 3, 'three answers on the server');
    const by = (attribute: string) => features.filter((f) => f.properties.attribute === attribute);
    expect(by(world.spots)).toHaveLength(1);
    expect(by(world.zones)).toHaveLength(1);
    expect(by(world.benches)).toHaveLength(1);
    expect(by(world.zones)[0]!.geometry?.type).toBe('Polygon');
    const values = await typedApi(context).GET('/api/data/scope/answers/choice/{choice}', {
      params: { path: { choice: by(world.spots)[0]!.id } },
    });
    expect(values.values).toHaveLength(1);
    expect(values.values[0]!.file).toMatchObject({ name: 'spot.png' });

    await page.getByTestId('outbox-discard').tap();
    await page.getByTestId('outbox').waitFor({ state: 'detached' });
    await page.close();
  }, 240_000);
});
