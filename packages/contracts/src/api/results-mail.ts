import { z } from 'zod';

/**
 * The mail that tells participants a project they answered has published its results (decision 0090): accounts
 * asks consultation, over the internal routes below (callers: accounts only), which projects' results are public
 * and who answered one not yet announced, and sends each respondent who opted in (`results_mail` of the profile)
 * the `results_published` template.
 */

/** A project whose results are public (`is_public` and `public_date` on or before today in its time zone). */
export const PublishedResultsProject = z.object({
  token: z.string(),
  title: z.string(),
  category: z.object({ token: z.string(), mname: z.string(), title: z.string() }),
  public_date: z.iso.date(),
  /** the public results page, below the site's address: `/participate/category/{c}/project/{p}/results` */
  path: z.string(),
});
export type PublishedResultsProject = z.infer<typeof PublishedResultsProject>;

/** `GET /internal/results/published`: every project whose results are public, the latest publication first. */
export const PublishedResultsAnswer = z.object({ projects: z.array(PublishedResultsProject) });
export type PublishedResultsAnswer = z.infer<typeof PublishedResultsAnswer>;

/** `GET /internal/projects/{token}/respondents`: the distinct owners of the project's answers. */
export const ProjectRespondentsAnswer = z.object({ token: z.string(), respondents: z.array(z.uuid()) });
export type ProjectRespondentsAnswer = z.infer<typeof ProjectRespondentsAnswer>;
