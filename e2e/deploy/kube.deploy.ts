// The Kubernetes manifests played for real: deploy/k8s/overlays/podman rendered with kustomize and played with
// `podman kube play` from the images built on this machine (scripts/test.sh builds them, tag `test`), against a
// fresh database on the machine's PostgreSQL and its Redis. The migration job's pod migrates the empty database,
// the six deployables start as the manifests say (non-root, read-only root file system), and Chromium walks the
// smoke journey through the gateway: the administrator logs in, a citizen answers on the map, an expert exports
// the answers and finds the citizen's. Everything is removed afterwards.
import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { createTestDatabase, type TestDatabase } from '@agora/common/testing';
import type { Browser } from 'playwright-core';
import { freePort, withIdentityKeys } from '../../scripts/lib/stack.mjs';
import { playKube, podName } from '../../scripts/lib/kube-play.mjs';
import { podmanEnv } from '../../scripts/lib/podman.mjs';
import { typedApi } from '../support/api.js';
import { launchBrowser, loginAs, newContext } from '../support/browser.js';
import { DEMO_EXPERT, openSeafront, SEAFRONT_ATTRIBUTE } from '../support/demo.js';
import { until } from '../support/wait.js';

const ADMIN_PASSWORD = 'kube-admin-pw1';
const CITIZEN = 'citizen07';
const DEPLOYABLES = ['gateway', 'accounts', 'library', 'consultation', 'mailing', 'mail-worker'] as const;
/** every deployable serves its metrics on a listener of its own (METRICS_PORT in the manifests) */
const METERED = DEPLOYABLES;

type Played = Awaited<ReturnType<typeof playKube>>;
type Point = { type: 'Point'; coordinates: [number, number] };
type Feature = { id?: string | number; geometry: Point; properties?: Record<string, unknown> };

