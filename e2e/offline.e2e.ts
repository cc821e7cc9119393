// The installable, offline questionnaire (decision 0091), in Chromium at a phone's width: the service worker
// controls the page, Chromium finds the site installable (`Page.getInstallabilityErrors`, the check Lighthouse's
// removed installability audit ran) and reads the manifest; a participant's questionnaire visited once online is
// shown again with the connection gone; logging out empties the cache of the participant's data; a remote version
// published through the registry replaces the cached one at the next visit.
//
// Offline for real: `context.setOffline(true)` alone does not keep every request off the site once a service
// worker is involved (microsoft/playwright#2311; with Playwright 1.65 and Debian's Chromium the offline reload
// still opened two connections to the site). So the test also puts a TCP relay of its own between the browser and
// the site, cuts it, and checks that not one connection reached the site while the page was reloaded.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ROOT } from '../scripts/lib/stack.mjs';
import { typedApiAs } from './support/api.js';
import { launchProfileContext } from './support/browser.js';
import { controllingWorker, startRelay, type Relay } from './support/offline.js';
import { DEMO_PASSWORD } from './support/demo.js';
import { snap } from './support/screenshots.js';
import { startTestSite, type TestSite } from './support/site.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'offline-admin-pw1';
const CATEGORY = 'urban-mobility';

