import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags that keep it off the network. */
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Chromium with a fresh profile each launch. */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch(LAUNCH);
  return {
    browser,
    close: () => browser.close(),
  };
}

export interface ContextOptions {
  locale?: 'el' | 'en';
  width?: number;
  height?: number;
  touch?: boolean;
  serviceWorker?: boolean;
}

function contextOptions(baseURL: string, opts: ContextOptions) {
  return {
    baseURL,
    serviceWorkers: opts.serviceWorker ? ('allow' as const) : ('block' as const),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: opts.locale === 'en' ? 'en-GB' : 'el-GR',
    // a phone: touch events, taps
    ...(opts.touch && { hasTouch: true, isMobile: true }),
  };
}

async function prepareContext(context: BrowserContext, opts: ContextOptions): Promise<BrowserContext> {
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  if (opts.locale) {
    await context.addInitScript((locale) => {
      if (!window.localStorage.getItem('agora.locale')) window.localStorage.setItem('agora.locale', locale);
    }, opts.locale);
  }
  return context;
}

/**
 * A fresh browser context with external requests (map tiles) answered locally so pages don't wait on them;
 * `touch`: a phone's touch screen. The site's service worker is blocked unless `serviceWorker` is set: a page's
 * routes (`page.route`, which tests use to hold or rewrite answers) do not see the requests a worker answers, and
 * only the offline test is about the worker.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  opts: ContextOptions = {},
): Promise<BrowserContext> {
  return prepareContext(await browser.newContext(contextOptions(baseURL, opts)), opts);
}

/**
 * A browser of its own with a profile on disk (in `userDataDir`), the context set up as `newContext` does:
 * Chromium counts the contexts of `newContext` as incognito windows, where no site is installable
 * (`Page.getInstallabilityErrors` answers `in-incognito`).
 */
export async function launchProfileContext(
  userDataDir: string,
  baseURL: string,
  opts: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...LAUNCH,
    ...contextOptions(baseURL, opts),
  });
  return prepareContext(context, opts);
}

/** Logs in through the shell's login page. */
export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username|όνομα χρήστη/i).fill(username);
  await page.getByLabel(/password|κωδικός/i).fill(password);
  await page.getByRole('button', { name: /log in|login|σύνδεση|είσοδος/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
