// The site's frame on a phone (390 px) and a laptop (1280 px), in Chromium on a fresh site: the cookie banner is
// compact, covers nothing of the page (the page keeps its height below the content) and the notifications stack
// above it; names are not broken in the middle; the file inputs are buttons in the page's language that open the
// browser's file picker. Screenshots when E2E_SCREENSHOTS names a folder.
import type { BrowserContext, Page } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';

const ADMIN_PASSWORD = 'phone-screens-pw';

/** The number of lines the text of `selector`'s first match takes. */
const linesOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });

describe('phone screens', () => {
  let site: AdminSite;
  const contexts: BrowserContext[] = [];

  /** The administrator on a fresh page (the cookie banner not dismissed), `width` px wide, in Greek. */
  async function adminPage(width: number): Promise<Page> {
    const context = await newContext(site.browser, site.stack.url, {
      locale: 'el',
      width,
      height: width < 500 ? 844 : 800,
      touch: width < 500,
    });
    contexts.push(context);
    const page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    return page;
  }

  beforeAll(async () => {
    site = await openAdminSite('phone_screens', ADMIN_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await site?.close();
  });

  it('at 390 px the cookie banner is at most two lines and the end of a form stays above it', async () => {
    const page = await adminPage(390);
    await page.goto('/profile');
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThan(60);
    expect(await linesOf(page, '.sh-cookies p')).toBeLessThanOrEqual(2);
    const submit = page.locator('main button[type=submit]').last();
    await submit.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = (await submit.boundingBox())!;
    const top = (await banner.boundingBox())!.y;
    expect(button.y + button.height).toBeLessThanOrEqual(top);
    await snap(page, 'phone-profile-el-390');
    // dismissed, the page gives the room back
    await page.getByTestId('cookie-accept').click();
    await banner.waitFor({ state: 'detached' });
    const padding = await page.locator('.sh-app').evaluate((el) => getComputedStyle(el).paddingBottom);
    expect(padding).toBe('0px');
  });

  it.each([390, 1280])('at %i px a notification does not cover the cookie banner', async (width) => {
    const page = await adminPage(width);
    await page.goto('/admin/library/export');
    await page.getByRole('button', { name: 'Εξαγωγή', exact: true }).click();
    const note = page.getByTestId('notification').first();
    await note.waitFor();
    const n = (await note.boundingBox())!;
    const b = (await page.getByTestId('cookie-banner').boundingBox())!;
    expect(n.y + n.height <= b.y || n.y >= b.y + b.height).toBe(true);
    await snap(page, `notification-el-${width}`);
  });

  it('at 390 px the users table keeps a name on one line ("Administrator")', async () => {
    const page = await adminPage(390);
    await page.goto('/admin/users/list');
    const cell = page.getByRole('cell', { name: 'Administrator', exact: true });
    await cell.waitFor();
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const lines = await cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await snap(page, 'users-el-390');
  });

  it("the restore archive input is a button in Greek that opens the browser's file picker", async () => {
    const page = await adminPage(390);
    await page.goto('/admin/library/export');
    const button = page.getByText('Επιλογή αρχείου', { exact: true });
    await button.waitFor();
    expect(await page.getByText('Δεν επιλέχθηκε αρχείο', { exact: true }).isVisible()).toBe(true);
    // the real input lies over the drawn button: a click or a tap there is the input's, and opens the picker
    const input = page.getByTestId('restore-file');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), input.click()]);
    expect(await input.boundingBox()).toEqual(await button.boundingBox());
    await chooser.setFiles({
      name: 'library.tar.gz',
      mimeType: 'application/gzip',
      buffer: Buffer.from('x'),
    });
    expect(await page.getByText('library.tar.gz', { exact: true }).isVisible()).toBe(true);
  });
});
