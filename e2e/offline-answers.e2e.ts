// Answers made offline, end to end, in Chromium at phone size with touch (decisions 0091 and 0093): a citizen
// visits the questionnaire once online (the service worker keeps it), loses the connection, reloads it from the
// worker's caches, answers with a point and its photo, a polygon and another point, sees them pending, closes the
// page and opens it again still offline (IndexedDB survives); back online they are sent: each answer stored once,
// with its photo; the one the server refuses meanwhile (its attribute's max_geom reached from another device)
// stays listed with its reason. Offline for real: the browser reaches the site through a relay that is cut, and
// not one connection gets through while offline (./support/offline.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeImage } from '@agora/common/uploads/fixtures';
import type { ApiClient } from '@agora/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { typedApi, typedApiAs } from './support/api.js';
import { launchProfileContext, newContext } from './support/browser.js';
import { controllingWorker, startRelay, type Relay } from './support/offline.js';
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
  let relay: Relay;
  let profileDir: string;
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
    relay = await startRelay(site.stack.url);
    // a profile on disk, the service worker on: what a phone that installed the site keeps
    profileDir = await mkdtemp(path.join(tmpdir(), 'agora-e2e-offline-answers-'));
    context = await launchProfileContext(profileDir, relay.url, {
      locale: 'en',
      width: 390,
      height: 844,
      touch: true,
      serviceWorker: true,
    });
    const citizen = await typedApiAs(context, CITIZEN, CITIZEN_PASSWORD);
    await citizen.POST('/api/enrolment', { body: { category: category.token } });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await relay?.close();
    await site?.close();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  /** Whether the worker keeps this user's questionnaire read (what an offline reload needs). */
  const questionnaireCached = (page: Page) =>
    page.evaluate(async () => {
      for (const name of await caches.keys()) {
        if (!name.startsWith('agora-api-')) continue;
        const urls = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        if (urls.some((u) => u.startsWith('/api/data/scope/questionnaire/'))) return true;
      }
      return false;
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
    await controllingWorker(page);
    // with the worker in control, the page once more: its files and reads go into the worker's caches
    await page.reload();
    const map = page.getByTestId('questionnaire-map');
    await map.locator('.leaflet-control-zoom').waitFor();
    // online, drawing once loads leaflet-draw's code into the page, and so into the cache
    await start(page, 'spots');
    await page.getByTestId('draw-cancel').tap();
    await until(() => questionnaireCached(page), Boolean, 'the questionnaire in the cache');

    // no connection at all, and the questionnaire reloaded from the worker's caches
    relay.cut();
    await context.setOffline(true);
    await page.reload();
    await map.locator('.leaflet-control-zoom').waitFor();
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

    // the page opened again, still offline: from the worker's caches, the three answers still waiting
    page = await context.newPage();
    await page.goto(PATH);
    await page.getByTestId('questionnaire-map').locator('.leaflet-control-zoom').waitFor();
    await until(
      () => page.getByTestId('outbox-entry').count(),
      (n) => n === 3,
      'three answers still kept',
    );
    expect(await page.getByTestId('questionnaire-map').getAttribute('data-pending-drawn')).toBe('3');
    expect(relay.relayedSinceCut()).toBe(0);
    await snap(page, 'offline-reopened-en-390');

    // the connection back: the page sends them on its own
    relay.restore();
    await context.setOffline(false);
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
