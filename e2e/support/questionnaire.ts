import type { ApiClient } from '@agora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { typedApiAs } from './api.js';
import { newContext } from './browser.js';

/**
 * A user's session on a project's questionnaire screen (`/participate/category/<category>/project/<project>` of
 * the site at `url`): logged in through the API, past the consultation profile when one is asked (the first
 * choice of each question), the map drawn. Answers the browser context, the page, the typed API of the session
 * and the project's token.
 */
export async function openQuestionnaire(
  browser: Browser,
  url: string,
  login: { username: string; password: string },
  where: { category: string; project: string },
  opts: Parameters<typeof newContext>[2] = {},
): Promise<{ context: BrowserContext; page: Page; api: ApiClient; project: string }> {
  const context = await newContext(browser, url, opts);
  const api = await typedApiAs(context, login.username, login.password);
  const data = await api.GET('/api/data/scope/questionnaire/category/{category}/project/{project}', {
    params: { path: where },
  });
  const page = await context.newPage();
  await page.goto(`/participate/category/${where.category}/project/${where.project}`);
  if (data.profile_required) {
    const profile = page.getByTestId('profile-form');
    await profile.waitFor();
    for (const question of await profile.locator('fieldset').all())
      await question.locator('input[type="radio"]').first().check();
    await page.getByTestId('profile-submit').click();
    await profile.waitFor({ state: 'detached' });
  }
  await page.getByTestId('questionnaire-map').locator('.leaflet-control-zoom').waitFor();
  return { context, page, api, project: data.project.token };
}
