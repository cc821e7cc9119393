// What the questionnaire needs at once, started with the page's code (the route's `ahead`, run by the remote's
// `preload` at start-up): its one API call and Leaflet, fetched in parallel with the page's chunks instead of
// after the page has rendered.
import { CSRF_COOKIE } from '@agora/contracts';
import { loadLeaflet, preloadApiGet, readCookie } from '@agora/platform';
import type { Params } from 'react-router-dom';

/** The questionnaire's API call: the page reads it with these, so that a preloaded answer is taken. */
export const QUESTIONNAIRE_PATH = '/api/data/scope/questionnaire/category/{category}/project/{project}';
export function questionnaireInit(category: string, project: string) {
  return { params: { path: { category, project } } };
}

/**
 * Starts Leaflet's download and, with a session (the scripts' `token` cookie), the questionnaire's call. A visitor
 * without a session is sent to the login page, so nothing is asked for them; staff are sent to the data page, and
 * their call's answer goes unread.
 */
export function questionnaireAhead(params: Readonly<Params>): void {
  void loadLeaflet().catch(() => undefined);
  if (!readCookie(CSRF_COOKIE)) return;
  preloadApiGet(QUESTIONNAIRE_PATH, questionnaireInit(params['category'] ?? '', params['project'] ?? ''));
}
