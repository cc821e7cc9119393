import type { ApiClient, ApiInit, ApiOperation, ApiPaths } from '@agora/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { typedApi } from './api.js';
import { launchBrowser, loginAs, newContext } from './browser.js';
import { startTestSite, type TestSite } from './site.js';

/** A test site with a browser logged in as its administrator: on a page, and through the typed API. */
export interface AdminSite {
  stack: TestSite;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** the typed API client on the page's session */
  api: ApiClient;
  /** closes the browser, then stops the site */
  close(): Promise<void>;
}

/**
 * Starts the site `name` (see `startTestSite`, `env` its extra settings), opens Chromium on it in English and logs
 * the administrator in through the login page.
 */
export async function openAdminSite(
  name: string,
  adminPassword: string,
  env: Record<string, string> = {},
): Promise<AdminSite> {
  const stack = await startTestSite(name, adminPassword, env);
  let closeBrowser: (() => Promise<void>) | undefined;
  const close = async () => {
    try {
      await closeBrowser?.();
    } finally {
      await stack.stop();
    }
  };
  try {
    const launched = await launchBrowser();
    closeBrowser = launched.close;
    const context = await newContext(launched.browser, stack.url, { locale: 'en' });
    const page = await context.newPage();
    await loginAs(page, 'admin', adminPassword);
    return { stack, browser: launched.browser, context, page, api: typedApi(context), close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** The JSON body of a POST (its multipart form aside). */
type PostBody<P extends keyof ApiPaths> = Exclude<
  NonNullable<ApiInit<ApiOperation<ApiPaths, P, 'post'>>['body']>,
  FormData
>;
type CategoryBody = PostBody<'/api/category'>;
type ProjectBody = PostBody<'/api/project'>;

/** Creates an active category and a project in it through the API; answers both as the service stored them. */
export async function createCategoryAndProject(
  api: ApiClient,
  category: Omit<CategoryBody, 'active'>,
  project: Omit<ProjectBody, 'category'>,
) {
  const created = await api.POST('/api/category', { body: { ...category, active: true } });
  return {
    category: created,
    project: await api.POST('/api/project', { body: { ...project, category: created.token } }),
  };
}
