// Categories and projects of the structure administration end to end, in Chromium, on a fresh database (one
// process, real PostgreSQL): a category made active with 'Save and make Active' shows in the aside's categories
// tab and reads back with every field; the tab's hover toolbox and active checkbox, and categories reordered by
// drag and drop; a project with a WMS layer and a legislation row; two projects reordered by drag and drop; an
// edit and a delete; both languages; the screens at phone width; no serious accessibility violations.
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { ApiClient } from '@agora/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { loginAs, newContext } from './support/browser.js';
import { dragTo } from './support/drag.js';
import { typedApi } from './support/api.js';

const ADMIN_PASSWORD = 'structure-admin-pw';
const ADMIN = '/admin/administration';
const WMS_URL = 'http://127.0.0.1:9/geoserver/wms';

/** Reads until the value equals `expected` (or time runs out, then fails showing the last value). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

describe('structure: categories and projects', () => {
  let site: AdminSite;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let categoryToken = '';

  beforeAll(async () => {
    site = await openAdminSite('structure_cat_proj', ADMIN_PASSWORD);
    ({ context, page, api } = site);
  }, 180_000);

  afterAll(async () => {
    await site?.close();
  });

  const notification = (p: Page, text: string | RegExp) =>
    p.getByTestId('notification').filter({ hasText: text }).first().waitFor();

  /** Uploads a generated PNG to the media library; answers its URL. */
  async function uploadImage(title: string, alt: string): Promise<string> {
    const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const upload = new FormData();
    upload.append('title', title);
    upload.append('tags', JSON.stringify(['squares']));
    upload.append('alt_text', alt);
    upload.append('resource', new Blob([new Uint8Array(buffer)], { type: 'image/png' }), 'square.png');
    return (await typedApi(context).POST('/api/library', { body: upload })).resource;
  }

  async function openAside(p: Page) {
    const toggle = p.getByTestId('aside-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    return p.getByTestId('categories-tab');
  }

  async function addProject(title: string, mname: string): Promise<void> {
    await page.goto(`${ADMIN}/project/add`);
    await page.getByTestId('project-form').waitFor();
    await page.getByLabel('Title *', { exact: true }).fill(title);
    await expect(page.getByLabel('Short name *').inputValue()).resolves.toBe(mname);
    await page.getByTestId('project-save').click();
    await page.waitForURL(`**${ADMIN}/project/${mname}/edit`);
  }

  it("creates a category with 'Save and make Active'; it shows in the aside as the active one", async () => {
    await page.goto(`${ADMIN}/project/list`);
    await page.getByTestId('no-active-category').waitFor();
    await page.getByTestId('no-active-category-add').click();
    await page.waitForURL(`**${ADMIN}/category/add`);
    await page.getByTestId('category-form').waitFor();
    await page.getByLabel('Title *').fill('Κέντρο Αθήνας');
    await expect(page.getByLabel('Short name *').inputValue()).resolves.toBe('kentro-athinas');
    await page.getByLabel('Summary').fill('Η πλατεία και οι δρόμοι γύρω της');
    await page.getByLabel('Forum welcome message').fill('Καλώς ήρθατε στη συζήτηση');
    await page.getByLabel('Anyone can enrol (autosubscribe)').check();
    // the summary image comes from the media library
    const image = await uploadImage('Syntagma square', 'The square seen from the parliament');
    await page.getByTestId('summary-img-pick').click();
    const modal = page.getByTestId('library-select-modal');
    await modal.getByTestId('select-item').filter({ hasText: 'Syntagma square' }).click();
    await modal.getByTestId('select-accept').click();
    await expect(page.getByTestId('summary-img-preview').getAttribute('src')).resolves.toBe(image);
    await expect(page.getByLabel('Alternative text of the image').inputValue()).resolves.toBe(
      'The square seen from the parliament',
    );
    await page.getByTestId('category-save-active').click();
    await notification(page, 'Data posted');
    await page.waitForURL(/\/category\/[0-9a-f-]{36}\/edit$/);
    categoryToken = page.url().split('/').at(-2) as string;

    const tab = await openAside(page);
    const card = tab.getByTestId('category-card').filter({ hasText: 'Κέντρο Αθήνας' });
    await card.waitFor();
    expect(await card.getAttribute('data-active')).toBe('true');
    expect(await card.getAttribute('class')).not.toContain('is-inactive');
    await expect(card.locator('img').getAttribute('src')).resolves.toBe(image);

    // a second, inactive category is dimmed; ticking its checkbox would make it the only active one
    await tab.getByTestId('category-add').click();
    await page.waitForURL(`**${ADMIN}/category/add`);
    await page.getByLabel('Title *').fill('Second area');
    await page.getByTestId('category-save').click();
    await page.waitForURL(/\/category\/[0-9a-f-]{36}\/edit$/);
    const second = tab.getByTestId('category-card').filter({ hasText: 'Second area' });
    await second.waitFor();
    expect(await second.getAttribute('class')).toContain('is-inactive');
    const categories = await api.GET('/api/category');
    expect(categories.map((c) => [c.mname, c.active])).toEqual([
      ['kentro-athinas', true],
      ['second-area', false],
    ]);
    // read back: every field as it was entered
    const saved = await api.GET('/api/category/token/{token}', {
      params: { path: { token: categoryToken } },
    });
    expect(saved).toEqual({
      token: categoryToken,
      mname: 'kentro-athinas',
      title: 'Κέντρο Αθήνας',
      summary: expect.stringContaining('Η πλατεία και οι δρόμοι γύρω της') as unknown as string,
      summary_img: image,
      summary_img_alt: 'The square seen from the parliament',
      active: true,
      autosubscribe: true,
      forum_welcome_message: 'Καλώς ήρθατε στη συζήτηση',
      has_answered: false,
      consultation: false,
      sort_order: 1,
      projects: [],
    });
    // the details page shows every field
    await page.goto(`${ADMIN}/category/${categoryToken}`);
    await expect(page.getByTestId('category-welcome').textContent()).resolves.toBe(
      'Καλώς ήρθατε στη συζήτηση',
    );
  });

  it('creates a project with a WMS layer and a legislation row, shown on the preview map', async () => {
    await page.goto(`${ADMIN}/project/list`);
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('project-add').click();
    await page.getByTestId('project-form').waitFor();
    await page.getByLabel('Title *', { exact: true }).fill('Πλατεία Συντάγματος');
    await expect(page.getByLabel('Short name *').inputValue()).resolves.toBe('plateia-syntagmatos');
    await page.getByTestId('add-wms').click();
    const wms = page.getByTestId('row-wms');
    await wms.getByLabel('Title *').fill('Cadastre');
    await wms.getByLabel('WMS URL *').fill(WMS_URL);
    await wms.getByLabel('Layers *').fill('parcels');
    await page.getByTestId('add-legislation').click();
    const law = page.getByTestId('row-legislation');
    await law.getByLabel('Title *').fill('Law 4412/2016');
    await law.getByLabel('File URL *').fill('/files/law-4412.pdf');
    // the WMS layer is drawn on the preview map
    const map = page.getByTestId('project-map');
    await expect(map.getAttribute('data-wms-layers')).resolves.toBe('1');
    await map.locator(`img[src^="${WMS_URL}"]`).first().waitFor({ state: 'attached' });
    // a click on the map moves the centre (typed as coordinates in EPSG:2100 by default)
    const northing = page.getByLabel(/^Y \(northing\)/);
    const before = await northing.inputValue();
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await eventually(async () => (await northing.inputValue()) !== before, true);
    await page.getByTestId('project-save').click();
    await notification(page, 'Data posted');
    await page.waitForURL(`**${ADMIN}/project/plateia-syntagmatos/edit`);

    const saved = await api.GET('/api/project/mname/{mname}', {
      params: { path: { mname: 'plateia-syntagmatos' } },
    });
    expect(saved.wms_services).toEqual([{ title: 'Cadastre', WMSurl: WMS_URL, layers: 'parcels' }]);
    expect(saved.legislation).toEqual([{ title: 'Law 4412/2016', file: '/files/law-4412.pdf' }]);
    expect(saved.category?.token).toBe(categoryToken);
    await page.getByLabel('Coordinate system').selectOption('EPSG:4326');
    expect(saved.center?.lat).toBeCloseTo(Number(await page.getByLabel(/^Latitude/).inputValue()), 6);
  });

  it('reorders two projects by drag and drop in edit mode', async () => {
    await addProject('Λόφος Φιλοπάππου', 'lofos-filopappou');
    await page.goto(`${ADMIN}/project/list`);
    const rows = page.getByTestId('project-row');
    await eventually(() => rows.count(), 2);
    expect(await rows.locator('td:first-child').allTextContents()).toEqual([
      'Πλατεία Συντάγματος',
      'Λόφος Φιλοπάππου',
    ]);
    await page.getByTestId('projects-reorder').click();
    await page.getByTestId('project-handle').nth(1).waitFor(); // the drag-and-drop code loads now
    const to = await page.getByTestId('project-handle').nth(0).boundingBox();
    if (!to) throw new Error('no handles');
    await dragTo(page, page.getByTestId('project-handle').nth(1), { x: to.x + to.width / 2, y: to.y + 2 });
    await notification(page, 'Successful update');
    const order = await api.GET('/api/project/category/{category}', {
      params: { path: { category: categoryToken } },
    });
    expect(order.map((p) => [p.mname, p.sort_order])).toEqual([
      ['lofos-filopappou', 1],
      ['plateia-syntagmatos', 2],
    ]);
    await page.reload();
    await eventually(
      () => rows.locator('td:first-child').allTextContents(),
      ['Λόφος Φιλοπάππου', 'Πλατεία Συντάγματος'],
    );
  });

  it('edits a project: the public date follows "Results will be published", only changes are sent', async () => {
    await page.goto(`${ADMIN}/project/list`);
    await page
      .getByTestId('project-row')
      .filter({ hasText: 'lofos-filopappou' })
      .getByTestId('project-edit')
      .click();
    await page.getByTestId('project-form').waitFor();
    await expect(page.getByLabel('Title *', { exact: true }).inputValue()).resolves.toBe('Λόφος Φιλοπάππου');
    expect(await page.getByLabel('Publication date').isDisabled()).toBe(true);
    const puts: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/project/token/')) puts.push(r.postDataJSON());
    });
    await page.getByLabel('Title *', { exact: true }).fill('Λόφος Φιλοπάππου και Πνύκα');
    await page.getByLabel('Results will be published').check();
    expect(await page.getByLabel('Publication date').isDisabled()).toBe(false);
    const today = await page.getByLabel('Publication date').inputValue();
    await page.getByLabel('End date *').fill('2000-01-01');
    await page.getByText('The end date cannot be before the start date.').waitFor();
    await page.getByLabel('End date *').fill('2099-12-31');
    await page.getByTestId('project-save').click();
    await notification(page, 'Successful update');
    expect(puts).toEqual([
      { title: 'Λόφος Φιλοπάππου και Πνύκα', is_public: true, public_date: today, end_date: '2099-12-31' },
    ]);
    const saved = await api.GET('/api/project/mname/{mname}', {
      params: { path: { mname: 'lofos-filopappou' } },
    });
    expect([saved.title, saved.is_public, saved.public_date, saved.end_date]).toEqual([
      'Λόφος Φιλοπάππου και Πνύκα',
      true,
      today,
      '2099-12-31',
    ]);
  });

  it("deletes a project after the 'drop confirm' dialog", async () => {
    await page.goto(`${ADMIN}/project/list`);
    await page
      .getByTestId('project-row')
      .filter({ hasText: 'lofos-filopappou' })
      .getByTestId('project-drop')
      .click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('confirm-yes').click();
    await notification(page, 'Data deleted');
    await eventually(() => page.getByTestId('project-row').count(), 1);
    const left = await api.GET('/api/project/category/{category}', {
      params: { path: { category: categoryToken } },
    });
    expect(left.map((p) => p.mname)).toEqual(['plateia-syntagmatos']);
  });

  it('the categories tab: a toolbox on hover, the active checkbox, and drag and drop to reorder', async () => {
    await page.goto(`${ADMIN}/project/list`);
    const tab = await openAside(page);
    const card = (title: string) => tab.getByTestId('category-card').filter({ hasText: title });
    await card('Second area').waitFor();
    const opacity = (title: string) =>
      card(title)
        .getByTestId('category-tools')
        .evaluate((el) => getComputedStyle(el).opacity);
    // the toolbox (edit, active) shows while the pointer is over the card
    await page.mouse.move(0, 0);
    await eventually(() => opacity('Second area'), '0');
    await card('Second area').hover();
    await eventually(() => opacity('Second area'), '1');
    const actives = async () => (await api.GET('/api/category')).map((c) => [c.mname, c.active] as const);

    // ticking makes it the only active category; unticking leaves none (the box follows the saved state, so it is
    // clicked, and its state read once the server has answered)
    const box = (title: string) => card(title).getByTestId('category-active');
    await box('Second area').click();
    await notification(page, 'Successful update');
    await eventually(actives, [
      ['kentro-athinas', false],
      ['second-area', true],
    ]);
    await eventually(() => card('Κέντρο Αθήνας').getAttribute('data-active'), 'false');
    await eventually(() => box('Second area').isChecked(), true);
    await box('Second area').click();
    await eventually(actives, [
      ['kentro-athinas', false],
      ['second-area', false],
    ]);
    await eventually(() => box('Second area').isChecked(), false);
    await card('Κέντρο Αθήνας').hover();
    await box('Κέντρο Αθήνας').click();
    await eventually(actives, [
      ['kentro-athinas', true],
      ['second-area', false],
    ]);
    await eventually(() => box('Κέντρο Αθήνας').isChecked(), true);
    expect(await card('Κέντρο Αθήνας').getAttribute('class')).not.toContain('is-inactive');

    // no drag handles outside the reorder mode; in it, drag the second card above the first: the order is saved
    expect(await tab.getByTestId('category-handle').count()).toBe(0);
    await tab.getByTestId('categories-reorder').click();
    await card('Second area').getByTestId('category-handle').waitFor();
    const to = await card('Κέντρο Αθήνας').getByTestId('category-handle').boundingBox();
    if (!to) throw new Error('no handles');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/category/sortOrder') && r.request().method() === 'PUT',
    );
    await dragTo(page, card('Second area').getByTestId('category-handle'), {
      x: to.x + to.width / 2,
      y: to.y + 2,
    });
    expect((await saved).status()).toBe(200);
    await notification(page, 'Successful update');
    const order = await api.GET('/api/category');
    expect(order.map((c) => [c.mname, c.sort_order])).toEqual([
      ['second-area', 1],
      ['kentro-athinas', 2],
    ]);
    await page.reload();
    const reloaded = await openAside(page);
    await eventually(
      () => reloaded.getByTestId('category-card').locator('.st-cat-title').allTextContents(),
      ['Second area', 'Κέντρο Αθήνας'],
    );
  });

  it('speaks Greek, fits a phone (390 px) and has no serious accessibility violations', async () => {
    const phone = await newContext(site.browser, site.stack.url, { locale: 'el', width: 390 });
    const p = await phone.newPage();
    await loginAs(p, 'admin', ADMIN_PASSWORD);
    const found: string[] = [];
    const routes: Array<[string, string]> = [
      [`${ADMIN}/project/list`, 'Έργα'],
      [`${ADMIN}/project/add`, 'Προσθήκη έργου'],
      [`${ADMIN}/project/plateia-syntagmatos/edit`, 'Επεξεργασία έργου'],
      [`${ADMIN}/category/add`, 'Προσθήκη κατηγορίας'],
      [`${ADMIN}/category/${categoryToken}/edit`, 'Επεξεργασία κατηγορίας'],
      [`${ADMIN}/category/${categoryToken}`, 'Κέντρο Αθήνας'],
    ];
    for (const [route, heading] of routes) {
      await p.goto(route);
      await p.getByTestId('mf-admin-structure-page').waitFor();
      await eventually(() => p.locator('h1').first().textContent(), heading);
      await p
        .getByTestId('loading')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shot = await p.screenshot({
        fullPage: true,
        path: path.join(site.stack.dataDir, `phone-${found.length}.png`),
      });
      expect(shot.length).toBeGreaterThan(1000);
      const result = await new AxeBuilder({ page: p }).analyze();
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        found.push(`${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    // the categories tab in the aside, in Greek
    const tab = await openAside(p);
    await expect(tab.locator('h3').textContent()).resolves.toBe('Κατηγορίες');
    await expect(tab.getByTestId('category-add').textContent()).resolves.toBe('Προσθήκη κατηγορίας');
    const result = await new AxeBuilder({ page: p }).include('#sh-aside').analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      found.push(`aside ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    expect(found).toEqual([]);
    await phone.close();
  });
});
