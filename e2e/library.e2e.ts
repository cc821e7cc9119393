// The library remote end to end, in Chromium, on a fresh database (one process, real PostgreSQL): upload with
// progress and cancel, edit, tag filter, slide show, select modal, documentation of both types with the viewer, a
// library view with its public page, export then restore, the backup API switch, the file browser, and the
// screens at phone width in Greek.
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { startTestSite, type TestSite } from './support/site.js';
import { typedApi } from './support/api.js';

const ADMIN_PASSWORD = 'library-admin-pw';

function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

describe('library remote', () => {
  let site: TestSite;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    site = await startTestSite('library', ADMIN_PASSWORD);
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await newContext(browser, site.url, { locale: 'en' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await site?.stop();
  });

  const notification = (text: string | RegExp) =>
    page.getByTestId('notification').filter({ hasText: text }).first().waitFor();

  async function upload(title: string, tag: string, color: string): Promise<string> {
    await page.goto('/admin/library/upload');
    await page.getByTestId('upload-form').waitFor();
    await page.getByLabel('Title').fill(title);
    await page
      .getByTestId('image-input')
      .setInputFiles({ name: `${title}.png`, mimeType: 'image/png', buffer: await png(color) });
    await page.getByTestId('image-preview').waitFor();
    await page.locator('input[role="combobox"]').fill(tag);
    await page.locator('input[role="combobox"]').press('Enter');
    await page.getByTestId('tag-chip').filter({ hasText: tag }).waitFor();
    await page.getByLabel('Description').fill(`${title}, seen from the pier`);
    await page.getByLabel('Alternative text').fill(`${title} photo`);
    await page.getByTestId('upload-submit').click();
    await page.waitForURL(/\/admin\/library\/upload\/item\/[0-9a-f-]{36}$/);
    return page.url().split('/').pop() as string;
  }

  it('redirects /admin/library to an empty gallery with the library sub-navigation', async () => {
    await page.goto('/admin/library');
    await page.waitForURL('**/admin/library/gallery');
    await page.getByTestId('empty-state').waitFor();
    const links = page.getByRole('navigation', { name: 'Library' }).getByRole('link');
    expect(await links.allTextContents()).toEqual(['Gallery', 'Upload', 'Documentation', 'Views', 'Backups']);
  });

  it('uploads with a progress modal, and a held upload can be cancelled', async () => {
    // Hold the first upload until the modal has been seen.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await gate;
      await route.continue();
    };
    await page.route('**/api/library', hold);
    await page.goto('/admin/library/upload');
    await page.getByLabel('Title').fill('Harbour');
    await page
      .getByTestId('image-input')
      .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await png('#2255aa') });
    await page.locator('input[role="combobox"]').fill('port');
    await page.locator('input[role="combobox"]').press('Enter');
    await page.getByTestId('upload-submit').click();
    const modal = page.getByTestId('upload-progress-modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Please wait while uploading...');
    expect(await page.getByTestId('upload-percent').textContent()).toMatch(/^\d{1,3}%$/);
    release();
    await page.waitForURL(/\/admin\/library\/upload\/item\/[0-9a-f-]{36}$/);
    await notification('Data uploaded');
    await page.unroute('**/api/library', hold);

    // A second upload that never gets an answer: cancel it. The held request is aborted before the route goes:
    // a route removed while its handler still waits lets the request go on to the server.
    let held: Route | undefined;
    const never = (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      held = route;
      return new Promise<void>(() => undefined);
    };
    await page.route('**/api/library', never);
    await page.goto('/admin/library/upload');
    await page.getByLabel('Title').fill('Never');
    await page
      .getByTestId('image-input')
      .setInputFiles({ name: 'never.png', mimeType: 'image/png', buffer: await png('#999999') });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-progress-modal').waitFor();
    await page.getByTestId('upload-cancel').click();
    await notification('Operation canceled by the user.');
    await page.getByTestId('upload-progress-modal').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/library/upload');
    await held?.abort().catch(() => undefined);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('edits an item and lists the recent relevant images beside the form', async () => {
    await upload('Lighthouse', 'sea', '#aa5522');
    await page.getByLabel('Title').fill('Lighthouse at dusk');
    await page.getByTestId('upload-submit').click();
    await notification('Successful update');
    await page.reload();
    await expect(page.getByLabel('Title').inputValue()).resolves.toBe('Lighthouse at dusk');
    await page.getByTestId('recent-item').first().waitFor();
    expect(await page.getByTestId('recent-item').allTextContents()).toEqual(['Lighthouse at dusk']);
  });

  it('filters the gallery by tag, shows the detail sidebar and a keyboard slide show, and the select modal', async () => {
    await page.goto('/admin/library/gallery');
    await page.getByTestId('library-item-row').nth(1).waitFor();
    expect(await page.getByTestId('library-item-row').count()).toBe(2);
    await page.locator('input[role="combobox"]').fill('po');
    await page.getByTestId('tag-suggestion').filter({ hasText: 'port' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="library-item-row"]').length === 1,
    );
    await page.getByTestId('library-item-row').first().getByRole('button').click();
    const detail = page.getByTestId('library-detail');
    await expect(detail.getByRole('heading').textContent()).resolves.toBe('Harbour');
    await detail.getByText('port').waitFor();
    await page.getByRole('button', { name: 'Remove tag port' }).click();
    await page.getByTestId('library-item-row').nth(1).waitFor();

    await page.getByTestId('start-slideshow').click();
    await page.getByTestId('slideshow').waitFor();
    await expect(page.getByTestId('slide-position').textContent()).resolves.toBe('Image 1 of 2');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('slide-position').textContent()).resolves.toBe('Image 2 of 2');
    await page.keyboard.press('Escape');
    await page.getByTestId('slideshow').waitFor({ state: 'detached' });

    await page.getByTestId('select-mode').click();
    await page.getByTestId('select-item').nth(1).waitFor();
    await page.getByTestId('select-item').first().click();
    await expect(page.getByTestId('select-item').first().getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByTestId('select-accept').click();
    await page.getByTestId('library-select-modal').waitFor({ state: 'detached' });
  });

  it('lays the gallery out in 1, 2, 3 and 4 columns below 500, from 500, from 900 and from 1500 px', async () => {
    await page.goto('/admin/library/gallery');
    await page.getByTestId('library-item-row').nth(1).waitFor();
    const columns = async (width: number): Promise<number> => {
      await page.setViewportSize({ width, height: 800 });
      // the media queries apply on the next style recalculation: read them once the width is the new one
      await page.waitForFunction((w) => window.innerWidth === w, width);
      return page.evaluate(() => {
        const grid = document.querySelector('[data-testid="mf-library-page"] .lib-grid');
        if (!grid) throw new Error('no gallery grid');
        return getComputedStyle(grid)
          .gridTemplateColumns.split(' ')
          .filter((t) => t !== '').length;
      });
    };
    const seen: Array<[number, number]> = [];
    for (const width of [360, 499, 500, 899, 900, 1499, 1500, 1920]) seen.push([width, await columns(width)]);
    expect(seen).toEqual([
      [360, 1],
      [499, 1],
      [500, 2],
      [899, 2],
      [900, 3],
      [1499, 3],
      [1500, 4],
      [1920, 4],
    ]);
    // the items sit side by side in the first row at the widest layout (2 items: 2 distinct columns)
    const lefts = await page
      .getByTestId('library-item-row')
      .evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(lefts.length);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('creates documentation of both types and shows them in the viewer', async () => {
    await page.goto('/admin/library/documentation');
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('documentation-add').click();
    const modal = page.getByTestId('documentation-modal');
    await modal.getByLabel('URI').fill('help/start');
    await modal.getByLabel('Title').fill('Getting started');
    await modal.getByTestId('html-editor').click();
    await page.keyboard.type('Welcome to the library');
    // The editor's image button uploads through admin/public_upload/path/editor and inserts the image.
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/admin/public_upload/path/editor'));
    page.once('dialog', (dialog) => void dialog.accept('The pier at dusk'));
    await modal
      .getByTestId('editor-image-input')
      .setInputFiles({ name: 'pier.png', mimeType: 'image/png', buffer: await png('#2a6f97') });
    expect((await uploaded).status()).toBe(200);
    await modal.getByTestId('html-editor').locator('img[alt="The pier at dusk"]').waitFor();
    await modal.getByTestId('documentation-submit').click();
    await notification('Data posted');
    await page.getByTestId('documentation-row').first().waitFor();

    await page.getByTestId('documentation-add').click();
    await modal.getByLabel('Type').selectOption('resource');
    await modal.getByLabel('URI').fill('files/guide');
    await modal.getByLabel('Title').fill('Guide');
    await modal
      .getByTestId('documentation-file')
      .setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: PDF });
    await modal.getByTestId('documentation-submit').click();
    await page.getByTestId('documentation-row').nth(1).waitFor();

    await page.goto('/documentation/help/start');
    await expect(page.getByTestId('documentation-title').textContent()).resolves.toBe('Getting started');
    await expect(page.getByTestId('documentation-html').textContent()).resolves.toContain(
      'Welcome to the library',
    );
    // The stored page keeps the uploaded image, and it is served.
    const stored = page.getByTestId('documentation-html').locator('img');
    expect(await stored.getAttribute('alt')).toBe('The pier at dusk');
    const src = await stored.getAttribute('src');
    expect(src).toBeTruthy();
    const image = await page.request.get(src as string);
    expect([image.status(), image.headers()['content-type']]).toEqual([
      200,
      expect.stringMatching(/^image\//),
    ]);

    const download = page.waitForEvent('download');
    await page.goto('/documentation/files/guide');
    // named after the uri's last segment (the server adds the stored file's extension)
    expect((await download).suggestedFilename()).toMatch(/^guide(\.pdf)?$/);
  });

  it('builds a library view with the select modal and shows its public page', async () => {
    await page.goto('/admin/library/views');
    await page.getByTestId('view-add').click();
    await page.getByTestId('view-form').waitFor();
    await page.getByLabel('URI').fill('harbour-walk');
    await page.getByLabel('Title').fill('Harbour walk');
    await page.getByLabel('Description').fill('Two pictures of the old port');
    await page.getByTestId('view-pick').click();
    await page.getByTestId('select-item').nth(1).waitFor();
    await page.getByTestId('select-item').nth(0).click();
    await page.getByTestId('select-item').nth(1).click();
    await page.getByTestId('select-accept').click();
    await page.getByTestId('view-item').nth(1).waitFor();
    await page.getByTestId('view-submit').click();
    await page.waitForURL(/\/admin\/library\/views\/edit\/item\/[0-9a-f-]{36}$/);

    await page.goto('/library/harbour-walk');
    await expect(page.getByTestId('view-title').textContent()).resolves.toBe('Harbour walk');
    await page.getByTestId('public-view-item').nth(1).waitFor();
    expect(await page.getByTestId('public-view-item').count()).toBe(2);
  });

  it('exports a backup, switches its API on and off, restores it and deletes it', async () => {
    await page.goto('/admin/library/export');
    await page.getByTestId('import-sidebar').waitFor();
    await page.getByTestId('backup-export').click();
    await page.getByTestId('job-modal').waitFor({ state: 'detached' });
    await notification('Backup created');
    const row = page.getByTestId('backup-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Export');

    const enabled = page.waitForResponse((r) => r.url().includes('/scope/enable-api/'));
    await row.getByTestId('backup-api').click();
    const answer = await enabled;
    expect([answer.status(), await answer.text()]).toEqual([200, expect.stringContaining('api_secret')]);
    await row.getByTestId('backup-copy-secret').click();
    await notification('API secret copied to the clipboard');
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await row.getByTestId('backup-api-client').textContent()).toMatch(/^[0-9a-f]{32}$/);
    await row.getByTestId('backup-api').click();
    await row.getByTestId('backup-api-client').waitFor({ state: 'detached' });

    await row.getByTestId('backup-restore').click();
    await page.getByTestId('confirm-yes').click();
    await notification('Library restored');
    await page.goto('/admin/library/gallery');
    await page.getByTestId('library-item-row').nth(1).waitFor();

    await page.goto('/admin/library/export');
    await page.getByTestId('backup-row').first().getByTestId('backup-delete').click();
    await expect(page.getByTestId('confirm-dialog').textContent()).resolves.toContain(
      'Do you wish to continue?',
    );
    await page.getByTestId('confirm-yes').click();
    await notification('Data deleted');
    await page.getByTestId('empty-state').waitFor();
  });

  it('browses the stored files: opens folders down to an image, previews it, and its menu offers download', async () => {
    interface Entry {
      name: string;
      type: 'file' | 'dir';
      path: string;
    }
    // Where is an image? Ask the API, then walk there through the screen.
    const list = async (dir: string): Promise<Entry[]> =>
      (await typedApi(page.context()).GET('/api/fileBrowser', { params: { query: { dir } } })).content;
    const findImage = async (
      dir: string,
      trail: string[],
    ): Promise<{ trail: string[]; file: Entry } | null> => {
      const content = await list(dir);
      const file = content.find((e) => e.type === 'file' && /\.(png|jpe?g|webp)$/i.test(e.name));
      if (file) return { trail, file };
      for (const sub of content.filter((e) => e.type === 'dir')) {
        const found = await findImage(sub.path, [...trail, sub.name]);
        if (found) return found;
      }
      return null;
    };
    const target = await findImage('', []);
    expect(target).not.toBeNull();
    if (!target) return;

    await page.goto('/admin/browse');
    await page.getByTestId('file-row').first().waitFor();
    for (const [depth, name] of target.trail.entries()) {
      await page.getByTestId('dir-open').filter({ hasText: name }).first().click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="breadcrumb"] li').length === n,
        depth + 2,
      );
    }
    const row = page.getByTestId('file-row').filter({ hasText: target.file.name });
    await row.getByTestId('entry-menu').click();
    await page.getByTestId('entry-download').waitFor();
    await page.getByTestId('entry-preview').click();
    const image = page.getByTestId('file-preview').locator('img');
    await image.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="file-preview"] img') as HTMLImageElement | null)?.naturalWidth,
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('file-preview').waitFor({ state: 'detached' });
  });

  it('uploads an SVG marker from the marker modal and lists it', async () => {
    await page.goto('/admin/library/gallery');
    await page.getByTestId('open-markers').click();
    const modal = page.getByTestId('marker-select-modal');
    await modal.waitFor();
    const before = await modal.getByTestId('marker-choice').count();
    await modal.getByTestId('marker-upload').setInputFiles({
      name: 'pin.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#c00"/></svg>',
      ),
    });
    await notification('Data uploaded');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="marker-choice"]').length === n + 1,
      before,
    );
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
  });

  it('has no serious or critical accessibility violations on the library screens', async () => {
    const found: string[] = [];
    for (const route of [
      '/admin/library/gallery',
      '/admin/library/upload',
      '/admin/library/documentation',
      '/admin/library/views',
      '/admin/library/export',
      '/admin/browse',
      '/library/harbour-walk',
      '/documentation/help/start',
    ]) {
      await page.goto(route);
      await page.locator('h1').first().waitFor();
      await page
        .getByTestId('loading')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        found.push(`${route} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('shows the gallery and the upload form at phone width in Greek without horizontal scrolling', async () => {
    const phone = await newContext(browser, site.url, { locale: 'el', width: 360 });
    const p = await phone.newPage();
    await loginAs(p, 'admin', ADMIN_PASSWORD);
    for (const route of [
      '/admin/library/gallery',
      '/admin/library/upload',
      '/admin/library/documentation',
      '/admin/library/export',
    ]) {
      await p.goto(route);
      await p.getByTestId('mf-library-page').waitFor();
      await p.locator('h1').first().waitFor();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await p.goto('/admin/library/gallery');
    await expect(p.locator('h1').first().textContent()).resolves.toBe('Συλλογή εικόνων');
    await phone.close();
  });
});
