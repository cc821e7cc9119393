/**
 * The cards of the participant's pages and the answers that list them, as the consultation's contract types them.
 */
export type {
  CategoryCard,
  CategoryCardListAnswer,
  CategoryPageAnswer,
  ProfileOverviewAnswer,
  ProjectCard,
  ProjectStateName,
} from '@agora/contracts/api';

/** The site path of a project's questionnaire (short names). */
export function questionnairePath(basePath: string, category: string, project: string): string {
  return `${basePath}/participate/category/${encodeURIComponent(category)}/project/${encodeURIComponent(project)}`;
}

/** The site path of a category's public page (short name). */
export function categoryPath(basePath: string, category: string): string {
  return `${basePath}/participate/category/${encodeURIComponent(category)}`;
}
