// The questionnaire screen end to end, in Chromium, on a fresh database with the demo data: a demo participant
// joins the demo category, answers the consultation profile, and places a point with the keyboard only (the map
// focused, Enter at the crosshair), told by the live region; axe finds no serious or critical violation, in
// English and in Greek.
import type { Browser } from 'playwright-core';
import { typedApiAs } from './support/api.js';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newContext } from './support/browser.js';
import { DEMO_PASSWORD } from './support/demo.js';
import { startTestSite, type TestSite } from './support/site.js';
import { until } from './support/wait.js';

const ADMIN_PASSWORD = 'questionnaire-admin-pw1';

describe('questionnaire screen', () => {
  let stack: TestSite;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    stack = await startTestSite('questionnaire', ADMIN_PASSWORD, { AGORA_DEMO_DATA: 'true' });
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 180_000);

  afterAll(async () => {
    await closeBrowser?.();
    await stack?.stop();
  });

  it.each([
    ['en', 'citizen03', /^(Point placed|Vertex 1 of \d placed), (inside|outside) the area\.$/],
    [
      'el',
      'citizen06',
      /^(Το σημείο τοποθετήθηκε|Η κορυφή 1 από \d τοποθετήθηκε), (μέσα στην|εκτός της) περιοχή/,
    ],
  ] as const)(
    'answers without a mouse and passes axe (%s)',
    async (locale, username, placed) => {
      const context = await newContext(browser, stack.url, { locale });
      const api = await typedApiAs(context, username, DEMO_PASSWORD);
      const category = await api.GET('/api/category/mname/{mname}', {
        params: { path: { mname: 'urban-mobility' } },
      });
      await api.POST('/api/enrolment', { body: { category: category.token } });
      const project =
        category.projects.find((p) => p.state === 'open' && !p.is_public) ?? category.projects[0]!;
      const path = `/participate/category/urban-mobility/project/${project.mname}`;
      const data = await api.GET('/api/data/scope/questionnaire/category/{category}/project/{project}', {
        params: { path: { category: 'urban-mobility', project: project.mname } },
      });
      const entry = data.topics
        .flatMap((topic) => topic.attributes.map((attribute) => ({ topic, attribute })))
        .find(
          ({ topic, attribute }) =>
            !attribute.has_predefined && (attribute.has_geometry || topic.has_geometry),
        );
      expect(entry).toBeDefined();
      // The demo participant's own earlier answers in that topic are taken back first: with them, the topic
      // may already hold as many objects as it allows, and placing one more is (rightly) refused.
      const mine = await api.GET('/api/data/scope/geojson/project/{project}', {
        params: { path: { project: project.token }, query: { layer: 'mine' } },
      });
      for (const feature of mine.features)
        if (feature.properties.node === entry!.topic.token)
          await api.DELETE('/api/data/scope/attribute/choice/{choice}', {
            params: { path: { choice: feature.properties.token } },
          });

      const page = await context.newPage();
      await page.goto(path);
      const profile = page.getByTestId('profile-form');
      if (data.profile_required) {
        await profile.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        for (const question of await profile.locator('fieldset').all())
          await question.locator('input[type="radio"]').first().check();
        await page.getByTestId('profile-submit').click();
        await profile.waitFor({ state: 'detached' });
      }
      await page.getByTestId('questionnaire-map').locator('.leaflet-control-zoom').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId(`attribute-${entry!.attribute.mname}`).click();
      await page.getByTestId('draw-panel').waitFor();
      await page.getByTestId('questionnaire-map').focus();
      await page.keyboard.press('Enter');
      const said = await until(
        async () => (await page.getByTestId('live-region').textContent()) ?? '',
        (text) => placed.test(text),
        'the live region to tell the point placed',
      );
      expect(said).toMatch(placed);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
