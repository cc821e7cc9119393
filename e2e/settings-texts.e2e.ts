// The texts an administrator writes, end to end in Chromium on a fresh site with a real mail catcher: an e-mail
// template edited in Greek (subject and HTML with a shortcode), previewed with the sample values and then sent
// with the invitee's own; the front page and privacy policy set in Greek and English, read by an anonymous visitor
// in each language, with unsafe HTML removed when saved. Screenshots when E2E_SCREENSHOTS names a folder.
import type { Page } from 'playwright-core';
import { openAdminSite, type AdminSite } from './support/admin.js';
import { seriousViolations } from './support/axe.js';
import { loginAs, newContext } from './support/browser.js';
import { startMail, type MailCatcher } from './support/mail.js';
import { snap } from './support/screenshots.js';

const ADMIN_PASSWORD = 'texts-admin-pw1';

/** What each scope's page sets, per language; `unsafe` is typed into the body and must not survive the save. */
const TEXTS = {
  frontpage: {
    path: '/',
    el: { title: 'Διαβούλευση για το παραλιακό μέτωπο', body: '<p>Πείτε μας τη γνώμη σας.</p>' },
    en: { title: 'Consultation on the seafront', body: '<p>Tell us what you think.</p>' },
  },
  policy: {
    path: '/policy',
    el: { title: 'Πολιτική απορρήτου του δήμου', body: '<p>Κρατάμε μόνο ό,τι χρειάζεται.</p>' },
    en: { title: 'The municipality’s privacy policy', body: '<p>We keep only what we need.</p>' },
  },
} as const;
const UNSAFE = '<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2" alt="x">';

describe('e-mail templates and site texts', () => {
  let site: AdminSite;
  let page: Page;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMail();
    site = await openAdminSite('settings_texts', ADMIN_PASSWORD, { SMTP_URL: mail.smtpUrl });
    ({ page } = site);
  }, 180_000);

  afterAll(async () => {
    await site?.close();
    await mail?.stop();
  });

  it('edits the Greek invitation template: the preview and the mail sent carry the new text', async () => {
    await page.goto('/admin/settings/templates/invitation');
    await page.getByRole('tab', { name: 'Greek' }).click();
    await page.getByLabel('Subject').fill('Πρόσκληση για [firstname] στην Αγορά');
    await page
      .getByLabel('HTML part')
      .fill(
        '<p>Αγαπητή/έ <strong>[firstname] [lastname]</strong>, σας περιμένουμε.</p><p><a href="[link]">Αποδοχή</a></p>',
      );
    // (axe before the preview: it cannot enter the preview's sandboxed frame)
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('template-preview');
    await preview.getByText('Πρόσκληση για Μαρία στην Αγορά').waitFor();
    const frame = preview.getByTitle('The HTML part with sample values').contentFrame();
    await frame.getByText('Μαρία Παπαδοπούλου').waitFor();
    await snap(page, 'template-preview-en-1280');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('notification').filter({ hasText: 'Successful update' }).first().waitFor();

    await site.api.POST('/api/invitation/scope/send', {
      body: {
        locale: 'el',
        rows: [{ firstname: 'Ελένη', lastname: 'Γεωργίου', email: 'eleni@example.org' }],
      },
    });
    const sent = await mail.mailTo('eleni@example.org', 'the invitation mail');
    expect(sent.subject).toBe('Πρόσκληση για Ελένη στην Αγορά');
    expect(sent.html).toContain('<strong>Ελένη Γεωργίου</strong>, σας περιμένουμε.');
    expect(sent.html).toMatch(/<a href="http[^"]+\/invitation\/accept\/[\w-]+">Αποδοχή<\/a>/);
  });

  it.each(['frontpage', 'policy'] as const)(
    'sets the %s text in Greek and English; visitors read it in their language, without unsafe HTML',
    async (scope) => {
      const texts = TEXTS[scope];
      await page.goto(`/admin/settings/${scope}`);
      for (const [locale, tab] of [
        ['el', 'Greek'],
        ['en', 'English'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByLabel('Title', { exact: true }).fill(texts[locale].title);
        await page.getByLabel('Text (HTML)').fill(texts[locale].body + UNSAFE);
      }
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByTestId('notification').filter({ hasText: 'Settings updated' }).first().waitFor();
      // the form shows what the server kept
      for (const [locale, tab] of [
        ['el', 'Greek'],
        ['en', 'English'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        const body = await page.getByLabel('Text (HTML)').inputValue();
        expect(body).toContain(texts[locale].body);
        expect(body).not.toMatch(/<script|onerror|hacked/);
      }

      for (const locale of ['el', 'en'] as const) {
        for (const width of [390, 1280]) {
          const visitor = await newContext(site.browser, site.stack.url, { locale, width });
          const own = await visitor.newPage();
          await own.goto(texts.path);
          await own.getByRole('heading', { level: 1, name: texts[locale].title }).waitFor();
          await own.getByText(texts[locale].body.replace(/<\/?p>/g, '')).waitFor();
          expect(await own.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
          expect(await own.locator('main img[onerror], main script').count()).toBe(0);
          await snap(own, `${scope}-visitor-${locale}-${width}`);
          await visitor.close();
        }
      }
    },
  );

  it.each(['el', 'en'] as const)(
    'shows the template and site text pages in %s on a phone and a desktop without sideways scrolling',
    async (locale) => {
      for (const width of [390, 1280]) {
        const context = await newContext(site.browser, site.stack.url, { locale, width });
        const own = await context.newPage();
        await loginAs(own, 'admin', ADMIN_PASSWORD);
        for (const [name, path, form] of [
          ['template', '/admin/settings/templates/invitation', 'template-form'],
          ['frontpage', '/admin/settings/frontpage', 'site-texts-form'],
          ['policy', '/admin/settings/policy', 'site-texts-form'],
        ] as const) {
          await own.goto(path);
          await own.getByTestId(form).waitFor();
          expect([name, await own.evaluate(() => document.documentElement.scrollWidth - innerWidth)]).toEqual(
            [name, 0],
          );
          await snap(own, `settings-${name}-${locale}-${width}`);
        }
        await context.close();
      }
    },
  );
});
