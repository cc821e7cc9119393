// The distributed mode: each service and the gateway in its own process on the real PostgreSQL and Redis.
// Failure isolation (a stopped service answers 503 for its paths only; a remote whose files are gone or hang
// shows its fallback while the other areas work) and switching one remote's build in /remotes.json.
import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '@agora/common/testing';
import { DEMO_CATEGORY_TOKENS } from '@agora/contracts';
import {
  DEMO_PARTICIPANT_PASSWORD,
  freePort,
  ROOT,
  startDistributed,
  type Distributed,
} from '../scripts/lib/stack.mjs';
import { chooseFirstCategory, failureOf, typedApi, typedApiAs } from './support/api.js';
import { launchBrowser, loginAs, newContext } from './support/browser.js';

const ADMIN_PASSWORD = 'distributed-admin-pw';
const E2E_VERSION = '1.0.1-e2e';

describe('distributed mode', () => {
  let db: TestDatabase;
  let stack: Distributed;
  let tmp: string;
  let registry: string;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let page: Page;
  const log: string[] = [];

  beforeAll(async () => {
    // A second build of one remote, published beside the first without switching to it.
    const built = spawnSync(
      process.execPath,
      ['scripts/build-web.mjs', '--only', 'mf-members', '--no-registry'],
      {
        cwd: ROOT,
        env: { ...process.env, REMOTE_VERSION: E2E_VERSION },
        encoding: 'utf8',
      },
    );
    if (built.status !== 0) throw new Error(`second build failed:\n${built.stdout}\n${built.stderr}`);

    tmp = await mkdtemp(path.join(tmpdir(), 'agora-e2e-dist-'));
    registry = path.join(tmp, 'remotes.json');
    await copyFile(path.join(ROOT, 'dist', 'remotes', 'remotes.json'), registry);
    db = await createTestDatabase('agora_e2e');
    stack = await startDistributed({
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        QUEUE_PREFIX: `e2e-${Date.now().toString(36)}`,
        SMTP_URL: 'smtp://127.0.0.1:9',
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        AGORA_DEMO_DATA: 'true',
        AGORA_DATA_DIR: tmp,
        REMOTES_REGISTRY: registry,
        LOG_LEVEL: 'warn',
      },
      gatewayPort: await freePort(),
      log: (m) => log.push(m),
    });
    ({ browser, close: closeBrowser } = await launchBrowser());
    const context = await newContext(browser, stack.url, { locale: 'en' });
    page = await context.newPage();
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    // the project list shows the admin's own active category's projects
    await chooseFirstCategory(context);
  }, 240_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
    await db?.drop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
    await rm(path.join(ROOT, 'dist', 'remotes', 'mf-members', E2E_VERSION), { recursive: true, force: true });
  });

  const setRegistry = async (patch: Record<string, string>) => {
    const current = JSON.parse(await readFile(registry, 'utf8')) as Record<string, string>;
    await writeFile(registry, JSON.stringify({ ...current, ...patch }));
  };

  it('runs every deployable as its own process', () => {
    const pids = Object.values(stack.procs).map((p) => p.child.pid);
    expect(new Set(pids).size).toBe(5);
    expect(pids).not.toContain(process.pid);
  });

  it("signs the demo participants' enrolments into their identity, and accounts asks consultation (another process) before an enrolment", async () => {
    const context = await newContext(browser, stack.url, { locale: 'en' });
    try {
      const api = await typedApiAs(context, 'citizen01', DEMO_PARTICIPANT_PASSWORD);
      const profile = await api.GET('/api/profile');
      expect([...(profile.enrolments ?? [])].sort((a, b) => a.category.localeCompare(b.category))).toEqual([
        { category: DEMO_CATEGORY_TOKENS['urban-mobility'], role: 'expert' },
        { category: DEMO_CATEGORY_TOKENS['public-spaces'], role: 'normal' },
      ]);
      // consultation answered that it knows no such category (accounts unable to ask it would answer 503)
      const unknown = await failureOf(
        api.POST('/api/enrolment', { body: { category: '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f' } }),
      );
      expect(unknown).toEqual({
        status: 404,
        body: { Error: 'no such category', code: 'ACCOUNTS.CATEGORY_NOT_FOUND' },
      });
    } finally {
      await context.close();
    }
  });

  it("answers the dashboard's numbers from accounts, with consultation's counts (another process)", async () => {
    const stats = await typedApi(page.context()).GET('/api/stats');
    // the demo data's categories, and its participants besides the admin
    expect(stats.categories).toBeGreaterThanOrEqual(2);
    expect(stats.users?.total).toBeGreaterThan(1);
  });

  /** The operation ids of the aggregated OpenAPI document, by the service that owns them (raw: not an API path). */
  const docsByService = async () => {
    const res = await page.request.get(`${stack.url}/api/docs/openapi.json`);
    expect(res.status()).toBe(200);
    const doc = (await res.json()) as {
      info: { description: string };
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const owners = new Map<string, number>();
    for (const operations of Object.values(doc.paths))
      for (const op of Object.values(operations)) {
        const owner = op.operationId?.split('.')[0] ?? '';
        owners.set(owner, (owners.get(owner) ?? 0) + 1);
      }
    return { owners, description: doc.info.description };
  };

  it('serves one OpenAPI document at /api/docs merged from the four services', async () => {
    const ui = await page.request.get(`${stack.url}/api/docs`);
    expect(ui.status()).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
    const { owners, description } = await docsByService();
    // every service has public paths (mailing: the invitations and the e-mail templates)
    expect([...owners.keys()].sort()).toEqual(['accounts', 'consultation', 'library', 'mailing']);
    for (const service of ['accounts', 'library', 'consultation', 'mailing'])
      expect(description).toMatch(new RegExp(`Included: .*\\b${service} \\d`));
    expect(description).not.toContain('left out');
  });

  it('answers 503 {"Error"} for library paths only when the library service is stopped, and the shell shows the library fallback', async () => {
    await stack.stopOne('library');
    try {
      // raw HTTP on purpose: the gateway's answer per path while one service is down, 503 included
      const api = (p: string) => page.request.get(`${stack.url}/api/${p}`);
      const lib = await api('library/page/1');
      expect(lib.status()).toBe(503);
      expect(await lib.json()).toMatchObject({ Error: 'library service unavailable' });
      const docs = await api('documentation');
      expect(docs.status()).toBe(503);
      expect((await api('category')).status()).toBe(200);
      expect((await api('project/page/1')).status()).toBe(200);
      expect((await api('users/page/1/sort/lastname/sort_method/asc')).status()).toBe(200);

      // The docs are the services' committed documents: the stopped service is still described.
      const docsNow = await docsByService();
      expect(docsNow.owners.get('library') ?? 0).toBeGreaterThan(0);
      expect(docsNow.description).not.toContain('left out');

      // The library remote's code is served by the gateway and still loads; its page shows the service's 503
      // in the library area while the shell's frame (header, menu) keeps working.
      await page.goto('/admin/library/gallery');
      await page.locator('[data-testid="error-state"][data-status="503"]').waitFor();
      expect(await page.getByTestId('library-item-row').count()).toBe(0);
      await page.getByTestId('user-menu-toggle').waitFor();
      await page.goto('/admin/administration/project/list');
      await page.getByTestId('project-row').first().waitFor();
      await page.goto('/admin/users');
      await page.getByTestId('user-row').first().waitFor();
    } finally {
      await stack.restartOne('library');
    }
    await page.goto('/admin/library/gallery');
    await page.getByTestId('library-item-row').first().waitFor();
  });

  it('starts a crashed service again by itself, on its port, and logs it', async () => {
    const library = stack.procs.library;
    const [pid, restarts] = [library.child.pid, library.restarts];
    library.child.kill('SIGKILL');
    const deadline = Date.now() + 60_000;
    while (library.restarts === restarts) {
      if (Date.now() > deadline) throw new Error('the library service was not restarted within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(library.child.pid).not.toBe(pid);
    expect((await page.request.get(`${library.url}/health`)).status()).toBe(200);
    // raw HTTP on purpose, as the service's /health above: the restarted service answers through the gateway
    expect((await page.request.get(`${stack.url}/api/library/page/1`)).status()).toBe(200);
    expect(
      log.some((m) => m.startsWith(`[launcher] library (pid ${pid}) exited with SIGKILL; restarting in`)),
    ).toBe(true);
  });

  it('shows the fallback of a remote whose files are gone while the other areas work', async () => {
    await setRegistry({ mf_library: '/remotes/mf-library/0.0.0-unpublished/mf-manifest.json' });
    await page.goto('/admin/library/gallery');
    await page.locator('[data-testid="remote-fallback"][data-area="mf-library"]').waitFor();
    await page.goto('/admin/data');
    await page.getByTestId('category-row').first().waitFor();
  });

  it('shows the fallback of a remote whose server never answers, after the load timeout', async () => {
    // The remote's files are requested and never answered (the request is held open).
    const held: Array<() => void> = [];
    await page.route('**/remotes/mf-consultation/**', (route) => {
      held.push(() => void route.abort().catch(() => undefined));
    });
    try {
      await page.goto('/admin/data');
      await page.getByTestId('loading').first().waitFor();
      await page
        .locator('[data-testid="remote-fallback"][data-area="mf-consultation"]')
        .waitFor({ timeout: 30_000 });
      expect(held.length).toBeGreaterThan(0);
    } finally {
      await page.unroute('**/remotes/mf-consultation/**');
      held.forEach((release) => release());
    }
    await page.goto('/admin/users');
    await page.getByTestId('user-row').first().waitFor();
  });

  it('switches one remote to another build by editing /remotes.json, without rebuilding the shell, and back', async () => {
    const original = JSON.parse(await readFile(path.join(ROOT, 'dist', 'remotes', 'remotes.json'), 'utf8'));
    await setRegistry({
      mf_library: original.mf_library,
      mf_consultation: original.mf_consultation,
      mf_members: `/remotes/mf-members/${E2E_VERSION}/mf-manifest.json`,
    });
    await page.goto('/admin/users');
    const members = page.getByTestId('mf-members-page');
    await members.waitFor();
    expect(await members.getAttribute('data-remote-version')).toBe(E2E_VERSION);
    await page.getByTestId('user-row').first().waitFor();

    await setRegistry({ mf_members: original.mf_members });
    await page.goto('/admin/users');
    await members.waitFor();
    expect(await members.getAttribute('data-remote-version')).toBe('1.0.0');
    // the other areas were untouched
    await page.goto('/admin/library/gallery');
    expect(await page.getByTestId('mf-library-page').getAttribute('data-remote-version')).toBe('1.0.0');
  });
});
