// The README's start command, as a user runs it: `node scripts/start.mjs` with no DATABASE_URL, REDIS_URL or
// SMTP_URL (embedded PostgreSQL with PostGIS, queues on PostgreSQL, the local mail catcher), then the admin logs in
// in Chromium and sees the four remote areas with data from their services, in both languages and at phone width.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort } from '../scripts/lib/stack.mjs';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { runScript, waitForOutput, type Spawned } from './support/processes.js';

describe('npm start (one process, embedded database)', () => {
  let site: Spawned;
  let dataDir: string;
  let baseURL: string;
  let inbox: string;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agora-e2e-data-'));
    const port = await freePort();
    const smtp = await freePort();
    const web = await freePort();
    site = runScript('scripts/start.mjs', {
      PORT: String(port),
      AGORA_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      AGORA_ADMIN_PASSWORD: '',
      AGORA_IDENTITY_SECRET: '',
      MAILDEV_SMTP_PORT: String(smtp),
      MAILDEV_WEB_PORT: String(web),
      LOG_LEVEL: 'warn',
    });
    await waitForOutput(site, (out) => out.includes('Agora is running.'), 150_000);
    baseURL = `http://localhost:${port}`;
    inbox = `http://127.0.0.1:${web}`;
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await site?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the site URL, the admin login and the mail inbox', () => {
    const out = site.output();
    expect(out).toContain(`Site:        ${baseURL}`);
    expect(out).toContain('Admin login: admin / agora-admin');
    expect(out).toContain(`Mail inbox:  ${inbox}`);
  });

  it('serves the mail catcher inbox', async () => {
    const res = await fetch(`${inbox}/email`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('lets the admin log in and see all four remote areas with data, in English', async () => {
    const context = await newContext(browser, baseURL, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', 'agora-admin');
    await page.waitForURL('**/admin/dashboard');
    await expect(page.getByTestId('user-name').textContent()).resolves.toContain('Agora Administrator');
    await expect(page.getByTestId('user-role').textContent()).resolves.toMatch(/admin/i);

    await page.goto('/admin/library/gallery');
    await page.getByTestId('mf-library-page').waitFor();
    await page.getByTestId('library-item-row').first().waitFor();
    expect(await page.getByTestId('library-item-row').count()).toBeGreaterThanOrEqual(6);

    await page.goto('/admin/data');
    await page.getByTestId('mf-consultation-page').waitFor();
    await page.getByTestId('category-row').first().waitFor();
    expect(await page.getByTestId('category-row').count()).toBeGreaterThanOrEqual(2);

    await page.goto('/admin/administration/project/list');
    await page.getByTestId('mf-admin-structure-page').waitFor();
    await page.getByTestId('project-row').first().waitFor();
    // the list shows the active category's projects: the demo's first category has two
    expect(await page.getByTestId('project-row').allTextContents()).toEqual([
      expect.stringContaining('Seafront cycle lane'),
      expect.stringContaining('Aiolou pedestrian street'),
    ]);

    await page.goto('/admin/users');
    await page.getByTestId('mf-members-page').waitFor();
    await expect(page.getByTestId('user-row').first().textContent()).resolves.toContain('admin');

    await page.getByTestId('user-menu-toggle').click(); // logout is in the user dropdown
    await page.getByTestId('logout').click();
    await page.getByTestId('login-link').or(page.getByTestId('login-page')).first().waitFor();
    await context.close();
  });

  it('shows the wrong-credentials message and works in Greek at phone width', async () => {
    const context = await newContext(browser, baseURL, { locale: 'el', width: 360 });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-form').waitFor();
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toMatch(/λάθος|λανθασμέν/i);

    await page.locator('input[name="password"]').fill('agora-admin');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/users');
    await page.getByTestId('mf-members-page').waitFor();
    await page.getByTestId('user-row').first().waitFor();
    expect(await page.getByTestId('user-row').count()).toBeGreaterThanOrEqual(1);
    const html = await page.locator('html').getAttribute('lang');
    expect(html).toBe('el');
    // nothing wider than the phone's screen
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('hints in index.html exactly the shell files that a page runs before it renders', async () => {
    const context = await newContext(browser, baseURL, { locale: 'en' });
    const page = await context.newPage();
    const response = await page.goto('/login');
    const html = (await response?.text()) ?? '';
    await page.getByTestId('login-form').waitFor();
    const hinted = [...html.matchAll(/<link rel="preload" href="\/([^"]+)" as="(?:script|style)">/g)].map(
      (m) => m[1] ?? '',
    );
    // What ran: the chunks pushed to the shell's chunk-loading global, and the style sheets in the document.
    const ran = await page.evaluate(() => {
      const pushed = (window as unknown as { rspackChunkshell?: Array<[Array<string | number>]> })
        .rspackChunkshell;
      return {
        chunks: (pushed ?? []).flatMap(([ids]) => ids.map(String)),
        styles: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
          new URL(link.href).pathname.slice(1),
        ),
      };
    });
    const chunkId = (file: string) => file.split('.')[0];
    expect(hinted.length).toBeGreaterThan(5);
    expect(
      hinted
        .filter((f) => f.endsWith('.js'))
        .map(chunkId)
        .sort(),
    ).toEqual(ran.chunks.sort());
    expect(hinted.filter((f) => f.endsWith('.css')).sort()).toEqual(ran.styles.sort());
    await context.close();
  });

  it('answers API errors as {"Error"}: CSRF, unknown paths, logged-out calls', async () => {
    const csrf = await fetch(`${baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'agora-admin' }),
    });
    expect(csrf.status).toBe(403);
    expect(await csrf.json()).toMatchObject({ Error: 'invalid csrf token' });
    const unknown = await fetch(`${baseURL}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ Error: 'not found' });
    const anon = await fetch(`${baseURL}/api/profile`);
    expect(anon.status).toBe(401);
    expect(((await anon.json()) as { Error: string }).Error).toBe('not logged in');
  });
});
