// Like/dislike reactions end to end, in Chromium, on a fresh database (one process, real PostgreSQL): an admin owns
// a library image; an editor likes it, toggles the like off and dislikes it (like disabled meanwhile); the owner
// sees the counts with both buttons disabled and the reason; an anonymous call may read but not react.
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { ApiClient } from '@agora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { failureOf, typedAnonymousApi, typedApi, typedApiAs } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { startTestSite, type TestSite } from './support/site.js';

const ADMIN_PASSWORD = 'reactions-admin-pw1';
const EDITOR_PASSWORD = 'reactions-editor-pw1';

describe('reactions on library items', () => {
  let stack: TestSite;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let ownerContext: BrowserContext;
  let editorContext: BrowserContext;
  let owner: Page;
  let editor: Page;
  let item: string;
  let ownerApi: ApiClient;

  beforeAll(async () => {
    stack = await startTestSite('reactions', ADMIN_PASSWORD);
    ({ browser, close: closeBrowser } = await launchBrowser());
    ownerContext = await newContext(browser, stack.url, { locale: 'en' });
    ownerApi = await typedApiAs(ownerContext, 'admin', ADMIN_PASSWORD);
    owner = await ownerContext.newPage();

    // The admin uploads an image (and so owns it) and adds an editor, who may see the gallery.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const upload = new FormData();
    upload.append('title', 'Harbour at dawn');
    upload.append('resource', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'harbour.png');
    item = (await ownerApi.POST('/api/library', { body: upload })).uuid;
    await ownerApi.POST('/api/users', {
      body: {
        username: 'eleni',
        firstname: 'Ελένη',
        lastname: 'Σταύρου',
        email: 'eleni@example.org',
        password: EDITOR_PASSWORD,
        password_repeat: EDITOR_PASSWORD,
        role: 'editor',
      },
    });

    editorContext = await newContext(browser, stack.url, { locale: 'en' });
    await typedApiAs(editorContext, 'eleni', EDITOR_PASSWORD);
    editor = await editorContext.newPage();
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
  });

  async function openDetail(page: Page) {
    await page.goto('/admin/library/gallery');
    await page
      .getByTestId('library-item-row')
      .filter({ hasText: 'Harbour at dawn' })
      .getByRole('button')
      .click();
    const detail = page.getByTestId('library-detail');
    await detail.getByTestId('reactions').waitFor();
    return detail;
  }

  const state = async (page: Page) => {
    const detail = page.getByTestId('library-detail');
    return {
      like: await detail.getByTestId('reaction-like-count').textContent(),
      dislike: await detail.getByTestId('reaction-dislike-count').textContent(),
      likePressed: await detail.getByTestId('reaction-like').getAttribute('aria-pressed'),
      dislikePressed: await detail.getByTestId('reaction-dislike').getAttribute('aria-pressed'),
      likeEnabled: await detail.getByTestId('reaction-like').isEnabled(),
      dislikeEnabled: await detail.getByTestId('reaction-dislike').isEnabled(),
    };
  };

  it('lets another user like, toggle the like off, then dislike with like disabled', async () => {
    const detail = await openDetail(editor);
    const like = detail.getByRole('button', { name: /^Like/ });
    const dislike = detail.getByRole('button', { name: /^Dislike/ });
    await like.and(editor.locator(':enabled')).waitFor();
    expect(await state(editor)).toEqual({
      like: '0',
      dislike: '0',
      likePressed: 'false',
      dislikePressed: 'false',
      likeEnabled: true,
      dislikeEnabled: true,
    });

    await like.click();
    await detail.locator('[data-testid="reaction-like"][aria-pressed="true"]').waitFor();
    expect(await state(editor)).toMatchObject({
      like: '1',
      dislike: '0',
      dislikeEnabled: false,
      likeEnabled: true,
    });

    await like.click();
    await detail.locator('[data-testid="reaction-like"][aria-pressed="false"]:enabled').waitFor();
    expect(await state(editor)).toMatchObject({ like: '0', dislike: '0', dislikeEnabled: true });

    await dislike.click();
    await detail.locator('[data-testid="reaction-dislike"][aria-pressed="true"]').waitFor();
    expect(await state(editor)).toEqual({
      like: '0',
      dislike: '1',
      likePressed: 'false',
      dislikePressed: 'true',
      likeEnabled: false,
      dislikeEnabled: true,
    });

    // the reaction is the server's: it is still there after a reload
    await openDetail(editor);
    await detail.locator('[data-testid="reaction-dislike"][aria-pressed="true"]').waitFor();
    expect(await state(editor)).toMatchObject({ like: '0', dislike: '1', likeEnabled: false });
  });

  it('shows the owner the counts with both buttons disabled and why', async () => {
    const detail = await openDetail(owner);
    await detail.getByTestId('reactions-hint').waitFor();
    expect(await detail.getByTestId('reactions-hint').textContent()).toBe(
      'You cannot react to your own item.',
    );
    expect(await state(owner)).toEqual({
      like: '0',
      dislike: '1',
      likePressed: 'false',
      dislikePressed: 'false',
      likeEnabled: false,
      dislikeEnabled: false,
    });
    expect(await detail.getByTestId('reactions').getAttribute('title')).toBe(
      'You cannot react to your own item.',
    );
    const axe = await new AxeBuilder({ page: owner }).include('[data-testid="reactions"]').analyze();
    expect(axe.violations).toEqual([]);
    // and the server refuses an owner's reaction even if the button is bypassed
    const forced = await failureOf(
      ownerApi.POST('/api/social/scope/{scope}', {
        params: { path: { scope: 'library' } },
        body: { token: item, reaction: 'like' },
      }),
    );
    expect(forced.status).toBe(403);
  });

  it('lets anonymous visitors read the counts but not react', async () => {
    const visitor = await browser.newContext({ baseURL: stack.url });
    try {
      const api = typedApi(visitor);
      const read = await api.GET('/api/social/{scope}/{token}', {
        params: { path: { scope: 'library', token: item } },
      });
      expect(read).toEqual({ likes: 0, dislikes: 1, reaction: null, owner: false });
      await typedAnonymousApi(visitor); // the CSRF token cookie, as the app gets it
      const react = await failureOf(
        api.POST('/api/social/scope/{scope}', {
          params: { path: { scope: 'library' } },
          body: { token: item, reaction: 'like' },
        }),
      );
      expect(react.status).toBe(401);
    } finally {
      await visitor.close();
    }
  });

  it('fits a phone screen in Greek', async () => {
    await editor.setViewportSize({ width: 390, height: 800 });
    await editor.evaluate(() => window.localStorage.setItem('agora.locale', 'el'));
    const detail = await openDetail(editor);
    const group = detail.getByRole('group', { name: 'Αντιδράσεις' });
    await group.waitFor();
    const box = await group.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await detail.getByRole('button', { name: /^Δεν μου αρέσει/ }).waitFor();
  });
});
