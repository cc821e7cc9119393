// The e-mail of published results on /profile, in Chromium at phone width (390 px), in Greek and in English: a
// participant turns it on, it is saved at once and is still on after a reload, with nothing serious for axe.
// Decision 0090. Screenshots when E2E_SCREENSHOTS names a folder.
import type { BrowserContext } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { seriousViolations } from './support/axe.js';
import { loginAs, newContext } from './support/browser.js';
import { snap } from './support/screenshots.js';

const ADMIN_PASSWORD = 'results-mail-admin-pw';
const PASSWORD = 'participant-pw-1';

const T = {
  en: {
    title: 'Published results',
    label: 'E-mail me when a consultation I answered publishes its results',
  },
  el: {
    title: 'Δημοσιευμένα αποτελέσματα',
    label: 'Να λαμβάνω e-mail όταν μια διαβούλευση στην οποία συμμετείχα δημοσιεύει τα αποτελέσματά της',
  },
} as const;

describe('the e-mail of published results', () => {
  let site: AdminSite;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    site = await openAdminSite('results_mail', ADMIN_PASSWORD);
    for (const username of ['resmail_el', 'resmail_en']) {
      await site.api.POST('/api/users', {
        body: {
          username,
          firstname: 'Ελένη',
          lastname: 'Αποτελεσμάτων',
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
    'a participant turns it on at 390 px (%s) and it stays on',
    async (locale) => {
      const context = await newContext(site.browser, site.stack.url, {
        locale,
        width: 390,
        height: 844,
        touch: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      await loginAs(page, `resmail_${locale}`, PASSWORD);
      await page.goto('/profile');
      const section = page.getByTestId('results-mail');
      await section.getByRole('heading', { name: T[locale].title }).waitFor();
      const box = section.getByRole('checkbox', { name: T[locale].label });
      expect(await box.isChecked()).toBe(false);
      // the section fits the phone's width
      const frame = (await section.boundingBox())!;
      expect(frame.x + frame.width).toBeLessThanOrEqual(390);

      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/profile') && r.request().method() === 'PUT',
      );
      await box.click();
      const answer = await saved;
      expect(answer.status()).toBe(200);
      expect(((await answer.json()) as { results_mail: boolean }).results_mail).toBe(true);
      await page.getByTestId('notification').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await snap(page, `results-mail-profile-${locale}`);

      await page.reload();
      const again = page.getByTestId('results-mail').getByRole('checkbox', { name: T[locale].label });
      await again.waitFor();
      expect(await again.isChecked()).toBe(true);
    },
    120_000,
  );
});
