// The participant journey end to end, in Chromium, on one fresh site (one process, real PostgreSQL and Redis):
// the administrator builds, through the API, an autosubscribe category with an open public project, a topic with
// a boundary, a point attribute with one variable of each of the ten value types and a consultation profile. Then
// citizens take part: one registers and answers with the mouse in English at desktop width, one with taps on a
// phone in Greek (the aside a drawer): each joins the category, answers the profile, places a point, fills the
// ten kinds tab by tab, finds the answer on the map, reads it, edits one value (only it is sent), reads the
// statistics and deletes the answer. A third does it with the keyboard alone (four kinds filled), told by the live
// region, the focus never lost. The server's refusals (out of the boundary, over max_geom) are shown as the UI's
// own checks show them, and axe finds no serious or critical violation, in Greek and in English.
import { AxeBuilder } from '@axe-core/playwright';
import { makeImage, makePdf } from '@agora/common/uploads/fixtures';
import { VALUE_TYPES, type ApiClient, type ValueType } from '@agora/contracts';
import { fromWgs84 } from '@agora/contracts/crs';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { failureOf, typedApi, typedApiAs, uploadMarker } from './support/api.js';
import { loginAs, newContext } from './support/browser.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'journey-admin-pw1';
const CITIZEN_PASSWORD = 'Citizen-secret-42';
const CATEGORY = 'coast';
const PROJECT = 'harbour-walk';
const ATTRIBUTE = 'benches';
const ATTRIBUTE_NAME = 'Benches';
/** the project's map centre: inside the topic's boundary, a square of half-side 0.003° around it */
const CENTER = { lat: 37.9, lng: 23.7 };
const HALF = 0.003;
const BOUNDARY = {
  type: 'Polygon',
  coordinates: [
    [
      [CENTER.lng - HALF, CENTER.lat - HALF],
      [CENTER.lng + HALF, CENTER.lat - HALF],
      [CENTER.lng + HALF, CENTER.lat + HALF],
      [CENTER.lng - HALF, CENTER.lat + HALF],
      [CENTER.lng - HALF, CENTER.lat - HALF],
    ],
  ],
};
const OUTSIDE = { type: 'Point', coordinates: [CENTER.lng + 0.01, CENTER.lat] };
const INSIDE = { type: 'Point', coordinates: [CENTER.lng + 0.001, CENTER.lat + 0.001] };

type Locale = 'el' | 'en';

/** What the pages say, per language. */
const T = {
  en: {
    incomplete: 'you must answer all questions',
    outOfBounds: 'out of boundaries',
    maxGeom: 'you cannot add other objects',
    serverOutOfBounds: 'Out of boundaries.',
    serverMaxGeom: 'You cannot add other objects.',
    placed: 'Point placed, inside the area.',
    placedOutside: 'Point placed, outside the area.',
    saved: 'Answer saved.',
    deleted: 'Answer deleted.',
    savedTab: 'Saved.',
    start: `Answering ${ATTRIBUTE_NAME}: draw a point.`,
    joined: 'You have joined «Coastal paths».',
    dataDeleted: 'Data deleted',
    halfWeight: '0.5',
  },
  el: {
    incomplete: 'πρέπει να απαντήσετε σε όλες τις ερωτήσεις',
    outOfBounds: 'εκτός ορίων',
    maxGeom: 'δεν μπορείτε να προσθέσετε άλλα αντικείμενα',
    serverOutOfBounds: 'Εκτός ορίων.',
    serverMaxGeom: 'Δεν μπορείτε να προσθέσετε άλλα αντικείμενα.',
    placed: 'Το σημείο τοποθετήθηκε, μέσα στην περιοχή.',
    placedOutside: 'Το σημείο τοποθετήθηκε, εκτός της περιοχής.',
    saved: 'Η απάντηση αποθηκεύτηκε.',
    deleted: 'Η απάντηση διαγράφηκε.',
    savedTab: 'Αποθηκεύτηκε.',
    start: `Απάντηση για ${ATTRIBUTE_NAME}: σχεδιάστε ένα σημείο.`,
    joined: 'Εγγραφήκατε στην κατηγορία «Coastal paths».',
    dataDeleted: 'Τα δεδομένα διαγράφηκαν',
    halfWeight: '0,5',
  },
} as const;

/** The ten value types, one variable each, in the order of the form's tabs. */
const KINDS = VALUE_TYPES;
const mnameOf = (kind: ValueType) => `q-${kind}`;
const sameIds = (...labels: string[]) => labels.map((label) => ({ id: label, label }));

