// The library's rough edges, in Chromium on a fresh site: the documentation modal asks before losing typed text,
// missing pages show the 404 page, images/documentation/views can be deleted, the file browser keeps its folder in
// the URL, the backups table fits its box in English and Greek, the gallery's header buttons are spaced, and
// like/dislike are drawn as icons. Screenshots of each screen (el, en, 390 px) when E2E_SCREENSHOTS names a folder.
import sharp from 'sharp';
import type { ApiClient } from '@agora/contracts';
import type { Page } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';

const ADMIN_PASSWORD = 'library-screens-pw';

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** How far the widest table of the page sticks out of its scrolling box, in px (0 when it fits). */
const tableOverflow = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('.ag-table-wrap')].map((w) => w.scrollWidth - w.clientWidth),
    ),
  );

describe('library screens', () => {
  let site: AdminSite;
  let page: Page;
  let api: ApiClient;
  /** a new browser context on the site */
  const newSiteContext = (opts: Parameters<typeof newContext>[2]) =>
    newContext(site.browser, site.stack.url, opts);

  beforeAll(async () => {
    site = await openAdminSite('library_screens', ADMIN_PASSWORD);
    ({ page, api } = site);
  }, 180_000);

  afterAll(async () => {
    await site?.close();
  });

  /** Uploads an image through the upload page (as `on`'s user, the admin by default); answers its uuid. */
  async function upload(title: string, color: string, on: Page = page): Promise<string> {
    await on.goto('/admin/library/upload');
    await on.getByLabel('Title').fill(title);
    await on
      .getByTestId('image-input')
      .setInputFiles({ name: `${title}.png`, mimeType: 'image/png', buffer: await png(color) });
    await on.getByTestId('image-preview').waitFor();
    await on.getByLabel('Alternative text').fill(`${title} photo`);
    await on.getByTestId('upload-submit').click();
    await on.waitForURL(/\/admin\/library\/upload\/item\/[0-9a-f-]{36}$/);
    return new URL(on.url()).pathname.split('/').pop() ?? '';
  }

  /** A new user with `role`, logged in on a page of its own (English unless `locale` says otherwise). */
  async function userPage(
    username: string,
    role: 'editor' | 'reviewer',
    locale: 'en' | 'el' = 'en',
  ): Promise<{ page: Page; close(): Promise<void> }> {
    const password = `${username}-secret-1`;
    await api.POST('/api/users', {
      body: {
        username,
        firstname: username,
        lastname: 'Test',
        email: `${username}@example.org`,
        password,
        password_repeat: password,
        role,
      },
    });
    const own = await newSiteContext({ locale });
    const p = await own.newPage();
    await loginAs(p, username, password);
    return { page: p, close: () => own.close() };
  }

  /** Opens the gallery detail of the image titled `title` on `p`. */
  async function openDetail(p: Page, title: string): Promise<void> {
    await p.goto('/admin/library/gallery');
    await p.getByTestId('library-item-row').filter({ hasText: title }).getByRole('button').click();
    await p.getByTestId('library-detail').getByText(title).first().waitFor();
  }

  /** Opens the add modal of the documentation list and types an html page, leaving the modal open. */
  async function typeDocumentation(uri: string, title: string): Promise<void> {
    await page.goto('/admin/library/documentation');
    await page.getByTestId('documentation-add').click();
    const modal = page.getByTestId('documentation-modal');
    await modal.getByLabel('URI').fill(uri);
    await modal.getByLabel('Title').fill(title);
    await page.getByTestId('html-editor').fill('Welcome');
  }

  async function saveDocumentation(): Promise<void> {
    await page.getByTestId('documentation-submit').click();
    await page.getByTestId('documentation-modal').waitFor({ state: 'detached' });
  }

  it('spaces the gallery header buttons, draws like/dislike as icons, and deletes an image after confirmation', async () => {
    await upload('Harbour', '#2255aa');
    await upload('Castle', '#aa5522');
    await page.goto('/admin/library/gallery');
    await page.getByTestId('library-item-row').nth(1).waitFor();
    const boxes = await page
      .locator('.ag-page-actions > *')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right, r.top]));
    for (let i = 1; i < boxes.length; i++) {
      const [left, , top] = boxes[i] as number[];
      const [, right, prevTop] = boxes[i - 1] as number[];
      // on the same line, a visible gap; a wrapped button starts a new line
      if (top === prevTop) expect(left - right).toBeGreaterThanOrEqual(6);
    }
    await page.getByTestId('library-item-row').first().getByRole('button').click();
    const icon = page.getByTestId('reaction-like-icon');
    await icon.waitFor();
    const size = await icon.boundingBox();
    expect([size?.width, size?.height]).toEqual([20, 20]);
    await snap(page, 'gallery-detail-en');

    await page.getByTestId('detail-delete').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('library-detail').waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="library-item-row"]').length === 1,
    );
  });

  it("offers an editor Edit and Delete on their own image and Edit alone on an admin's, as the server's answer says", async () => {
    const adminImage = await upload('Lighthouse', '#22aa55');
    const editor = await userPage('nikos', 'editor');
    await upload('Windmill', '#aaaa22', editor.page);

    await openDetail(editor.page, 'Lighthouse');
    await editor.page.getByTestId('detail-edit').waitFor();
    expect(await editor.page.getByTestId('detail-delete').count()).toBe(0);
    await snap(editor.page, 'gallery-detail-editor-en');

    await openDetail(editor.page, 'Windmill');
    await editor.page.getByTestId('detail-delete').waitFor();
    await editor.page.getByTestId('detail-edit').waitFor();

    // The same in Greek at phone width, for the screenshots.
    const phone = await newSiteContext({ locale: 'el', width: 390 });
    const p = await phone.newPage();
    await loginAs(p, 'nikos', 'nikos-secret-1');
    for (const [title, deletes] of [
      ['Windmill', 1],
      ['Lighthouse', 0],
    ] as const) {
      await openDetail(p, title);
      await p.getByTestId('reaction-like-icon').waitFor();
      expect(await p.getByTestId('detail-delete').count()).toBe(deletes);
      await snap(p, `gallery-detail-editor-${title.toLowerCase()}-el-390`);
    }
    await phone.close();

    // The admin's image's edit page, reached by its URL, is a form the editor may save (the library is shared).
    await editor.page.goto(`/admin/library/upload/item/${adminImage}`);
    await editor.page.getByTestId('upload-form').waitFor();
    expect(await editor.page.getByTestId('not-editable').count()).toBe(0);
    await snap(editor.page, 'upload-editable-en');

    // The editor deletes their own image; the admin's stays.
    await openDetail(editor.page, 'Windmill');
    await editor.page.getByTestId('detail-delete').click();
    await editor.page.getByTestId('confirm-yes').click();
    await editor.page.getByTestId('library-detail').waitFor({ state: 'detached' });
    await editor.page
      .getByTestId('library-item-row')
      .filter({ hasText: 'Windmill' })
      .waitFor({ state: 'detached' });
    expect(await editor.page.getByTestId('library-item-row').filter({ hasText: 'Lighthouse' }).count()).toBe(
      1,
    );
    await editor.close();
  });

  it('asks before Esc throws away a typed documentation page, and deletes one after confirmation', async () => {
    await typeDocumentation('help/start', 'Start');
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-dialog').waitFor();
    await snap(page, 'documentation-leave-en');
    await page.getByTestId('confirm-no').click();
    expect(await page.getByTestId('documentation-modal').getByLabel('Title').inputValue()).toBe('Start');
    await saveDocumentation();
    const row = page.getByTestId('documentation-row');
    await row.waitFor();
    await snap(page, 'documentation-en');
    await row.getByTestId('documentation-delete').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('empty-state').waitFor();
  });

  it('deletes a library view after confirmation', async () => {
    for (const uri of ['harbour-walk', 'old-town'])
      await api.POST('/api/libraryView', { body: { uri, title: uri, description: '', items: [] } });
    await page.goto('/admin/library/views');
    const row = page.getByTestId('view-row').filter({ hasText: 'old-town' });
    await row.getByTestId('view-delete').click();
    await page.getByTestId('confirm-yes').click();
    await row.waitFor({ state: 'detached' });
    await snap(page, 'views-en');
    expect(await page.getByTestId('view-row').count()).toBe(1);
  });

  it('shows a reviewer no way to change the library: the admin pages refuse, the public pages offer no edit', async () => {
    await api.POST('/api/libraryView', {
      body: { uri: 'sea-walk', title: 'Sea walk', description: '', items: [] },
    });
    const reviewer = await userPage('maria', 'reviewer', 'el');
    const changes = reviewer.page.locator(
      '[data-testid$="-edit"], [data-testid$="-delete"], a[href*="/admin/library"]',
    );
    for (const route of ['/admin/library/gallery', '/admin/library/documentation', '/admin/library/views']) {
      await reviewer.page.goto(route);
      // the site's 403 page (the shell's gate) or the library's own refusal, whichever stops the reviewer first
      await reviewer.page
        .locator('[data-testid="error-403"], [data-testid="permission-denied"]')
        .first()
        .waitFor();
      expect(await changes.count()).toBe(0);
    }
    await snap(reviewer.page, 'gallery-reviewer-el');
    await reviewer.page.goto('/library/sea-walk');
    await reviewer.page.getByText('Sea walk').first().waitFor();
    expect(await changes.count()).toBe(0);
    await reviewer.close();
  });

  it('shows the 404 page for a documentation page or library view that does not exist', async () => {
    for (const route of ['/documentation/no-such', '/library/no-such']) {
      await page.goto(route);
      await page.getByTestId('not-found').waitFor();
      expect(await page.getByTestId('error-state').count()).toBe(0);
    }
    await snap(page, 'library-view-404-en');
  });

  it('keeps the file browser folder in the URL, so Back and Forward walk the folders; the actions column has a heading', async () => {
    await page.goto('/admin/browse');
    const folder = page.getByTestId('dir-open').first();
    await folder.waitFor();
    const name = (await folder.textContent())?.trim() ?? '';
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Size',
      'Modified',
      'Actions',
    ]);
    await folder.click();
    await page.waitForURL(`**/admin/browse?dir=${encodeURIComponent(name)}`);
    await page.getByTestId('breadcrumb').getByText(name).waitFor();
    await snap(page, 'browse-en');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin/browse' && url.search === '');
    await page.getByTestId('dir-open').first().waitFor();
    await page.goForward();
    await page.waitForURL(`**/admin/browse?dir=${encodeURIComponent(name)}`);
    await page.getByTestId('breadcrumb').getByText(name).waitFor();
  });

  it('fits the backups table in its box with the API on, in English and in Greek', async () => {
    await page.goto('/admin/library/export');
    await page.getByTestId('backup-export').click();
    await page.getByTestId('job-modal').waitFor({ state: 'detached' });
    const row = page.getByTestId('backup-row').first();
    await row.getByTestId('backup-api').click();
    await row.getByTestId('backup-copy-secret').waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('Export');
    expect(await tableOverflow(page)).toBe(0);
    await snap(page, 'backups-en');

    const greek = await newSiteContext({ locale: 'el' });
    const p = await greek.newPage();
    await loginAs(p, 'admin', ADMIN_PASSWORD);
    await p.goto('/admin/library/export');
    await p.getByTestId('backup-api-client').waitFor();
    expect(await p.getByTestId('backup-row').first().getByRole('cell').nth(3).textContent()).toBe('Εξαγωγή');
    expect(await tableOverflow(p)).toBe(0);
    await snap(p, 'backups-el');
    await greek.close();
  });

  it.each(['el', 'en'] as const)(
    'lays out the changed screens at phone width (%s) without horizontal scrolling',
    async (locale) => {
      if (locale === 'el') {
        await typeDocumentation('help/phone', 'Phone');
        await saveDocumentation();
      }
      const phone = await newSiteContext({ locale, width: 390 });
      const p = await phone.newPage();
      await loginAs(p, 'admin', ADMIN_PASSWORD);
      for (const [route, shot] of [
        ['/admin/library/gallery', 'gallery'],
        ['/admin/library/upload', 'upload'],
        ['/admin/library/documentation', 'documentation'],
        ['/admin/library/views', 'views'],
        ['/admin/library/export', 'backups'],
        ['/admin/browse', 'browse'],
        ['/library/no-such', 'library-view-404'],
      ] as const) {
        await p.goto(route);
        await p.locator('h1').first().waitFor();
        await p
          .getByTestId('loading')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await snap(p, `${shot}-${locale}-390`);
        expect(
          await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
      }
      await p.goto('/admin/library/gallery');
      await p.getByTestId('library-item-row').first().getByRole('button').click();
      await p.getByTestId('reaction-like-icon').waitFor();
      await snap(p, `gallery-detail-${locale}-390`);
      await phone.close();
    },
  );
});