function podmanJson(args: string[]): unknown {
  const r = spawnSync('podman', args, { env: podmanEnv(), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`podman ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as unknown;
}

describe('the Kubernetes manifests played with podman', () => {
  const run = `kt${Date.now().toString(36)}`;
  let db: TestDatabase;
  let played: Played | undefined;
  let site: string;
  const metricsPorts: Record<string, number> = {};
  let browser: Browser;
  let closeBrowser: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('agora_deploy_kube');
    const ports: Record<string, number> = {};
    const taken = new Set<number>();
    const nextPort = async (): Promise<number> => {
      let p = await freePort();
      while (taken.has(p)) p = await freePort();
      taken.add(p);
      return p;
    };
    for (const d of DEPLOYABLES) ports[d] = await nextPort();
    for (const d of METERED) metricsPorts[d] = await nextPort();
    const keys = withIdentityKeys({}) as Record<string, string>;
    played = await playKube({
      run,
      ports,
      metricsPorts,
      // the machine's Redis is shared: the run's own queues
      settings: { QUEUE_PREFIX: run },
      secrets: {
        ...keys,
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        SMTP_URL: 'smtp://127.0.0.1:9',
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
    });
    site = `http://127.0.0.1:${ports.gateway}`;
    // the gateway's /ready is 200 once every service answers its /ready (demo data and all)
    await until(
      () =>
        fetch(`${site}/ready`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.status,
          (e: unknown) => String(e),
        ),
      (s) => s === 200,
      'the gateway and every service ready',
      240_000,
    );
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 420_000);

  afterAll(async () => {
    await closeBrowser?.();
    await played?.down();
    await db?.drop();
  }, 120_000);

  it('runs every deployable as the manifests say: uid 1000, read-only root file system, its own image', () => {
    const deployments = played!.site.filter((o) => o.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(
      DEPLOYABLES.map((d) => `${run}-${d}`).sort(),
    );
    for (const d of DEPLOYABLES) {
      const [c] = podmanJson([
        'inspect',
        `${podName({ kind: 'Deployment', metadata: { name: `${run}-${d}` } })}-${d}`,
      ]) as Array<{
        State: { Running: boolean };
        Config: { User: string };
        ImageName: string;
        HostConfig: { ReadonlyRootfs: boolean };
      }>;
      expect({
        d,
        running: c!.State.Running,
        user: c!.Config.User,
        ro: c!.HostConfig.ReadonlyRootfs,
      }).toEqual({
        d,
        running: true,
        user: '1000:1000',
        ro: true,
      });
      expect(c!.ImageName).toBe(`localhost/agora/${d}:test`);
    }
  });

  /** A demo user's page on the seafront questionnaire, and the user's own answers on its map. */
  async function openScreen(username: string) {
    const { api, page, project } = await openSeafront(browser, site, username, { locale: 'en' });
    const mine = async () =>
      (
        await api.GET('/api/data/scope/geojson/project/{project}', {
          params: { path: { project }, query: { layer: 'mine' } },
        })
      ).features;
    return { page, mine };
  }

  it('walks the smoke journey: the administrator logs in, a citizen answers on the map, an expert exports', async () => {
    // the administrator, through the login page
    const adminContext = await newContext(browser, site, { locale: 'en' });
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, 'admin', ADMIN_PASSWORD);
    expect((await typedApi(adminContext).GET('/api/profile')).username).toBe('admin');
    await adminContext.close();

    // a citizen answers on the questionnaire's map and fills in the answer form
    const citizen = await openScreen(CITIZEN);
    const before = await citizen.mine();
    const { page } = citizen;
    await page.getByTestId(`attribute-${SEAFRONT_ATTRIBUTE}`).click();
    // a public project asks whether to add an answer or read the others' first; a private one starts drawing
    const mode = page.getByTestId('mode-dialog');
    const drawPanel = page.getByTestId('draw-panel');
    await until(
      async () => (await mode.isVisible()) || (await drawPanel.isVisible()),
      Boolean,
      'the mode dialog or the drawing panel',
    );
    if (await mode.isVisible()) await mode.getByTestId('mode-add').click();
    await drawPanel.waitFor();
    // the attribute offers the existing bicycle racks as shapes on the map: the citizen answers at the first one
    await page.getByTestId('draw-predefined').selectOption({ index: 1 });
    await page.getByTestId('draw-predefined-pick').click();
    const form = page.getByTestId('answer-form');
    await form.waitFor();
    // each question of the form in turn: its first choice, or a number, then "save" and the next question. An
    // action that cannot be done within its own limit (the browser shares two cores with the six deployables) is
    // tried again on the next turn, within the overall limit; a question the site never moves past fails the test.
    const question = form.locator('[data-testid^="variable-"]').first();
    const attempt = (action: Promise<unknown>) =>
      action.then(
        () => true,
        () => false,
      );
    for (let asked = 0; await form.isVisible(); asked++) {
      expect(asked).toBeLessThan(20);
      const testId = await question.getAttribute('data-testid', { timeout: 10_000 }).catch(() => null);
      if (testId === null) continue;
      const tab = form.getByTestId(testId);
      await until(
        async () => {
          const choice = tab.locator('input[type="radio"], input[type="checkbox"]').first();
          const field = tab.locator('input:not([type="hidden"]), textarea').first();
          if (await choice.count()) return attempt(choice.check({ timeout: 10_000 }));
          if ((await field.count()) && !(await field.inputValue()))
            return attempt(field.fill('2', { timeout: 10_000 }));
          return true;
        },
        Boolean,
        `an answer to ${testId}`,
        90_000,
      );
      // "save", clicked again only when a click did not land; the last question's button closes the form, so it may
      // go while it is clicked
      const submit = tab.locator('button[type="submit"]');
      let saved = false;
      await until(
        async () => {
          if (!(await form.isVisible()) || (await tab.count()) === 0) return true;
          saved ||= await attempt(submit.click({ timeout: 10_000 }));
          return false;
        },
        Boolean,
        `the form past ${testId}`,
        90_000,
      );
    }
    const after = await until(
      () => citizen.mine(),
      (f) => f.length === before.length + 1,
      "the citizen's new answer on the map",
    );
    const placed = after.find((f) => !before.some((b) => b.id === f.id))!;
    expect(placed.geometry.type).toBe('Point');
    await page.context().close();

    // an expert exports the project's answers as GeoJSON; the citizen's point is in the file
    const expert = await openScreen(DEMO_EXPERT);
    await expert.page.getByTestId('map-analytics').waitFor();
    await expert.page.getByTestId('export-geojson').click();
    const dialog = expert.page.getByTestId('export-dialog');
    await dialog.getByTestId('export-format-geojson').check();
    await dialog.getByTestId('export-start').click();
    const link = dialog.getByTestId('export-download');
    await link.waitFor({ timeout: 120_000 });
    const [download] = await Promise.all([expert.page.waitForEvent('download'), link.click()]);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { features: Feature[] };
    // a point, as checked above
    const [lng, lat] = placed.geometry.coordinates as Point['coordinates'];
    expect(
      exported.features.some(
        (f) =>
          f.geometry?.type === 'Point' &&
          Math.abs(f.geometry.coordinates[0] - lng) < 1e-6 &&
          Math.abs(f.geometry.coordinates[1] - lat) < 1e-6,
      ),
    ).toBe(true);
    await expert.page.context().close();
  }, 300_000);

  it("serves each deployable's metrics on its metrics port, with the series the dashboard reads", async () => {
    const scrape = async (d: string) => {
      const res = await fetch(`http://127.0.0.1:${metricsPorts[d]}/metrics`, {
        signal: AbortSignal.timeout(5000),
      });
      expect({ d, status: res.status }).toEqual({ d, status: 200 });
      return res.text();
    };
    for (const d of METERED)
      expect({ d, lag: /^nodejs_eventloop_lag_p99_seconds /m.test(await scrape(d)) }).toEqual({
        d,
        lag: true,
      });
    // the journey's requests, counted by route template at the gateway and at consultation
    for (const d of ['gateway', 'consultation']) {
      const text = await scrape(d);
      expect({
        d,
        http: /^agora_http_request_duration_seconds_count\{[^}]*status="200"[^}]*\} [1-9]/m.test(text),
      }).toEqual({ d, http: true });
    }
    expect(await scrape('consultation')).toMatch(/^agora_db_pool_connections\{/m);
    // the public port does not serve them
    expect(await (await fetch(`${site}/metrics`)).text()).not.toMatch(/agora_http_request_duration_seconds/);
  });
});