/** The page's caches and the URLs each holds. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys())
      out[name] = (await (await caches.open(name)).keys()).map(
        (r) => new URL(r.url).pathname + new URL(r.url).search,
      );
    return out;
  });
}

const personal = (all: Record<string, string[]>) =>
  Object.keys(all).filter((n) => n.startsWith('agora-api-'));

describe('offline questionnaire', () => {
  let stack: TestSite;
  let relay: Relay;
  /** the site's own copy of the built remotes and their registry, which a test publishes a version into */
  let remotesDir: string;

  beforeAll(async () => {
    remotesDir = await mkdtemp(path.join(tmpdir(), 'agora-e2e-offline-remotes-'));
    await cp(path.join(ROOT, 'dist', 'remotes'), remotesDir, { recursive: true });
    stack = await startTestSite('offline', ADMIN_PASSWORD, {
      AGORA_DEMO_DATA: 'true',
      REMOTES_DIR: remotesDir,
      REMOTES_REGISTRY: path.join(remotesDir, 'remotes.json'),
    });
    relay = await startRelay(stack.url);
  }, 180_000);

  afterAll(async () => {
    await relay?.close();
    await stack?.stop();
    if (remotesDir) await rm(remotesDir, { recursive: true, force: true });
  });

  it.each([
    ['en', 'citizen04'],
    ['el', 'citizen07'],
  ] as const)(
    'installs, shows the questionnaire offline and forgets it at logout (%s)',
    async (locale, username) => {
      // a profile on disk: Chromium installs no site from an incognito context (what browser.newContext is)
      const profileDir = await mkdtemp(path.join(tmpdir(), `agora-e2e-offline-${locale}-`));
      const context: BrowserContext = await launchProfileContext(profileDir, relay.url, {
        locale,
        width: 390,
        height: 844,
        touch: true,
        serviceWorker: true,
      });
      try {
        const api = await typedApiAs(context, username, DEMO_PASSWORD);
        const me = await api.GET('/api/profile');
        const category = await api.GET('/api/category/mname/{mname}', {
          params: { path: { mname: CATEGORY } },
        });
        await api.POST('/api/enrolment', { body: { category: category.token } });
        const profile = await api.GET('/api/data/scope/profile/activeCategory/{category}', {
          params: { path: { category: category.token } },
        });
        if (profile.questions.length > 0)
          await api.POST('/api/data/scope/profile/category/{category}', {
            params: { path: { category: category.token } },
            body: profile.questions.map((q) => ({ question: q.token, choice: q.choices[0]!.id })),
          });
        const project =
          category.projects.find((p) => p.state === 'open' && !p.is_public) ?? category.projects[0]!;
        const data = await api.GET('/api/data/scope/questionnaire/category/{category}/project/{project}', {
          params: { path: { category: CATEGORY, project: project.mname } },
        });
        const questionnaire = `/participate/category/${CATEGORY}/project/${project.mname}`;

        // The worker, its headers, the manifest and Chromium's installability check.
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto('/');
        expect(await controllingWorker(page)).toBe(`${relay.url}/sw.js`);
        const sw = await page.request.get('/sw.js');
        expect(sw.headers()['cache-control']).toBe('no-cache');
        expect(sw.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
        const manifestFile = await page.request.get('/manifest.webmanifest');
        expect(manifestFile.headers()['content-type']).toMatch(/^application\/manifest\+json/);
        const shellPage = await page.request.get('/');
        expect(shellPage.headers()['content-security-policy']).toContain("manifest-src 'self'");
        expect(shellPage.headers()['content-security-policy']).toContain("worker-src 'self'");

        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors).toEqual([]);
        const { url: manifestUrl, errors, data: manifestText } = await cdp.send('Page.getAppManifest');
        expect(manifestUrl).toBe(`${relay.url}/manifest.webmanifest`);
        expect(errors).toEqual([]);
        const manifest = JSON.parse(manifestText ?? '{}') as Record<string, unknown>;
        expect(manifest).toMatchObject({
          name: 'Agora',
          short_name: 'Agora',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#1e3a8a',
          background_color: '#ffffff',
        });
        const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
        expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
          '192x192 any',
          '512x512 any',
          '512x512 maskable',
        ]);
        for (const icon of icons) {
          const png = await page.request.get(icon.src);
          expect(png.headers()['content-type']).toBe('image/png');
        }

        // Once online: the questionnaire, the map drawn, its reads in this user's cache.
        await page.goto(questionnaire);
        const heading = page.getByRole('heading', { level: 1, name: data.project.title });
        const map = page.getByTestId('questionnaire-map').locator('.leaflet-control-zoom');
        await heading.waitFor({ state: 'attached' });
        await map.waitFor();
        const userCache = `agora-api-${me.uuid}`;
        const questionnaireRead = `/api/data/scope/questionnaire/category/${CATEGORY}/project/${project.mname}`;
        const online = await until(
          () => cachedUrls(page),
          (all) =>
            (all[userCache] ?? []).includes(questionnaireRead) && (all['agora-pages'] ?? []).length === 1,
          'the questionnaire in the cache',
        );
        expect(personal(online)).toEqual([userCache]);
        expect(online[userCache]).toEqual(expect.arrayContaining(['/api/profile', '/api/settings']));
        // only reads: never another user's lists, never the others' answers on the map
        expect(online[userCache]!.every((u) => !u.includes('layer=all') && !u.includes('layer=top'))).toBe(
          true,
        );

        // Offline: the same page again, from the worker's caches alone.
        relay.cut();
        await context.setOffline(true);
        await page.reload();
        await heading.waitFor({ state: 'attached' });
        await map.waitFor();
        expect(relay.relayedSinceCut()).toBe(0);
        await snap(page, `offline-questionnaire-${locale}`);

        // Back online, logging out removes the user's cache before the login page shows.
        await context.setOffline(false);
        relay.restore();
        await page.goto('/');
        await page.getByTestId('user-menu-toggle').click();
        await page.getByTestId('logout').click();
        await page.waitForURL((url) => url.pathname.startsWith('/login'));
        const after = await cachedUrls(page);
        expect(personal(after)).toEqual([]);
        // what is not personal stays: the shell and the remotes for the next visit
        expect(Object.keys(after)).toEqual(expect.arrayContaining(['agora-pages', 'agora-remote-entries']));
        await snap(page, `offline-logged-out-${locale}`);
      } finally {
        relay.restore();
        await context.close();
        await rm(profileDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it('takes a remote version published through the registry at the next visit, and drops the old one', async () => {
    const profileDir = await mkdtemp(path.join(tmpdir(), 'agora-e2e-offline-update-'));
    const context = await launchProfileContext(profileDir, relay.url, {
      locale: 'en',
      width: 390,
      height: 844,
      serviceWorker: true,
    });
    const registryFile = path.join(remotesDir, 'remotes.json');
    const original = await readFile(registryFile, 'utf8');
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await controllingWorker(page);
      // the front page is mf-consultation's: with the worker in control, its files go into the caches
      await page.reload();
      const registry = JSON.parse(original) as Record<string, string>;
      const current = registry.mf_consultation!.split('/')[3]!;
      const remoteFiles = (all: Record<string, string[]>) =>
        [...(all['agora-remote-entries'] ?? []), ...(all['agora-remote-assets'] ?? [])].filter((u) =>
          u.startsWith('/remotes/mf-consultation/'),
        );
      await until(
        () => cachedUrls(page),
        (all) => remoteFiles(all).includes(`/remotes/mf-consultation/${current}/remoteEntry.js`),
        'the current version in the cache',
      );

      // Publish a new version (a copy of the current build under another folder) and switch the registry to it.
      const next = `${current}-offline-e2e`;
      await cp(
        path.join(remotesDir, 'mf-consultation', current),
        path.join(remotesDir, 'mf-consultation', next),
        {
          recursive: true,
        },
      );
      registry.mf_consultation = `/remotes/mf-consultation/${next}/mf-manifest.json`;
      await writeFile(registryFile, JSON.stringify(registry));

      await page.reload();
      // the remote's entry may load after the page's load event: waited for, then nothing of the old version
      const loaded = await until(
        () =>
          page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)),
        (urls) => urls.includes(`/remotes/mf-consultation/${next}/remoteEntry.js`),
        'the new version of the remote loaded',
      );
      expect(loaded.filter((u) => u.startsWith(`/remotes/mf-consultation/${current}/`))).toEqual([]);
      const after = await until(
        () => cachedUrls(page),
        (all) =>
          remoteFiles(all).includes(`/remotes/mf-consultation/${next}/remoteEntry.js`) &&
          remoteFiles(all).every((u) => !u.startsWith(`/remotes/mf-consultation/${current}/`)),
        'only the new version in the cache',
      );
      expect(remoteFiles(after).length).toBeGreaterThan(1);
    } finally {
      await writeFile(registryFile, original);
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    }
  }, 120_000);
});
