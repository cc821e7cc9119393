// The variable form, the consultation-profile screen and discussion threads end to end, in Chromium, on a fresh
// database (one process, real PostgreSQL): one variable of every value and geometric type created in the browser
// and read back through the API exactly; an edit that sends only what changed; profile questions for both roles
// with choices, reordered, edited in place and deleted, read back exactly; a thread created on a project from the
// plan screen and replied to on /forum/{id}; a choice icon uploaded in the browser; the screens at phone width and
// checked with axe.
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { ProfileQuestionWire, VariableKind, VariableWire } from '@agora/contracts';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { startTestSite, type TestSite } from './support/site.js';
import { typedApi, uploadMarker } from './support/api.js';

const ADMIN_PASSWORD = 'structure-admin-pw';
const ADMIN = '/admin/administration';

describe('structure: variables, consultation profile, threads', () => {
  let stack: TestSite;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  const markers: string[] = [];
  let imageUuid = '';
  let categoryToken = '';
  let projectToken = '';
  let topicToken = '';
  let attributeToken = '';

  /** The typed API client of the page's session. */
  const api = () => typedApi(context);

  /** The variables of the attribute, as the API stores them. */
  const storedVariables = () =>
    api().GET('/api/variable/attribute/{token}', { params: { path: { token: attributeToken } } });

  /** The consultation-profile questions of the category for `role`. */
  const profileQuestions = (role: 'expert' | 'normal') =>
    api().GET('/api/consultationProfile/category/{category}/role/{role}', {
      params: { path: { category: categoryToken, role } },
    });

  beforeAll(async () => {
    stack = await startTestSite('structure_vp', ADMIN_PASSWORD);
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await newContext(browser, stack.url, { locale: 'en' });
    page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);

    // Markers and a library image to pick, then a category (active), a project, a topic and a point attribute.
    for (const [name, color] of [
      ['blue-pin', '#1d4ed8'],
      ['red-pin', '#b91c1c'],
    ] as const) {
      markers.push(await uploadMarker(api(), name, color));
    }
    const png = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const image = new FormData();
    image.append('title', 'Seafront');
    image.append('tags', JSON.stringify(['sea']));
    image.append('resource', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'seafront.png');
    imageUuid = (await api().POST('/api/library', { body: image })).uuid;
    categoryToken = (await api().POST('/api/category', { body: { title: 'Coast', mname: 'coast' } })).token;
    await api().PUT('/api/category/token/{token}', {
      params: { path: { token: categoryToken } },
      body: { active: true },
    });
    projectToken = (
      await api().POST('/api/project', {
        body: { title: 'Harbour front', mname: 'harbour', category: categoryToken },
      })
    ).token;
    topicToken = (
      await api().POST('/api/node', {
        body: { project: projectToken, title: 'Seafront', mname: 'seafront' },
      })
    ).token;
    attributeToken = (
      await api().POST('/api/attribute', {
        body: {
          node: topicToken,
          name: 'Benches',
          mname: 'benches',
          has_geometry: true,
          geom_type: 'point',
          max_geom: 5,
          geom_color: '#ff0000',
        },
      })
    ).token;
  }, 240_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
  });

  const notification = (text: string | RegExp) =>
    page.getByTestId('notification').filter({ hasText: text }).first().waitFor();
  const variableBase = () =>
    `${ADMIN}/project/harbour/topic/${topicToken}/attribute/${attributeToken}/variable`;

  async function pickMarker(opener: Locator, index: number) {
    await opener.click();
    const modal = page.getByTestId('marker-select-modal');
    await modal.getByTestId('marker-choice').nth(index).click();
    await modal.waitFor({ state: 'detached' });
  }

  async function noHorizontalScroll(p: Page) {
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  /** Adds a variable with one kind through the add page; `fill` fills that kind's options. */
  async function addVariable(
    mname: string,
    kind: VariableKind['kind'],
    fill: (box: Locator) => Promise<void>,
  ) {
    await page.goto(`${variableBase()}/add`);
    await page.getByTestId('variable-form').waitFor();
    await page.getByLabel(/^Short name/).fill(mname);
    await page.locator(`#variable-type-${kind}`).check();
    const box = page.getByTestId(`kind-options-${kind}`);
    await fill(box);
    await page.getByTestId('variable-submit').click();
    await page.waitForURL(/\/variable\/[0-9a-f-]{36}\/edit$/);
    await notification('Data posted');
  }

  // What each kind's variable is given in the form, and exactly what the API must answer for it.
  const expected: Array<{ mname: string; kind: VariableKind['kind']; options: VariableKind['options'] }> = [];
  // a choice is stored with an id the server gives it
  const anyId: string = expect.any(String);
  const choices = (...labels: string[]) => labels.map((label) => ({ id: anyId, label }));

  it('creates one variable of every value and geometric type and reads them back exactly', async () => {
    // radio, with the variable's icon, tooltip and description; an empty choice is dropped, the last moved up
    await page.goto(`${variableBase()}/add`);
    await page.getByTestId('variable-form').waitFor();
    await page.getByLabel(/^Short name/).fill('Ερώτηση Ένα');
    await expect(page.getByLabel(/^Short name/).inputValue()).resolves.toBe('erotisi-ena');
    await page.getByLabel(/^Short name/).fill('v-radio');
    await pickMarker(page.getByTestId('variable-icon-choose'), 0);
    await page.getByLabel('Tooltip').fill('Pick the one you like');
    await page.getByLabel('Description').fill('Which bench design do you prefer?');
    await page.locator('#variable-type-radio').check();
    const radio = page.getByTestId('kind-options-radio');
    await radio.getByLabel('Required').check();
    await radio.getByLabel('Label', { exact: true }).fill('Bench design');
    for (let i = 0; i < 3; i++) await radio.getByTestId('choice-add').click();
    await radio.getByTestId('choice-input').nth(0).fill('Wooden');
    await radio.getByTestId('choice-input').nth(2).fill('Stone');
    await radio.getByRole('button', { name: 'Move Choice 3 up' }).click();
    await page.getByTestId('variable-submit').click();
    await page.waitForURL(/\/variable\/[0-9a-f-]{36}\/edit$/);
    await notification('Data posted');
    expected.push({
      mname: 'v-radio',
      kind: 'radio',
      options: { required: true, label: 'Bench design', choices: choices('Wooden', 'Stone') },
    });

    await addVariable('v-checkbox', 'checkbox', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('Uses');
      for (const [i, text] of ['Rest', 'Read', 'Meet'].entries()) {
        await box.getByTestId('choice-add').click();
        await box.getByTestId('choice-input').nth(i).fill(text);
      }
      // keyboard: focus "Move Choice 1 down" and press Enter
      await box.getByRole('button', { name: 'Move Choice 1 down' }).focus();
      await page.keyboard.press('Enter');
    });
    expected.push({
      mname: 'v-checkbox',
      kind: 'checkbox',
      options: { required: false, label: 'Uses', choices: choices('Read', 'Rest', 'Meet') },
    });

    await addVariable('v-document', 'document', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('Study');
      await box.getByLabel('Placeholder').fill('Attach a study');
      await box.getByLabel('Maximum size (MB)').fill('5');
      await box.getByLabel('pdf', { exact: true }).check();
      await box.getByLabel('doc', { exact: true }).check();
    });
    expected.push({
      mname: 'v-document',
      kind: 'document',
      options: {
        required: false,
        label: 'Study',
        placeholder: 'Attach a study',
        maxSize: 5,
        accepts: ['doc', 'pdf'],
      },
    });

    await addVariable('v-date', 'date', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('Visit day');
      await box.getByLabel('Earliest date').fill('2026-06-01');
      await box.getByLabel('Latest date').fill('2026-09-30');
    });
    expected.push({
      mname: 'v-date',
      kind: 'date',
      options: { required: false, label: 'Visit day', minDate: '2026-06-01', maxDate: '2026-09-30' },
    });

    for (const kind of ['text', 'string'] as const) {
      await addVariable(`v-${kind}`, kind, async (box) => {
        await box.getByLabel('Required').check();
        await box.getByLabel('Label', { exact: true }).fill(`Your ${kind}`);
        await box.getByLabel('Placeholder').fill('Write here');
        await box.getByLabel('Minimum length').fill('3');
        await box.getByLabel('Maximum length').fill('400');
      });
      expected.push({
        mname: `v-${kind}`,
        kind,
        options: {
          required: true,
          label: `Your ${kind}`,
          placeholder: 'Write here',
          minLength: 3,
          maxLength: 400,
        },
      });
    }

    await addVariable('v-photo', 'photo', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('Photo');
      await box.getByLabel('Placeholder').fill('A photo of the spot');
      await box.getByLabel('Maximum size (MB)').fill('0');
    });
    expected.push({
      mname: 'v-photo',
      kind: 'photo',
      options: { required: false, label: 'Photo', placeholder: 'A photo of the spot', maxSize: 0 },
    });

    await addVariable('v-number', 'number', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('How many');
      await box.getByLabel('Minimum length').fill('1');
      await box.getByLabel('Maximum length').fill('3');
    });
    expected.push({
      mname: 'v-number',
      kind: 'number',
      options: { required: false, label: 'How many', minLength: 1, maxLength: 3 },
    });

    await addVariable('v-resource', 'resource', async (box) => {
      await box.getByLabel('Required').check();
      await box.getByLabel('Label', { exact: true }).fill('Link');
    });
    expected.push({ mname: 'v-resource', kind: 'resource', options: { required: true, label: 'Link' } });

    await addVariable('v-library', 'library', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('Pick a view');
      await box.getByTestId('library-items-pick').click();
      const modal = page.getByTestId('library-select-modal');
      await modal.getByTestId('select-item').first().click();
      await modal.getByTestId('select-accept').click();
      await modal.waitFor({ state: 'detached' });
      await box.getByTestId('library-item').filter({ hasText: 'Seafront' }).waitFor();
      await box.getByLabel('Allow choosing more than one').check();
    });
    expected.push({
      mname: 'v-library',
      kind: 'library',
      options: { required: false, label: 'Pick a view', items: [imageUuid], allowMultiple: true },
    });

    // geometric kinds: points take a marker, lines a colour, polygons a colour and a transparency; geom_radio and
    // geom_select follow the attribute's geometry (points here)
    for (const kind of ['geom_point', 'geom_radio', 'geom_select'] as const) {
      await addVariable(`v-${kind.replace('_', '-')}`, kind, async (box) => {
        await box.getByLabel('Label', { exact: true }).fill(`Place ${kind}`);
        await box.getByLabel('Number of geometries').fill('2');
        await box.getByTestId('geo-choice-add').click();
        await box.getByLabel('Label of choice 1').fill('New bench');
        await pickMarker(box.getByTestId('geo-choice-marker-choose'), 1);
      });
      expected.push({
        mname: `v-${kind.replace('_', '-')}`,
        kind,
        options: {
          required: false,
          label: `Place ${kind}`,
          numberOfGeometries: 2,
          geometricChoices: [{ id: anyId, label: 'New bench', marker: markers[1] as string }],
        },
      });
    }
    await addVariable('v-geom-line', 'geom_line', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('Paths');
      for (const [i, label] of ['Walk', 'Cycle'].entries()) {
        await box.getByTestId('geo-choice-add').click();
        await box.getByLabel(`Label of choice ${i + 1}`).fill(label);
      }
      await expect(box.getByLabel('Colour of choice 1').inputValue()).resolves.toBe('#ffffff');
      await box.getByLabel('Colour of choice 2').fill('#00aa55');
    });
    expected.push({
      mname: 'v-geom-line',
      kind: 'geom_line',
      options: {
        required: false,
        label: 'Paths',
        numberOfGeometries: 1,
        geometricChoices: [
          { id: anyId, label: 'Walk', color: '#ffffff' },
          { id: anyId, label: 'Cycle', color: '#00aa55' },
        ],
      },
    });
    await addVariable('v-geom-polygon', 'geom_polygon', async (box) => {
      await box.getByLabel('Label', { exact: true }).fill('Areas');
      await box.getByTestId('geo-choice-add').click();
      await box.getByLabel('Label of choice 1').fill('Park');
      await box.getByLabel('Colour of choice 1').fill('#22aa22');
      const transparency = box.getByLabel('Transparency of choice 1');
      await expect(transparency.inputValue()).resolves.toBe('1');
      await transparency.focus();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
      await expect(transparency.inputValue()).resolves.toBe('0.9');
    });
    expected.push({
      mname: 'v-geom-polygon',
      kind: 'geom_polygon',
      options: {
        required: false,
        label: 'Areas',
        numberOfGeometries: 1,
        geometricChoices: [{ id: anyId, label: 'Park', color: '#22aa22', transparency: 0.9 }],
      },
    });

    const stored = await storedVariables();
    expect(stored.map((v) => v.mname)).toEqual(expected.map((e) => e.mname));
    expect(stored.map((v) => v.sort_order)).toEqual(expected.map((_, i) => i + 1));
    expect(stored.map((v) => ({ mname: v.mname, variable_type: v.variable_type }))).toEqual(
      expected.map((e) => ({ mname: e.mname, variable_type: [{ kind: e.kind, options: e.options }] })),
    );
    const first = stored[0] as VariableWire;
    expect({ icon: first.icon, tooltip: first.tooltip, description: first.description }).toEqual({
      icon: markers[0],
      tooltip: 'Pick the one you like',
      description: 'Which bench design do you prefer?',
    });
    expect(new Set(stored.map((v) => v.attribute))).toEqual(new Set([attributeToken]));
    // every kind is there once
    expect(new Set(stored.map((v) => v.variable_type[0]?.kind)).size).toBe(15);
  });

  it('refuses a short name that exists in the attribute, and edits sending only what changed', async () => {
    await page.goto(`${variableBase()}/add`);
    await page.getByTestId('variable-form').waitFor();
    await page.getByLabel(/^Short name/).fill('v-text');
    await page.getByText('This value already exists!').waitFor();

    const stored = await storedVariables();
    const text = stored.find((v) => v.mname === 'v-text') as VariableWire;
    await page.goto(`${variableBase()}/${text.token}/edit`);
    await page.getByTestId('variable-form').waitFor();
    await expect(page.getByTestId('variable-submit').textContent()).resolves.toBe('Save');
    await expect(page.getByLabel('Minimum length').inputValue()).resolves.toBe('3');
    await page.getByLabel('Tooltip').fill('Be brief');
    await page.locator('#variable-type-number').check();
    const number = page.getByTestId('kind-options-number');
    await number.getByLabel('Label', { exact: true }).fill('Count');
    await page.getByRole('button', { name: 'Move Number up' }).click();
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/variable/token/${text.token}`),
    );
    await page.getByTestId('variable-submit').click();
    const body = (await put).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['tooltip', 'variable_type']);
    await notification('Successful update');
    const after = (await storedVariables()).find((v) => v.token === text.token) as VariableWire;
    expect(after.tooltip).toBe('Be brief');
    expect(after.variable_type).toEqual([
      { kind: 'number', options: { required: false, label: 'Count' } },
      { kind: 'text', options: expected.find((e) => e.mname === 'v-text')?.options },
    ]);
    // unchanged: Save sends nothing
    let sent = false;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/variable/')) sent = true;
    });
    await page.reload();
    await page.getByTestId('variable-form').waitFor();
    await page.getByTestId('variable-submit').click();
    // a read after the click: a PUT sent by the click would have gone out before it
    await storedVariables();
    expect(sent).toBe(false);

    // the form at phone width, and axe
    await page.setViewportSize({ width: 390, height: 800 });
    await noHorizontalScroll(page);
    const axe = await new AxeBuilder({ page }).include('[data-testid="variable-form"]').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('adds a variable from the plan screen in a modal; Esc in the marker picker closes the picker only', async () => {
    await page.goto(`${ADMIN}/project/harbour/plan`);
    const attribute = page.getByTestId('plan-attribute').first();
    await attribute.waitFor();
    await attribute.getByTestId('plan-attribute-menu-button').click();
    await page.getByTestId('menu-add').click();
    const editor = page.getByTestId('plan-editor');
    await editor.getByTestId('variable-form').waitFor();
    await editor.getByLabel(/^Short name/).fill('v-modal');
    await editor.getByTestId('variable-icon-choose').click();
    await page.getByTestId('marker-select-modal').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('marker-select-modal').waitFor({ state: 'detached' });
    await expect(editor.getByLabel(/^Short name/).inputValue()).resolves.toBe('v-modal');
    await editor.locator('#variable-type-resource').check();
    await editor.getByTestId('variable-submit').click();
    await editor.waitFor({ state: 'detached' });
    await notification('Data posted');
    const stored = await storedVariables();
    expect(stored.at(-1)).toMatchObject({
      mname: 'v-modal',
      icon: '',
      variable_type: [{ kind: 'resource', options: { required: false, label: '' } }],
    });
  });

  it('builds the consultation profile for both roles: add, reorder, edit in place, delete', async () => {
    await page.goto(`${ADMIN}/profile`);
    await page.getByTestId('profile-category').waitFor();
    await expect(page.getByTestId('profile-category').textContent()).resolves.toBe('Category: Coast');

    async function addQuestion(text: string, weight: string, choices: Array<[string, number, string]>) {
      await page.getByTestId('add-question').click();
      const form = page.getByTestId('new-question');
      await form.getByLabel(/^Question/).fill(text);
      await form.locator('input[name="weight"]').fill(weight);
      for (const [i, [content, marker, w]] of choices.entries()) {
        if (i > 0) await form.getByTestId('new-question-choice-add').click();
        const row = form.getByTestId('new-question-choice-row').nth(i);
        await row.getByLabel(/^Content/).fill(content);
        await pickMarker(row.getByRole('button', { name: 'Choose icon' }), marker);
        await row.getByLabel(/^Weight/).fill(w);
      }
      await form.getByTestId('new-question-add').click();
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('question-text').filter({ hasText: text }).waitFor();
    }
    const texts = () => page.getByTestId('question-text').allTextContents();

    // required fields
    await page.getByTestId('add-question').click();
    await page.getByTestId('new-question-add').click();
    await notification('The form contains invalid fields');
    expect(await page.getByTestId('new-question').getByText('This value is required.').count()).toBe(5);
    await page.getByTestId('new-question-cancel').click();

    await addQuestion('How long have you lived by the sea?', '2', [
      ['Less than a year', 0, '1'],
      ['More than a year', 1, '3'],
    ]);
    await addQuestion('Do you own a boat?', '1', [['Yes', 0, '5']]);
    await addQuestion('A question to delete', '1', [['Maybe', 1, '1']]);
    expect(await texts()).toEqual([
      'How long have you lived by the sea?',
      'Do you own a boat?',
      'A question to delete',
    ]);

    // reorder with the keyboard: the boat question to the top
    await page.getByRole('button', { name: 'Move Question 2 up' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="question-text"]')?.textContent === 'Do you own a boat?',
    );

    // edit in place: the boat question's weight
    await page.getByRole('button', { name: 'Edit question 1' }).click();
    const editing = page.getByTestId('profile-question').first();
    await editing.getByLabel(/^Weight/).fill('4');
    await editing.getByTestId('question-save').click();
    await notification('Successful update');
    await editing.getByTestId('question-weight').filter({ hasText: 'Weight: 4' }).waitFor();

    // a second choice for the boat question, moved above the first; the first choice's content edited in place
    const boat = page.getByTestId('profile-question').first();
    await boat.getByTestId('question-add-choice').click();
    const adding = boat.getByTestId('new-choice');
    await adding.getByLabel(/^Content/).fill('No');
    await pickMarker(adding.getByRole('button', { name: 'Choose icon' }), 1);
    await adding.getByLabel(/^Weight/).fill('0');
    await adding.getByTestId('new-choice-add').click();
    await boat.getByTestId('choice-content').filter({ hasText: 'No' }).waitFor();
    await boat.getByRole('button', { name: 'Move Choice 2 up' }).click();
    await page.waitForFunction(() => {
      const first = document.querySelector('[data-testid="profile-question"]');
      return first?.querySelector('[data-testid="choice-content"]')?.textContent === 'No';
    });
    await boat.getByRole('button', { name: 'Edit choice 2' }).click();
    await boat.getByLabel(/^Content/).fill('Yes, a small one');
    await boat.getByTestId('choice-save').click();
    await boat.getByTestId('choice-content').filter({ hasText: 'Yes, a small one' }).waitFor();

    // delete the third question after the confirmation
    await page.getByRole('button', { name: 'Delete question 3' }).click();
    await page.getByTestId('confirm-yes').click();
    await notification('Data deleted');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="profile-question"]').length === 2,
    );

    // the participants' tab
    await page.getByRole('tab', { name: 'Experts' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('profile-role-normal').waitFor();
    await addQuestion('Which beach do you visit?', '1', [
      ['North beach', 0, '2'],
      ['South beach', 1, '2'],
    ]);
    await addQuestion('How often do you swim?', '2', [['Every week', 0, '1']]);

    // drag and drop with the mouse: the second question onto the first
    const handle = page.getByTestId('profile-question').nth(1).getByTestId('question-drag');
    const from = (await handle.boundingBox())!;
    const to = (await page.getByTestId('profile-question').first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="question-text"]')?.textContent === 'How often do you swim?',
    );
    await page
      .getByTestId('profile-order-status')
      .filter({ hasText: 'How often do you swim? saved at position 1 of 2.' })
      .waitFor();
    // and with the keyboard: Space lifts a choice, ArrowUp moves it, Space drops it
    const beach = page.getByTestId('profile-question').nth(1);
    await beach.getByTestId('choice-drag').nth(1).focus();
    // each step waits for the one before: the handle pressed, then the screen-reader announcements
    await page.keyboard.press('Space');
    await beach.locator('[data-testid="choice-drag"][aria-pressed="true"]').waitFor();
    // dnd-kit's keyboard sensor starts listening for arrows a task after the lift and measures the choices
    // first, so an early ArrowUp can go unheard: press again until it is announced (at the top, ArrowUp stays)
    const over = page.getByText('South beach is over position 1 of 2.');
    for (let attempt = 0; attempt < 10 && !(await over.count()); attempt += 1) {
      await page.keyboard.press('ArrowUp');
      await over.waitFor({ state: 'attached', timeout: 1000 }).catch(() => undefined);
    }
    await over.waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    // the drop is said once the server has the new order: the API read below sees it
    await page
      .getByTestId('profile-role-normal')
      .getByTestId('profile-order-status')
      .filter({ hasText: 'South beach saved at position 1 of 2.' })
      .waitFor();
    await beach.getByTestId('choice-content').first().filter({ hasText: 'South beach' }).waitFor();

    const plain = (list: ProfileQuestionWire[]) =>
      list.map((q) => ({
        question: q.question,
        weight: q.weight,
        sort_order: q.sort_order,
        role: q.role,
        category: q.category,
        choices: q.choices.map((c) => ({
          content: c.content,
          icon: c.icon,
          weight: c.weight,
          sort_order: c.sort_order,
        })),
      }));
    const expert = await profileQuestions('expert');
    expect(plain(expert)).toEqual([
      {
        question: 'Do you own a boat?',
        weight: 4,
        sort_order: 1,
        role: 'expert',
        category: categoryToken,
        choices: [
          { content: 'No', icon: markers[1], weight: 0, sort_order: 1 },
          { content: 'Yes, a small one', icon: markers[0], weight: 5, sort_order: 2 },
        ],
      },
      {
        question: 'How long have you lived by the sea?',
        weight: 2,
        sort_order: 2,
        role: 'expert',
        category: categoryToken,
        choices: [
          { content: 'Less than a year', icon: markers[0], weight: 1, sort_order: 1 },
          { content: 'More than a year', icon: markers[1], weight: 3, sort_order: 2 },
        ],
      },
    ]);
    const normal = await profileQuestions('normal');
    expect(plain(normal)).toEqual([
      {
        question: 'How often do you swim?',
        weight: 2,
        sort_order: 1,
        role: 'normal',
        category: categoryToken,
        choices: [{ content: 'Every week', icon: markers[0], weight: 1, sort_order: 1 }],
      },
      {
        question: 'Which beach do you visit?',
        weight: 1,
        sort_order: 2,
        role: 'normal',
        category: categoryToken,
        choices: [
          { content: 'South beach', icon: markers[1], weight: 2, sort_order: 1 },
          { content: 'North beach', icon: markers[0], weight: 2, sort_order: 2 },
        ],
      },
    ]);

    await page.setViewportSize({ width: 390, height: 800 });
    await noHorizontalScroll(page);
    const axe = await new AxeBuilder({ page }).include('[data-testid="profile-page"]').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('uploads a choice icon in the browser: checked and stored by the library, shown from its URL', async () => {
    await page.goto(`${ADMIN}/profile`);
    const first = page.getByTestId('profile-question').first();
    await first.waitFor();
    await first.getByTestId('question-add-choice').click();
    const adding = first.getByTestId('new-choice');
    await adding.getByLabel(/^Content/).fill('Sometimes');
    await adding.getByLabel(/^Weight/).fill('2');
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#f59e0b' } })
      .png()
      .toBuffer();
    await adding
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sometimes.png', mimeType: 'image/png', buffer: png });
    await adding.locator('img[src^="blob:"]').waitFor();
    await adding.getByTestId('new-choice-add').click();
    await first.getByTestId('choice-content').filter({ hasText: 'Sometimes' }).waitFor();

    const questions = await profileQuestions('expert');
    const added = questions.flatMap((q) => q.choices).find((c) => c.content === 'Sometimes');
    expect(added?.icon).toMatch(/^\/api\/library\/files\/icons\/sometimes-[0-9a-f]{8}\.png$/);
    // the screen shows the stored icon, loaded from the library
    await page.waitForFunction(
      (src) =>
        [...document.querySelectorAll<HTMLImageElement>('[data-testid="profile-question"] img')].some(
          (img) => img.getAttribute('src') === src && img.complete && img.naturalWidth === 48,
        ),
      added?.icon,
    );
  });

  it('creates a thread on the project from the plan screen and replies on /forum/{id}', async () => {
    await page.goto(`${ADMIN}/project/harbour/plan`);
    await page.getByTestId('plan-page').waitFor();
    await page.getByTestId('plan-settings-button').click();
    await page.getByTestId('settings-thread').click();
    const modal = page.getByTestId('create-thread-modal');
    await modal.getByLabel(/^Title/).fill('Too short');
    await modal.getByText('Write at least 15 characters.').waitFor();
    await modal.getByLabel(/^Title/).fill('Benches on the seafront');
    await modal.getByLabel(/^Message/).fill('Where should the new benches go? Tell us here.');
    await expect(modal.getByTestId('thread-message-counter').textContent()).resolves.toBe(
      '46 characters (at least 20)',
    );
    await modal.getByTestId('thread-create').click();
    await modal.waitFor({ state: 'detached' });
    await notification('Data posted');
    const link = page.getByTestId('plan-project-forum');
    await link.waitFor();
    const href = (await link.getAttribute('href')) as string;
    expect(href).toMatch(/^\/forum\/\d+$/);
    const project = await api().GET('/api/project/token/{token}', {
      params: { path: { token: projectToken } },
    });
    expect(project.forum_topic_url).toBe(href);
    expect(`/forum/${project.forum_topic_id}`).toBe(href);

    await page.goto(href);
    await page.getByTestId('forum-thread').waitFor();
    await expect(page.getByTestId('forum-title').textContent()).resolves.toBe('Benches on the seafront');
    await expect(page.getByTestId('forum-post-content').first().textContent()).resolves.toBe(
      'Where should the new benches go? Tell us here.',
    );
    await page.getByLabel('Your reply').fill('Near the lighthouse, facing the sunset please.');
    await page.getByTestId('forum-reply-send').click();
    await page.getByTestId('forum-post').nth(1).waitFor();
    await expect(page.getByTestId('forum-post-content').nth(1).textContent()).resolves.toBe(
      'Near the lighthouse, facing the sunset please.',
    );
    expect(await page.getByTestId('forum-post-date').nth(1).textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2}$/,
    );
    const topic = await api().GET('/api/forumPosts/topicID/{id}', {
      params: { path: { id: String(project.forum_topic_id) } },
    });
    expect(topic.title).toBe('Benches on the seafront');
    expect(topic.posts.map((p) => p.content)).toEqual([
      'Where should the new benches go? Tell us here.',
      'Near the lighthouse, facing the sunset please.',
    ]);

    await page.setViewportSize({ width: 390, height: 800 });
    await noHorizontalScroll(page);
    const axe = await new AxeBuilder({ page }).include('[data-testid="forum-thread"]').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
