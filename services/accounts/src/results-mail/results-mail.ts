import type { TemplateMailRequest } from '@agora/common';
import type { PublishedResultsProject } from '@agora/contracts/api';
import type { UserLocale } from '../users/user-locale.js';

/** The name of the results mail's template in the mailing service (decision 0090). */
export const RESULTS_TEMPLATE = 'results_published';

/** One mail per project and person: a retried run, or a second replica, asks for the same mail. */
export function resultsMailKey(project: string, user: string): string {
  return `results:${project}:${user}`;
}

/**
 * The mail telling a respondent who opted in that the project's results are public, rendered by the mailing
 * service from its editable `results_published` template in the recipient's language: the project, its
 * category, the public results page and the profile page, where the mail is turned off.
 */
export function resultsMail(input: {
  publicUrl: string;
  project: PublishedResultsProject;
  user: { uuid: string; email: string; firstname: string; lastname: string; locale: UserLocale };
}): TemplateMailRequest {
  const { publicUrl, project, user } = input;
  return {
    to: user.email,
    template: RESULTS_TEMPLATE,
    locale: user.locale,
    values: {
      firstname: user.firstname,
      lastname: user.lastname,
      project: project.title,
      category: project.category.title,
      link: `${publicUrl}${project.path}`,
      profile: `${publicUrl}/profile`,
    },
    idempotencyKey: resultsMailKey(project.token, user.uuid),
  };
}
