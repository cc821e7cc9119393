import type { Browser } from 'playwright-core';
import { DEMO_PARTICIPANT_PASSWORD } from '../../scripts/lib/stack.mjs';
import { openQuestionnaire } from './questionnaire.js';
import type { newContext } from './browser.js';

/** The password of the demo data's participants (citizen01…, given by the accounts service's demo data). */
export const DEMO_PASSWORD = DEMO_PARTICIPANT_PASSWORD;

/** The demo data's seafront cycle lane questionnaire (services/consultation/src/demo): its category and project. */
export const SEAFRONT = { category: 'urban-mobility', project: 'thessaloniki-seafront-cycle-lane' } as const;
/** The seafront questionnaire's point attribute. */
export const SEAFRONT_ATTRIBUTE = 'bicycle-parking';

/** the demo's experts of urban mobility are its first two citizens; the others are normal participants */
export const DEMO_EXPERT = 'citizen01';

/** A demo participant's session on the seafront questionnaire's screen of the site at `url` (`openQuestionnaire`). */
export function openSeafront(
  browser: Browser,
  url: string,
  username: string,
  opts?: Parameters<typeof newContext>[2],
): ReturnType<typeof openQuestionnaire> {
  return openQuestionnaire(browser, url, { username, password: DEMO_PASSWORD }, SEAFRONT, opts);
}
