import type { CategoryWire, ProjectWire } from '@agora/contracts';

/** A category as the participation answers list it. */
export type CategoryCard = Pick<
  CategoryWire,
  'token' | 'mname' | 'title' | 'summary' | 'summary_img' | 'summary_img_alt' | 'active' | 'autosubscribe'
>;

/** Whether answering is possible now (open), not yet (upcoming) or no longer (closed). */
export type ProjectState = 'upcoming' | 'open' | 'closed';

/** A project as the participation answers list it. */
export type ProjectCard = Pick<
  ProjectWire,
  | 'token'
  | 'mname'
  | 'title'
  | 'summary'
  | 'summary_img'
  | 'summary_img_alt'
  | 'start_date'
  | 'end_date'
  | 'active'
  | 'is_public'
  | 'public_date'
> & { state: ProjectState };

export type EnrolmentRole = 'expert' | 'normal';

/** `GET /api/data/scope/profile`: the participant's enrolled categories with their projects. */
export interface ProfileAnswer {
  values: { category: CategoryCard; role: EnrolmentRole; has_answered: boolean; projects: ProjectCard[] }[];
}

/** `GET /api/category/scope/enroll`: the autosubscribe categories the user has not joined. */
export interface EnrollAnswer {
  values: CategoryCard[];
}

/** `GET /api/category/mname/{mname}`: the public category page. */
export interface CategoryPageAnswer {
  category: CategoryCard;
  projects: ProjectCard[];
  enrolment: EnrolmentRole | null;
  can_enrol: boolean;
}

/** The site path of a project's questionnaire (short names). */
export function questionnairePath(basePath: string, category: string, project: string): string {
  return `${basePath}/participate/category/${encodeURIComponent(category)}/project/${encodeURIComponent(project)}`;
}

/** The site path of a category's public page (short name). */
export function categoryPath(basePath: string, category: string): string {
  return `${basePath}/participate/category/${encodeURIComponent(category)}`;
}
