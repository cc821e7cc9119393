// The README's start command, as a user runs it: `node scripts/start.mjs` with no DATABASE_URL, REDIS_URL or
// SMTP_URL (embedded PostgreSQL with PostGIS, queues on PostgreSQL, the local mail catcher), then the admin logs in
// in Chromium and sees the four remote areas with data from their services, in both languages and at phone width.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createTestDatabase, deleteRedisKeys, testRedisUrl, type TestDatabase } from '@agora/common/testing';
import { freePort, ROOT } from '../scripts/lib/stack.mjs';
import { chooseFirstCategory, typedAnonymousApi, typedApiAs } from './support/api.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { runScript, waitForOutput, type Spawned } from './support/processes.js';
import { testSiteEnv } from './support/site.js';
import { until } from './support/wait.js';

/** A message as maildev's JSON API lists it. */
interface CaughtMail {
  to: Array<{ address: string }>;
  subject: string;
  text?: string;
  html?: string;
}

describe('npm start (one process, embedded database)', () => {
  let site: Spawned;
  let startEnv: Record<string, string>;
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
    startEnv = {
      PORT: String(port),
      AGORA_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      AGORA_ADMIN_PASSWORD: '',
      AGORA_GATEWAY_PRIVATE_KEY: '', // the launcher makes a key pair per signer
      MAILDEV_SMTP_PORT: String(smtp),
      MAILDEV_WEB_PORT: String(web),
      LOG_LEVEL: 'warn',
    };
    site = runScript('scripts/start.mjs', startEnv);
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

  it('prints the site URL, the admin login, the demo participants and the mail inbox', () => {
    const out = site.output();
    expect(out).toContain(`Site:        ${baseURL}`);
    expect(out).toContain('Admin login: admin / agora-admin');
    expect(out).toContain('Demo participants: citizen01…citizen24 / agora-demo');
    expect(out).toContain(`Mail inbox:  ${inbox}`);
  });

  it('serves the mail catcher inbox', async () => {
    const res = await fetch(`${inbox}/email`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('delivers mail through the queue on the embedded database to the mail catcher', async () => {
    // The admin's address, as the profile API reports it.
    const context = await newContext(browser, baseURL, { locale: 'en' });
    const api = await typedApiAs(context, 'admin', 'agora-admin');
    const { email } = await api.GET('/api/profile');
    expect(email).toMatch(/@/);

    // A password recovery for the admin, requested as a logged-out visitor would.
    await context.clearCookies();
    const visitor = await typedAnonymousApi(context);
    await visitor.POST('/api/recovery', { body: { username: 'admin' } });

    const message = await until(
      async () => {
        const res = await fetch(`${inbox}/email`);
        const all = (await res.json()) as CaughtMail[];
        return all.find((m) => m.to.some((t) => t.address === email));
      },
      (m) => m !== undefined,
      'the recovery mail at the mail catcher',
      60_000,
    );
    const link = /https?:\/\/[^\s"'<>]+\/password_recovery\/reset\/[A-Za-z0-9_-]+/.exec(
      `${message!.text ?? ''} ${message!.html ?? ''}`,
    )?.[0];
    expect(link?.startsWith(`${baseURL}/password_recovery/reset/`)).toBe(true);

    // The link is live: the reset page opens on the site.
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByTestId('reset-form').waitFor();
    await context.close();
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

    // the project list shows the admin's own active category's projects: choose the demo's first, which has two
    await chooseFirstCategory(context);
    await page.goto('/admin/administration/project/list');
    await page.getByTestId('mf-admin-structure-page').waitFor();
    await page.getByTestId('project-row').first().waitFor();
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
    // The chunk that registers the service worker is imported after the page's load event (decision 0091): it
    // runs after the page has rendered, so no hint names it, however early the page renders.
    const shellDir = path.join(ROOT, 'dist', 'shell');
    const registering = (await readdir(shellDir)).filter((f) => /^workbox-window\.[0-9a-f]+\.js$/.test(f));
    expect(registering).toHaveLength(1);
    const registration = /\.push\(\[\[([^\]]+)\]/.exec(
      await readFile(path.join(shellDir, registering[0]!), 'utf8'),
    );
    const afterLoad = new Set((registration?.[1] ?? '').split(',').map((id) => id.replace(/"/g, '')));
    expect(afterLoad.size).toBe(1);
    expect(hinted.length).toBeGreaterThan(5);
    expect(
      hinted
        .filter((f) => f.endsWith('.js'))
        .map(chunkId)
        .sort(),
    ).toEqual(ran.chunks.filter((id) => !afterLoad.has(id)).sort());
    expect(hinted.filter((f) => f.endsWith('.css')).sort()).toEqual(ran.styles.sort());
    await context.close();
  });

  it("names the route's remote in the page: its files are fetched once, with the shell's, and no /remotes.json", async () => {
    const context = await newContext(browser, baseURL, { locale: 'en' });
    const login = await context.newPage();
    await loginAs(login, 'admin', 'agora-admin');
    await login.waitForURL('**/admin/dashboard');
    await login.close();

    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto('/admin/library/gallery');
    const html = (await response?.text()) ?? '';
    await page.getByTestId('library-item-row').first().waitFor();

    const remoteHints = [...html.matchAll(/<link rel="preload" href="(\/remotes\/[^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(remoteHints).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/remotes\/mf-library\/[^/]+\/mf-manifest\.json$/),
        expect.stringMatching(/^\/remotes\/mf-library\/[^/]+\/remoteEntry\.js$/),
        expect.stringMatching(/^\/remotes\/mf-library\/[^/]+\/__federation_expose_App\.[0-9a-f]+\.js$/),
      ]),
    );
    // A hint the page did not use would be fetched twice (the hint, then the real request).
    for (const hint of remoteHints) expect(requested.filter((p) => p === hint)).toHaveLength(1);
    expect(requested).not.toContain('/remotes.json');
    // Only this route's remote loads: the shell's start fetches no other remote (shareStrategy 'loaded-first').
    expect(
      requested.filter((p) => p.startsWith('/remotes/') && !p.startsWith('/remotes/mf-library/')),
    ).toEqual([]);
    await context.close();
  });

  it('answers API errors as {"Error"}: CSRF, unknown paths, logged-out calls', async () => {
    // raw HTTP on purpose: a login without the CSRF token, a path no service owns and a call without a session,
    // which the typed client (its token, its documented paths) would not send
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

  // Last: restarts the site on the same data folder.
  it('on a later start, names the existing admin without claiming a password, and no demo participants', async () => {
    await site.stop();
    site = runScript('scripts/start.mjs', { ...startEnv, AGORA_ADMIN_PASSWORD: 'another-admin-password' });
    await waitForOutput(site, (out) => out.includes('Agora is running.'), 120_000);
    const out = site.output();
    expect(out).toContain(
      'Admin login: admin   (existing account; AGORA_ADMIN_PASSWORD is used only when the first admin is created)',
    );
    expect(out).not.toContain('agora-admin');
    expect(out).not.toContain('another-admin-password');
    // the demo participants were created by the first start: this one adds and prints nothing
    expect(out).not.toContain('Demo participants');
    // and indeed the password of the first start still logs in
    const context = await newContext(browser, baseURL, { locale: 'en' });
    await expect(typedApiAs(context, 'admin', 'agora-admin')).resolves.toHaveProperty('GET');
    await context.close();
  });
});

describe('npm run start:distributed', () => {
  let db: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let started: Spawned | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('agora_e2e_start_dist');
    dataDir = await mkdtemp(path.join(tmpdir(), 'agora-e2e-dist-start-'));
    env = {
      ...testSiteEnv('start_dist', '', db.url, dataDir),
      PORT: String(await freePort()),
      SMTP_URL: '',
      AGORA_DEV_MODE: 'false',
      AGORA_GATEWAY_PRIVATE_KEY: '', // the launcher makes a key pair per signer
      MAILDEV_SMTP_PORT: String(await freePort()),
      MAILDEV_WEB_PORT: String(await freePort()),
    };
  });

  afterAll(async () => {
    await started?.stop();
    await db?.drop();
    if (env) await deleteRedisKeys(testRedisUrl(), `${env.QUEUE_PREFIX}:*`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops before changing anything when AGORA_ADMIN_PASSWORD is unset and there is no admin yet', async () => {
    const refused = runScript('scripts/start-distributed.mjs', env);
    const code = await new Promise<number | null>((resolve) => {
      if (refused.child.exitCode !== null) resolve(refused.child.exitCode);
      else refused.child.once('exit', (c) => resolve(c));
    });
    expect(code).toBe(1);
    expect(refused.output()).toContain(
      'AGORA_ADMIN_PASSWORD is not set and the database has no admin yet: set AGORA_ADMIN_PASSWORD',
    );
    expect(refused.output()).not.toContain('is running');
    // nothing was migrated
    expect(
      await db.query(`SELECT nspname FROM pg_namespace WHERE nspname IN ('accounts', 'library')`),
    ).toEqual([]);
  });

  it('prints the site URL, the admin login and the mail inbox', async () => {
    started = runScript('scripts/start-distributed.mjs', {
      ...env,
      AGORA_ADMIN_PASSWORD: 'first-admin-password',
    });
    await waitForOutput(started, (out) => out.includes('Agora (distributed) is running.'), 150_000);
    const out = started.output();
    expect(out).toContain(`Site:        http://localhost:${env.PORT}`);
    expect(out).toContain('Admin login: admin / (the password in AGORA_ADMIN_PASSWORD)');
    expect(out).not.toContain('first-admin-password');
    expect(out).toContain(`Mail inbox:  http://127.0.0.1:${env.MAILDEV_WEB_PORT}`);
    const inbox = await fetch(`http://127.0.0.1:${env.MAILDEV_WEB_PORT}/email`);
    expect(inbox.status).toBe(200);
    // raw HTTP on purpose: the started site answers a call without a session
    const profile = await fetch(`http://localhost:${env.PORT}/api/profile`);
    expect(profile.status).toBe(401);
  });
});
