// "Download my data" on /profile, in Chromium at phone width (390 px), in Greek and in English: a participant asks
// for the archive of their own data, sees its progress, then downloads it; the archive holds its README and the
// participant's profile. Decision 0086.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { loginAs, newContext } from './support/browser.js';

const ADMIN_PASSWORD = 'my-data-admin-pw';
const PASSWORD = 'participant-pw-1';

const T = {
  en: { title: 'My data', request: 'Download my data', download: 'Download the archive (.tar.gz)' },
  el: {
    title: 'Τα δεδομένα μου',
    request: 'Λήψη των δεδομένων μου',
    download: 'Κατέβασμα του αρχείου (.tar.gz)',
  },
} as const;

/** The names of a tar archive's entries (its 512-byte headers; the entries here are all small). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const name = tar
      .subarray(at, at + 100)
      .toString('utf8')
      .replace(/\0.*$/s, '');
    if (!name) break;
    const size = parseInt(
      tar
        .subarray(at + 124, at + 136)
        .toString('utf8')
        .trim() || '0',
      8,
    );
    if (!name.startsWith('PaxHeader')) names.push(name);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

describe('download my data', () => {
  let site: AdminSite;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    site = await openAdminSite('my_data', ADMIN_PASSWORD);
    for (const username of ['mydata_el', 'mydata_en']) {
      await site.api.POST('/api/users', {
        body: {
          username,
          firstname: 'Ελένη',
          lastname: 'Δεδομένων',
          email: `${username}@example.org`,
          password: PASSWORD,
          password_repeat: PASSWORD,
          role: 'authorized',
        },
      });
    }
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await site?.close();
  });

  it.each(['el', 'en'] as const)(
    'a participant asks for the archive at 390 px (%s), sees it prepared and downloads it',
    async (locale) => {
      const context = await newContext(site.browser, site.stack.url, {
        locale,
        width: 390,
        height: 844,
        touch: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      await loginAs(page, `mydata_${locale}`, PASSWORD);
      await page.goto('/profile');
      const section = page.getByTestId('my-data');
      await section.getByRole('heading', { name: T[locale].title }).waitFor();
      // the section fits the phone's width
      const box = (await section.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);

      const asked = page.waitForResponse(
        (r) => r.url().endsWith('/api/profile/data') && r.request().method() === 'POST',
      );
      // its progress is looked at until it is done
      const progress = page.waitForResponse((r) => /\/api\/profile\/data\/[0-9a-f-]{36}$/.test(r.url()));
      await section.getByRole('button', { name: T[locale].request }).click();
      expect((await asked).status()).toBe(202);
      const first = (await (await progress).json()) as { state: string; percent: number };
      expect(['queued', 'running', 'done']).toContain(first.state);
      const link = section.getByRole('link', { name: T[locale].download });
      await link.waitFor({ timeout: 60_000 });

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^agora-my-data-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
      const tar = gunzipSync(await readFile(await download.path()));
      const names = tarNames(tar);
      expect(names).toEqual(expect.arrayContaining(['README.md', 'profile.json', 'answers.geojson']));
      expect(tar.toString('utf8')).toContain(`"username": "mydata_${locale}"`);

      // back on the page later: the archive is still offered
      await page.reload();
      await section.getByRole('link', { name: T[locale].download }).waitFor();
    },
    120_000,
  );
});