/** What each kind's variable is answered with in the journeys, as the server stores it. */
const ANSWERS: Partial<Record<ValueType, string>> = {
  radio: 'Yes',
  checkbox: 'Rest;Meet',
  date: '2026-05-01',
  text: 'Shade would be welcome',
  string: 'stone',
  number: '12.5',
  resource: 'Ερμού+12Α+Αθήνα+105 63',
};

describe('the participant journey', () => {
  let site: AdminSite;
  let api: ApiClient;
  let png: Buffer;
  /** the photo that replaces the first one */
  let shade: Buffer;
  const pdf = makePdf();
  const world = {
    category: '',
    project: '',
    topic: '',
    attribute: '',
    image: '',
    variables: {} as Record<string, string>,
  };

  beforeAll(async () => {
    // one citizen answers at a time: the statistics show groups of one (small groups are hidden from
    // participants by default, which the statistics' own tests cover)
    site = await openAdminSite('journey', ADMIN_PASSWORD, { CONSULTATION_MIN_CELL: '1' });
    api = site.api;
    png = await makeImage('png', 64, 48);
    shade = await makeImage('png', 48, 64);
    await api.POST('/api/settings/scope/general', { body: { registration: true } });

    // one library image, for the library kind
    const upload = new FormData();
    upload.append('title', 'Stone bench');
    upload.append('resource', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bench.png');
    world.image = (await typedApi(site.context).POST('/api/library', { body: upload })).uuid;
    // a marker, the icon of the profile's choices
    const icon = await uploadMarker(typedApi(site.context), 'wave', '#0e7490');

    const category = await api.POST('/api/category', {
      body: {
        title: 'Coastal paths',
        mname: CATEGORY,
        summary: 'The seafront and its paths',
        autosubscribe: true,
      },
    });
    world.category = category.token;
    const project = await api.POST('/api/project', {
      body: {
        title: 'Harbour walk',
        mname: PROJECT,
        category: category.token,
        start_date: '2020-01-01',
        end_date: '2099-12-31',
        active: true,
        is_public: true,
        center: CENTER,
        zoom: 16,
      },
    });
    world.project = project.token;
    const topic = await api.POST('/api/node', {
      body: {
        project: project.token,
        title: 'Seafront',
        mname: 'seafront',
        has_geometry: true,
        geom_type: 'point',
        boundary: BOUNDARY,
        max_geom: 3,
      },
    });
    world.topic = topic.token;
    const attribute = await api.POST('/api/attribute', {
      body: {
        node: topic.token,
        name: ATTRIBUTE_NAME,
        mname: ATTRIBUTE,
        has_geometry: true,
        geom_type: 'point',
        max_geom: 1,
        geom_color: '#b91c1c',
      },
    });
    world.attribute = attribute.token;
    const options: Record<ValueType, Record<string, unknown>> = {
      // choices whose ids are their labels, so that a stored value reads as the answer given
      radio: { required: true, label: 'Do you like the place?', choices: sameIds('Yes', 'No') },
      checkbox: { label: 'What would you do there?', choices: sameIds('Rest', 'Read', 'Meet') },
      document: { label: 'A plan of yours', accepts: ['pdf'], maxSize: 1 },
      date: { label: 'When did you last walk there?', minDate: '2020-01-01', maxDate: '2030-12-31' },
      text: { label: 'Your comments', minLength: 3, maxLength: 200 },
      string: { label: 'The material you prefer', maxLength: 20 },
      photo: { label: 'A photo of the place', maxSize: 1 },
      number: { label: 'How many benches?', minLength: 0, maxLength: 100 },
      resource: { label: 'The nearest address' },
      library: { label: 'The design you prefer', items: [world.image] },
    };
    for (const kind of KINDS) {
      const variable = await api.POST('/api/variable', {
        body: {
          attribute: attribute.token,
          mname: mnameOf(kind),
          description: `Question about ${kind}`,
          variable_type: [{ kind, options: options[kind] }],
        },
      });
      world.variables[kind] = variable.token;
    }
    for (const [question, choices] of [
      ['How often do you walk by the sea?', ['Daily', 'Rarely']],
      ['Do you live nearby?', ['Yes', 'No']],
    ] as const) {
      await api.POST('/api/consultationProfile', {
        body: {
          question,
          category: category.token,
          role: 'normal',
          weight: 1,
          choices: choices.map((content, i) => ({ content, icon, weight: 1 - i })),
        },
      });
    }
  }, 240_000);

  afterAll(async () => {
    await site?.close();
  });

  const questionnairePath = `/participate/category/${CATEGORY}/project/${PROJECT}`;

  /** A citizen added by the administrator (a journey that does not register). */
  async function addCitizen(username: string) {
    await api.POST('/api/users', {
      body: {
        username,
        firstname: 'Πολίτης',
        lastname: username,
        email: `${username}@example.org`,
        password: CITIZEN_PASSWORD,
        role: 'authorized',
      },
    });
  }

  /** The serious and critical violations axe finds on the page. */
  async function seriousViolations(page: Page): Promise<string[]> {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }

  const liveText = async (page: Page) => (await page.getByTestId('live-region').textContent()) ?? '';
  /** Waits until the live region says `text`. */
  const said = (page: Page, text: string) =>
    until(
      () => liveText(page),
      (t) => t === text,
      `the live region to say «${text}»`,
    );

  /** The page, and any element of a dialog, that scrolls sideways (by class). */
  const sidewaysScroll = (page: Page) =>
    page.evaluate(() => {
      const wide = [...document.querySelectorAll('[role="dialog"] *')].filter(
        (e) =>
          // (visually hidden text is clipped to 1 px: not a scroll)
          e.clientWidth > 1 &&
          e.scrollWidth > e.clientWidth + 1 &&
          getComputedStyle(e).overflowX !== 'visible',
      );
      const page = document.documentElement.scrollWidth > window.innerWidth ? ['page'] : [];
      return [...page, ...wide.map((e) => e.className)];
    });

  /** Waits for a notification saying `text`. */
  const notification = (page: Page, text: string) =>
    page.getByTestId('notification').filter({ hasText: text }).first().waitFor();

  /** The answer marker of the attribute on the map. */
  const marker = (page: Page) =>
    page.getByTestId('questionnaire-map').locator(`.leaflet-marker-icon[title="${ATTRIBUTE_NAME}"]`);

  /** The citizen's own answers (the "mine" layer) through the API. */
  async function mine(context: BrowserContext) {
    const layer = await typedApi(context).GET('/api/data/scope/geojson/project/{project}', {
      params: { path: { project: world.project }, query: { layer: 'mine' } },
    });
    return layer.features;
  }

  /** The variable writes the page sends (POST or PUT of values), recorded from now on. */
  function valueWrites(page: Page): Request[] {
    const writes: Request[] = [];
    page.on('request', (r) => {
      if (/\/api\/data\/scope\/variable/.test(r.url()) && r.method() !== 'GET') writes.push(r);
    });
    return writes;
  }

  /**
   * Journeys 1 and 2: the same steps with the mouse (`click`) or taps (`tap`). The citizen is logged in on
   * `page`; `phone`: the aside is a drawer.
   */
  async function answerEverything(page: Page, locale: Locale, how: 'click' | 'tap', phone: boolean) {
    const t = T[locale];
    const act = (l: Locator) => (how === 'tap' ? l.tap() : l.click());
    const context = page.context();

    // /enroll: the category, its confirmation, then its page and the project's questionnaire
    await page.goto('/enroll');
    const card = page.getByTestId('enroll-card').filter({ hasText: 'Coastal paths' });
    await act(card.getByTestId('enrol-button'));
    await act(page.getByTestId('confirm-dialog').getByTestId('confirm-yes'));
    await page.waitForURL(`**/participate/category/${CATEGORY}`);
    await notification(page, t.joined);
    await page.getByTestId('category-enrolment').waitFor();
    await act(page.getByRole('link', { name: 'Harbour walk' }).first());
    await page.waitForURL(`**${questionnairePath}`);

    // the consultation profile: incomplete first, then every question
    const profile = page.getByTestId('profile-form');
    await act(profile.getByTestId('profile-submit'));
    expect(await profile.getByTestId('profile-error').textContent()).toBe(t.incomplete);
    await act(profile.getByTestId('profile-question-0').locator('input[type="radio"]').first());
    await act(profile.getByTestId('profile-submit'));
    expect(await profile.getByTestId('profile-error').textContent()).toBe(t.incomplete);
    expect(await profile.getByTestId('profile-question-1').getAttribute('aria-invalid')).toBe('true');
    await act(profile.getByTestId('profile-question-1').locator('input[type="radio"]').nth(1));
    await act(profile.getByTestId('profile-submit'));
    await profile.waitFor({ state: 'detached' });

    // the attribute (from the drawer on a phone), "add an answer", a point placed on the map's centre
    const aside = page.locator('#cons-aside');
    if (phone) {
      expect(await aside.isHidden()).toBe(true);
      await act(page.getByTestId('drawer-toggle'));
      await aside.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
    await act(page.getByTestId(`attribute-${ATTRIBUTE}`));
    if (phone) await aside.waitFor({ state: 'hidden' });
    await act(page.getByTestId('mode-dialog').getByTestId('mode-add'));
    await page.getByTestId('draw-panel').waitFor();
    const map = page.getByTestId('questionnaire-map');
    // leaflet-draw loads when the task starts: its handler is on once the map says so
    await page.locator('[data-testid="questionnaire-map"][data-mouse-drawing]').waitFor();
    const box = (await map.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (how === 'tap') {
      await page.touchscreen.tap(centre.x, centre.y);
    } else {
      await page.mouse.move(centre.x - 20, centre.y);
      await page.mouse.move(centre.x, centre.y, { steps: 3 });
      await page.mouse.click(centre.x, centre.y);
    }

    // the answer form: the ten kinds, tab by tab
    const form = page.getByTestId('answer-form');
    await form.waitFor();
    const writes = valueWrites(page);
    for (const [i, kind] of KINDS.entries()) {
      const tab = form.getByTestId(`variable-${mnameOf(kind)}`);
      await tab.waitFor();
      const name = `${mnameOf(kind)}-${kind}`;
      // nothing in the form scrolls sideways on a phone (a file input once widened it)
      if (phone) expect(await sidewaysScroll(page)).toEqual([]);
      switch (kind) {
        case 'radio':
          await act(tab.locator(`#${name}-0`));
          break;
        case 'checkbox':
          await act(tab.locator(`#${name}-0`));
          await act(tab.locator(`#${name}-2`));
          break;
        case 'library':
          await tab.locator(`#${name}-0`).waitFor();
          await act(tab.locator(`#${name}-0`));
          break;
        case 'document':
          await tab.getByTestId(`file-${name}`).setInputFiles({
            name: 'plan.pdf',
            mimeType: 'application/pdf',
            buffer: pdf,
          });
          break;
        case 'photo':
          await tab
            .getByTestId(`file-${name}`)
            .setInputFiles({ name: 'bench.png', mimeType: 'image/png', buffer: png });
          await tab.getByTestId('photo-preview').waitFor();
          break;
        case 'resource':
          await tab.locator(`#${name}-street`).fill('Ερμού');
          await tab.locator(`#${name}-house_number`).fill('12Α');
          await tab.locator(`#${name}-town`).fill('Αθήνα');
          await tab.locator(`#${name}-zip`).fill('105 63');
          await tab.locator(`#${name}-location`).fill(`${CENTER.lat};${CENTER.lng}`);
          break;
        default:
          await tab.locator(`#${name}`).fill(ANSWERS[kind]!);
      }
      await act(tab.locator('button[type="submit"]'));
      if (i < KINDS.length - 1) await form.getByTestId(`variable-${mnameOf(KINDS[i + 1]!)}`).waitFor();
    }
    await form.waitFor({ state: 'detached' });
    expect(writes.map((r) => r.method())).toEqual(KINDS.map(() => 'POST'));

    // stored as given, files and all
    const [feature] = await until(
      () => mine(context),
      (f) => f.length === 1,
      'the answer on the mine layer',
    );
    const choice = feature!.id;
    const stored = await typedApi(context).GET('/api/data/scope/answers/choice/{choice}', {
      params: { path: { choice } },
    });
    const byKind = Object.fromEntries(stored.values.map((v) => [v.variable_type, v]));
    for (const [kind, value] of Object.entries(ANSWERS)) expect(byKind[kind]?.value).toBe(value);
    expect(byKind.library?.value).toBe(world.image);
    expect(byKind.resource?.location).toBe(`${CENTER.lat};${CENTER.lng}`);
    expect(byKind.document?.file).toMatchObject({ name: 'plan.pdf', mime: 'application/pdf' });
    expect(byKind.photo?.file?.mime).toMatch(/^image\//);

    // the answer on the mine layer: opened, one value edited (only it is sent)
    expect(await page.getByTestId('layer-mine').isChecked()).toBe(true);
    await act(marker(page));
    const details = page.getByTestId('answer-details');
    await details.waitFor();

    // read-only first: the document a link to its bytes, the library's image with its title
    await act(details.getByTestId('answer-values'));
    await form.getByTestId('answer-readonly').waitFor();
    expect(await form.locator('button[type="submit"]').count()).toBe(0);
    await act(form.getByRole('tab').nth(KINDS.indexOf('document')));
    const file = form.getByTestId(`variable-${mnameOf('document')}`).getByTestId('answer-file');
    expect(await file.textContent()).toBe('plan.pdf');
    const bytes = await context.request.get((await file.getAttribute('href'))!);
    expect([bytes.status(), bytes.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await bytes.body()).equals(pdf)).toBe(true);
    await act(form.getByRole('tab').nth(KINDS.indexOf('library')));
    await form
      .getByTestId(`variable-${mnameOf('library')}`)
      .getByRole('img', { name: 'Stone bench' })
      .waitFor();
    await act(
      form
        .getByTestId(`variable-${mnameOf('library')}`)
        .getByRole('button')
        .first(),
    );
    await form.waitFor({ state: 'detached' });

    await act(details.getByTestId('answer-edit-mode'));
    await act(details.getByTestId('answer-values'));
    await form.waitFor();
    const edits = valueWrites(page);
    // the mouse edits the text, the phone replaces the photo
    const edit: ValueType = how === 'click' ? 'text' : 'photo';
    const next = KINDS[KINDS.indexOf(edit) + 1]!;
    await act(form.getByRole('tab').nth(KINDS.indexOf(edit)));
    const editTab = form.getByTestId(`variable-${mnameOf(edit)}`);
    if (edit === 'text') {
      await editTab.locator(`#${mnameOf('text')}-text`).fill('More shade, please');
    } else {
      await editTab.getByRole('link', { name: 'bench.png' }).waitFor();
      await editTab
        .getByTestId(`file-${mnameOf('photo')}-photo`)
        .setInputFiles({ name: 'shade.png', mimeType: 'image/png', buffer: shade });
    }
    await act(editTab.locator('button[type="submit"]'));
    await form.getByTestId(`variable-${mnameOf(next)}`).waitFor();
    await act(
      form
        .getByTestId(`variable-${mnameOf(next)}`)
        .getByRole('button')
        .first(),
    );
    await form.waitFor({ state: 'detached' });
    expect(edits.map((r) => [r.method(), new URL(r.url()).pathname])).toEqual([
      ['PUT', `/api/data/scope/variable/choice/${choice}/variable/${world.variables[edit]}`],
    ]);
    const sent = edits[0]!.postDataBuffer()!.toString('latin1');
    expect(sent).toContain(edit === 'text' ? 'More shade, please' : 'filename="shade.png"');
    expect(sent).toContain('name="values[0][variable_type]"');
    expect(sent).not.toContain('values[1]');
    const edited = await typedApi(context).GET('/api/data/scope/answers/choice/{choice}', {
      params: { path: { choice } },
    });
    const after = Object.fromEntries(edited.values.map((v) => [v.variable_type, v]));
    if (edit === 'text') expect(after.text?.value).toBe('More shade, please');
    else expect(after.photo?.file?.name).toBe('shade.png');
    // nothing else changed
    for (const kind of KINDS.filter((k) => k !== edit)) expect(after[kind]).toEqual(byKind[kind]);

    // the statistics: the total and the radio's tab count this answer
    await details.waitFor();
    await act(details.getByTestId('answer-stats'));
    const stats = page.getByTestId('stats-modal');
    const total = stats.getByTestId('stats-total');
    await total.waitFor();
    // answers, respondents, weighted respondents (the profile's weight: choices weighing 1 and 0), shapes drawn
    expect(await total.locator('dd').allTextContents()).toEqual(['1', '1', t.halfWeight, '1']);
    await act(stats.getByRole('tab').nth(1));
    const radio = stats.getByTestId('stats-kind-radio');
    await radio.waitFor();
    expect(await radio.locator('dd').first().textContent()).toBe('1');
    expect(await radio.getByTestId('stats-dist-chart').textContent()).toContain('Yes');
    await act(stats.getByRole('button').last());
    await stats.waitFor({ state: 'detached' });

    // deleted after the confirmation, from the list of answers: gone from the map and the server
    const list = page.getByTestId('answer-list');
    await list.waitFor();
    await act(list.locator('.cons-answer-list button').first());
    await act(details.getByTestId('answer-delete'));
    await act(page.getByTestId('confirm-dialog').getByTestId('confirm-yes'));
    await details.waitFor({ state: 'detached' });
    await said(page, t.deleted);
    await notification(page, t.dataDeleted);
    await marker(page).waitFor({ state: 'detached' });
    expect(await mine(context)).toEqual([]);
    const gone = await failureOf(
      typedApi(context).GET('/api/data/scope/answers/choice/{choice}', { params: { path: { choice } } }),
    );
    expect(gone.status).toBe(404);
  }

  it('journey 1: a citizen registers and answers with the mouse (en, desktop)', async () => {
    const context = await newContext(site.browser, site.stack.url, { locale: 'en' });
    const page = await context.newPage();
    await page.goto('/register');
    await page.locator('input[name="username"]').fill('maria');
    await page.locator('input[name="firstname"]').fill('Maria');
    await page.locator('input[name="lastname"]').fill('Papadaki');
    await page.locator('input[name="email"]').fill('maria@example.org');
    await page.locator('input[name="password"]').fill(CITIZEN_PASSWORD);
    await page.locator('input[name="password_repeat"]').fill(CITIZEN_PASSWORD);
    await page.getByTestId('register-submit').click();
    await notification(page, 'Successful registration');
    await loginAs(page, 'maria', CITIZEN_PASSWORD);
    await answerEverything(page, 'en', 'click', false);
    await context.close();
  }, 90_000);

  it('journey 2: a citizen answers with taps on a phone (el, 390 px, the aside a drawer)', async () => {
    await addCitizen('nikos');
    const context = await newContext(site.browser, site.stack.url, {
      locale: 'el',
      width: 390,
      height: 844,
      touch: true,
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/όνομα χρήστη/i).fill('nikos');
    await page.getByLabel(/κωδικός/i).fill(CITIZEN_PASSWORD);
    await page.getByRole('button', { name: /σύνδεση|είσοδος/i }).tap();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await answerEverything(page, 'el', 'tap', true);
    await context.close();
  }, 90_000);

  /** Presses `key` until `target` has the focus (the keyboard's way to a control). */
  async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', max = 150) {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
      await page.keyboard.press(key);
    }
    throw new Error(`${key} never reached ${target.toString()}`);
  }

  it('journey 3: a citizen answers with the keyboard alone, told by the live region (en)', async () => {
    await addCitizen('kostas');
    const context = await newContext(site.browser, site.stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'kostas', CITIZEN_PASSWORD);
    const key = (k: string) => page.keyboard.press(k);
    const focusedTestId = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    const reach = async (target: Locator, k = 'Tab') => {
      await target.waitFor();
      await pressUntilFocused(page, target, k);
    };

    // the front page's link to the categories to join, the category, its confirmation
    await reach(page.getByRole('link', { name: 'Find a category to join' }));
    await key('Enter');
    const card = page.getByTestId('enroll-card').filter({ hasText: 'Coastal paths' });
    await reach(card.getByTestId('enrol-button'));
    await key('Enter');
    await reach(page.getByTestId('confirm-dialog').getByTestId('confirm-yes'));
    await key('Enter');
    await page.waitForURL(`**/participate/category/${CATEGORY}`);
    await reach(page.getByRole('link', { name: 'Harbour walk' }).first());
    await key('Enter');
    await page.waitForURL(`**${questionnairePath}`);

    // the profile: Space picks the focused choice of each question, Enter on Save
    const profile = page.getByTestId('profile-form');
    for (const question of [0, 1]) {
      await reach(profile.getByTestId(`profile-question-${question}`).locator('input[type="radio"]').first());
      await key('Space');
    }
    await reach(profile.getByTestId('profile-submit'));
    await key('Enter');
    await profile.waitFor({ state: 'detached' });

    // the attribute, "add an answer", the map focused and Enter at the crosshair, then Send
    await reach(page.getByTestId(`attribute-${ATTRIBUTE}`));
    await key('Enter');
    await reach(page.getByTestId('mode-dialog').getByTestId('mode-add'));
    await key('Enter');
    await said(page, T.en.start);
    await page.getByTestId('draw-panel').waitFor();
    // the arrows move the map under the crosshair: one step east, still inside the area
    const map = page.getByTestId('questionnaire-map');
    await reach(map);
    // the map pane's offset: Leaflet moves it by 80 px (its keyboard pan step) the other way
    const paneX = async () => {
      const style = (await map.locator('.leaflet-map-pane').getAttribute('style')) ?? '';
      return Number(/translate3d\((-?[\d.]+)px/.exec(style)?.[1] ?? 0);
    };
    const before = await paneX();
    await key('ArrowRight');
    await until(paneX, (x) => x <= before - 80, 'the map moved one step east');
    await key('Enter');
    await said(page, T.en.placed);
    await reach(page.getByTestId('draw-finish'));
    await key('Enter');
    await said(page, T.en.saved);

    // the form: radio, date, text and number typed and saved; the other tabs saved empty (nothing sent)
    const form = page.getByTestId('answer-form');
    await form.waitFor();
    const writes = valueWrites(page);
    const typed: Partial<Record<ValueType, () => Promise<void>>> = {
      radio: async () => {
        await reach(form.locator(`#${mnameOf('radio')}-radio-0`));
        await key('Space');
      },
      date: async () => {
        const input = form.locator(`#${mnameOf('date')}-date`);
        await reach(input);
        // the field's parts are in the order of Chromium's own language (en-US here): month, day, year
        await page.keyboard.type('05012026');
        expect(await input.inputValue()).toBe('2026-05-01');
      },
      text: async () => {
        await reach(form.locator(`#${mnameOf('text')}-text`));
        await page.keyboard.type('Typed without a mouse');
      },
      number: async () => {
        await reach(form.locator(`#${mnameOf('number')}-number`));
        await page.keyboard.type('7');
      },
    };
    for (const [i, kind] of KINDS.entries()) {
      const tab = form.getByTestId(`variable-${mnameOf(kind)}`);
      await tab.waitFor();
      await typed[kind]?.();
      await reach(tab.locator('button[type="submit"]'));
      await key('Enter');
      if (i === 0) {
        const status = form.getByTestId('answer-status');
        await until(
          () => status.textContent(),
          (t) => t === T.en.savedTab,
          'the tab told saved',
        );
      }
      if (i < KINDS.length - 1) await form.getByTestId(`variable-${mnameOf(KINDS[i + 1]!)}`).waitFor();
    }
    await form.waitFor({ state: 'detached' });
    // the form's opener (Send) is gone: the focus goes to the map, whose answers follow it in the Tab order
    await until(focusedTestId, (id) => id === 'questionnaire-map', 'the map focused');
    expect(writes.map((r) => new URL(r.url()).pathname)).toEqual(Array(4).fill('/api/data/scope/variable'));
    const [feature] = await until(
      () => mine(context),
      (f) => f.length === 1,
      'the answer on the mine layer',
    );
    // east of the map's first centre, where the arrow took the crosshair
    const [lng] = (feature!.geometry as { coordinates: number[] }).coordinates;
    expect(lng).toBeGreaterThan(CENTER.lng);
    const stored = await typedApi(context).GET('/api/data/scope/answers/choice/{choice}', {
      params: { path: { choice: feature!.id } },
    });
    expect(Object.fromEntries(stored.values.map((v) => [v.variable_type, v.value]))).toEqual({
      radio: 'Yes',
      date: '2026-05-01',
      text: 'Typed without a mouse',
      number: '7',
    });

    // the answer again, from its marker (Enter); its statistics, the tabs switched with the arrows, Escape
    await reach(marker(page));
    await key('Enter');
    const details = page.getByTestId('answer-details');
    await reach(details.getByTestId('answer-stats'));
    await key('Enter');
    const stats = page.getByTestId('stats-modal');
    await stats.getByTestId('stats-total').waitFor();
    await reach(stats.getByRole('tab', { selected: true }));
    await key('ArrowRight');
    await stats.getByTestId('stats-kind-radio').getByTestId('stats-dist-chart').getByText('Yes').waitFor();
    expect(
      await stats.getByRole('tab', { selected: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await key('Escape');
    await stats.waitFor({ state: 'detached' });
    // then from the list of the attribute's answers (the focus is in it), deleted after the confirmation
    const first = page.getByTestId('answer-list').locator('.cons-answer-list button').first();
    await first.waitFor();
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    await key('Enter');
    await reach(details.getByTestId('answer-delete'));
    await key('Enter');
    const confirm = page.getByTestId('confirm-dialog');
    await reach(confirm.getByTestId('confirm-yes'));
    await key('Enter');
    await said(page, T.en.deleted);
    await details.waitFor({ state: 'detached' });
    // the deleted answer's panel is gone: the focus is back on the map, not lost
    await until(focusedTestId, (id) => id === 'questionnaire-map', 'the map focused');
    expect(await mine(context)).toEqual([]);
    await context.close();
  }, 90_000);

  /** A citizen enrolled, with the profile answered, through the API; on a page of their own. */
  async function participant(username: string, locale: Locale) {
    await addCitizen(username);
    const context = await newContext(site.browser, site.stack.url, { locale });
    const own = await typedApiAs(context, username, CITIZEN_PASSWORD);
    await own.POST('/api/enrolment', { body: { category: world.category } });
    const profile = await own.GET('/api/data/scope/profile/activeCategory/{category}', {
      params: { path: { category: world.category } },
    });
    await own.POST('/api/data/scope/profile/category/{category}', {
      params: { path: { category: world.category } },
      body: profile.questions.map((q) => ({ question: q.token, choice: q.choices[0]!.id })),
    });
    return { context, api: own, page: await context.newPage() };
  }

  /** The questionnaire with the client's own checks bypassed: the topic without boundary nor limit. */
  async function withoutClientChecks(page: Page) {
    await page.route('**/api/data/scope/questionnaire/**', async (route) => {
      const response = await route.fetch();
      const data = (await response.json()) as {
        topics: Array<{
          boundary: unknown;
          max_geom: number | null;
          attributes: Array<{ max_geom: number | null }>;
        }>;
      };
      for (const topic of data.topics) {
        topic.boundary = null;
        topic.max_geom = null;
        for (const attribute of topic.attributes) attribute.max_geom = null;
      }
      await route.fulfill({ response, json: data });
    });
  }

  /** Selects the attribute, "add an answer", and clicks the map at `dx` of its width left of its centre. */
  async function clickNewPoint(page: Page, dx: number) {
    await page.getByTestId(`attribute-${ATTRIBUTE}`).click();
    await page.getByTestId('mode-dialog').getByTestId('mode-add').click();
    await page.getByTestId('draw-panel').waitFor();
    await page.locator('[data-testid="questionnaire-map"][data-mouse-drawing]').waitFor();
    const box = (await page.getByTestId('questionnaire-map').boundingBox())!;
    const at = { x: box.x + box.width / 2 - dx * box.width, y: box.y + box.height / 2 };
    await page.mouse.move(at.x - 10, at.y);
    await page.mouse.move(at.x, at.y, { steps: 3 });
    await page.mouse.click(at.x, at.y);
  }

  it('shows the server refusals as the client checks do: out of the boundary, over max_geom (en)', async () => {
    const { context, api: own, page } = await participant('dimitra', 'en');
    const attributePosts = () => {
      const posts: Request[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/data/scope/attribute' && r.method() === 'POST') posts.push(r);
      });
      return posts;
    };

    // the server: 422 out of the boundary, through the page's own API context
    const outside = await failureOf(
      own.POST('/api/data/scope/attribute', {
        body: { attribute: world.attribute, node: world.topic, geometry: OUTSIDE },
      }),
    );
    expect(outside).toMatchObject({ status: 422, body: { code: 'CONSULTATION.OUT_OF_BOUNDARIES' } });

    // the client's check: a point typed in the Greek Grid (the default system) east of the area, nothing sent
    await page.goto(questionnairePath);
    let posts = attributePosts();
    await page.getByTestId(`attribute-${ATTRIBUTE}`).click();
    await page.getByTestId('mode-dialog').getByTestId('mode-add').click();
    const panel = page.getByTestId('draw-panel');
    await panel.locator('summary').click();
    const grid = fromWgs84({ lat: OUTSIDE.coordinates[1]!, lng: OUTSIDE.coordinates[0]! }, 'EPSG:2100');
    await panel.locator('input[name="coord-x"]').fill(String(grid.x));
    await panel.locator('input[name="coord-y"]').fill(String(grid.y));
    await panel.getByTestId('draw-place-typed').click();
    await said(page, T.en.placedOutside);
    await panel.getByTestId('draw-finish').click();
    await said(page, T.en.outOfBounds);
    await notification(page, T.en.outOfBounds);
    expect(posts).toEqual([]);
    await panel.getByTestId('draw-cancel').click();

    // the client's check bypassed: the server's 422, told in its translated words
    await withoutClientChecks(page);
    await page.reload();
    posts = attributePosts();
    await clickNewPoint(page, 0.4);
    await said(page, T.en.serverOutOfBounds);
    expect(posts).toHaveLength(1);
    expect(await mine(context)).toEqual([]);

    // over max_geom (one per attribute): the client refuses at once; bypassed, the server's 409 says the same
    await own.POST('/api/data/scope/attribute', {
      body: { attribute: world.attribute, node: world.topic, geometry: INSIDE },
    });
    const over = await failureOf(
      own.POST('/api/data/scope/attribute', {
        body: { attribute: world.attribute, node: world.topic, geometry: INSIDE },
      }),
    );
    expect(over).toMatchObject({ status: 409, body: { code: 'CONSULTATION.MAX_GEOM' } });
    await page.unrouteAll();
    await page.reload();
    posts = attributePosts();
    await page.getByTestId(`attribute-${ATTRIBUTE}`).click();
    await page.getByTestId('mode-dialog').getByTestId('mode-add').click();
    await said(page, T.en.maxGeom);
    await notification(page, T.en.maxGeom);
    expect(await page.getByTestId('draw-panel').count()).toBe(0);
    await withoutClientChecks(page);
    await page.reload();
    await marker(page).waitFor();
    await clickNewPoint(page, 0);
    await said(page, T.en.serverMaxGeom);
    expect(posts).toHaveLength(1);
    expect(await mine(context)).toHaveLength(1);
    await context.close();
  }, 90_000);

  it.each(['el', 'en'] as const)(
    'passes axe on the category page and the questionnaire with the answer form open (%s)',
    async (locale) => {
      const { context, api: own, page } = await participant(`axe-${locale}`, locale);
      await own.POST('/api/data/scope/attribute', {
        body: { attribute: world.attribute, node: world.topic, geometry: INSIDE },
      });
      await page.goto(`/participate/category/${CATEGORY}`);
      await page.getByTestId('category-enrolment').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(questionnairePath);
      await marker(page).click();
      const details = page.getByTestId('answer-details');
      await details.getByTestId('answer-edit-mode').check();
      await details.getByTestId('answer-values').click();
      const form = page.getByTestId('answer-form');
      await form.getByTestId(`variable-${mnameOf('radio')}`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('tab').nth(KINDS.indexOf('resource')).click();
      await form.getByTestId(`variable-${mnameOf('resource')}`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
