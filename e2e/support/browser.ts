import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags that keep it off the network (a fresh profile each launch). */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
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
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/**
 * A fresh browser context with external requests (map tiles) answered locally so pages don't wait on them;
 * `touch`: a phone's touch screen.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  opts: { locale?: 'el' | 'en'; width?: number; height?: number; touch?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    locale: opts.locale === 'en' ? 'en-GB' : 'el-GR',
    // a phone: touch events, taps
    ...(opts.touch && { hasTouch: true, isMobile: true }),
  });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  if (opts.locale) {
    await context.addInitScript((locale) => {
      if (!window.localStorage.getItem('agora.locale')) window.localStorage.setItem('agora.locale', locale);
    }, opts.locale);
  }
  return context;
}

/** Logs in through the shell's login page. */
export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/username|όνομα χρήστη/i).fill(username);
  await page.getByLabel(/password|κωδικός/i).fill(password);
  await page.getByRole('button', { name: /log in|login|σύνδεση|είσοδος/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
