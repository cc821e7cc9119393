// Backups between two Agora servers, in Chromium: server A exports its library and opens the backup's API;
// server B restores A's archive from an uploaded file, then (after changing its own library) from A's API, and
// fails cleanly once A has switched the API off. Each server is a full site on its own database: A runs as its own
// process (`scripts/start.mjs`), B in this one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestDatabase } from '@agora/common/testing';
import { launchBrowser, loginAs, newContext } from './support/browser.js';
import { runScript, waitForOutput } from './support/processes.js';
import { startTestSite, testSiteEnv } from './support/site.js';
import { downloadBytes, typedApi } from './support/api.js';

const ADMIN_PASSWORD = 'restore-admin-pw';

interface Stack {
  url: string;
  stop(): Promise<void>;
}

interface Server {
  stack: Stack;
  context: BrowserContext;
  page: Page;
}

interface Backup {
  filename: string;
  api_client: string | null;
  api_secret: string | null;
}

function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 150, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Uploads a library image to the server with the page's session. */
async function upload(s: Server, title: string, color: string, tags?: string[]): Promise<void> {
  const form = new FormData();
  form.append('title', title);
  if (tags) form.append('tags', JSON.stringify(tags));
  form.append(
    'resource',
    new Blob([new Uint8Array(await png(color))], { type: 'image/png' }),
    `${title}.png`,
  );
  await typedApi(s.context).POST('/api/library', { body: form });
}

async function titles(s: Server): Promise<string[]> {
  const page = await typedApi(s.context).GET('/api/library/page/{page}', { params: { path: { page: 1 } } });
  return page.values.map((v) => v.title).sort();
}

describe('library backups between two servers', () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const servers: Server[] = [];
  let a: Server;
  let b: Server;
  let backup: Backup;

  async function startServer(name: 'a' | 'b'): Promise<Server> {
    let stack: Stack;
    if (name === 'a') {
      const dir = await mkdtemp(path.join(tmpdir(), 'agora-e2e-restore-a-'));
      const db = await createTestDatabase('agora_e2e_restore_a');
      const env = testSiteEnv('restore-a', ADMIN_PASSWORD, db.url, dir, { AGORA_DEMO_DATA: 'false' });
      const site = runScript('scripts/start.mjs', env);
      const started = () => /Site:\s+(http:\/\/localhost:\d+)/.exec(site.output());
      await waitForOutput(site, (out) => out.includes('Agora is running.') && started() !== null, 120_000);
      stack = {
        url: started()![1]!,
        stop: async () => {
          await site.stop();
          await db.drop();
          await rm(dir, { recursive: true, force: true });
        },
      };
    } else {
      // B's admin allows restores from A, a server on this machine (reached over http).
      stack = await startTestSite('restore_b', ADMIN_PASSWORD, {
        AGORA_DEMO_DATA: 'false',
        BACKUP_REMOTE_ORIGINS: new URL(a.stack.url).origin,
      });
    }
    const context = await newContext(browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    const server: Server = { stack, context, page };
    servers.push(server);
    await loginAs(page, 'admin', ADMIN_PASSWORD);
    return server;
  }

  beforeAll(async () => {
    ({ browser, close: closeBrowser } = await launchBrowser());
    a = await startServer('a');
    b = await startServer('b');
    for (const [title, color] of [
      ['Old harbour', '#1d3557'],
      ['Market square', '#e63946'],
    ] as const) {
      await upload(a, title, color, ['city']);
    }
    // A exports through its screen: the waiting modal stays until the job is done.
    await a.page.goto('/admin/library/export');
    await a.page.getByTestId('backup-export').click();
    await a.page.getByTestId('job-modal').waitFor({ state: 'detached' });
    await a.page.getByTestId('notification').filter({ hasText: 'Backup created' }).first().waitFor();
    [backup] = await typedApi(a.context).GET('/api/libraryExport');
  }, 240_000);

  afterAll(async () => {
    await closeBrowser?.();
    for (const s of servers) await s.stack.stop();
  });

  const notification = (page: Page, text: string | RegExp) =>
    page.getByTestId('notification').filter({ hasText: text }).first().waitFor();

  it('restores an archive uploaded from the restore panel, with the waiting modal', async () => {
    await upload(b, 'Only on B', '#2a9d8f');
    const archive = await downloadBytes(a.context, '/api/libraryExport/download/{filename}', {
      path: { filename: backup.filename },
    });
    expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip

    const { page } = b;
    await page.goto('/admin/library/export');
    await page.getByTestId('restore-tab-file').click();
    await page.getByTestId('restore-file').setInputFiles({
      name: backup.filename,
      mimeType: 'application/gzip',
      buffer: archive,
    });
    await page.getByTestId('restore-file-submit').click();
    await notification(page, 'Library restored');
    expect(await titles(b)).toEqual(['Market square', 'Old harbour']);
    await page.goto('/admin/library/gallery');
    await page.getByTestId('library-item-row').nth(1).waitFor();
    expect(await page.getByTestId('library-item-row').count()).toBe(2);
  });

  it('restores from the other server through its API while the API is on, and is refused once it is off', async () => {
    const enabled = await typedApi(a.context).PUT('/api/libraryExport/scope/enable-api/filename/{filename}', {
      params: { path: { filename: backup.filename } },
    });
    expect(enabled.api_client).toMatch(/^[0-9a-f]{32}$/);
    expect(enabled.api_secret).toBeTruthy();

    // B changes its library, so the restore has something to undo.
    await upload(b, 'Added on B later', '#f4a261');
    expect(await titles(b)).toHaveLength(3);

    const { page } = b;
    const fillRemote = async () => {
      await page.goto('/admin/library/export');
      await page.getByTestId('restore-tab-api').click();
      await page.getByLabel('Domain').fill(new URL(a.stack.url).host);
      await page.getByLabel('API client').fill(enabled.api_client as string);
      await page.getByLabel('API secret').fill(enabled.api_secret as string);
      await page.getByTestId('restore-api-submit').click();
    };
    await fillRemote();
    await notification(page, 'Library restored');
    expect(await titles(b)).toEqual(['Market square', 'Old harbour']);

    await typedApi(a.context).PUT('/api/libraryExport/scope/disable-api/filename/{filename}', {
      params: { path: { filename: backup.filename } },
    });
    await upload(b, 'Kept on B', '#264653');
    await fillRemote();
    await notification(page, /Library restore failed: .+/);
    // All or nothing: the failed restore left B's library as it was.
    expect(await titles(b)).toEqual(['Kept on B', 'Market square', 'Old harbour']);
  });
});
