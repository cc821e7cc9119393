import type { Project } from '../project/entities/project.entity.js';
import type { CategoryAnswer } from '@agora/contracts/api';
import { summaryOf } from './cards.js';
import type { Category } from './entities/category.entity.js';

export function toCategoryProjectResponse(
  project: Pick<Project, 'token' | 'mname' | 'title'>,
): CategoryAnswer['projects'][number] {
  return { token: project.token, mname: project.mname, title: project.title };
}

/** What the service reads beside the category row (docs/decisions/0013-categories-and-projects.md). */
export interface CategoryExtras {
  /** the category has consultation-profile questions */
  consultation: boolean;
  /** the caller has answered them (false until profile answers are stored) */
  has_answered: boolean;
  /** it is the calling administrator's own active category */
  active: boolean;
}

const NO_EXTRAS: CategoryExtras = { consultation: false, has_answered: false, active: false };

/** A category with its projects, in the order the projects come (the service sorts them). */
export function toCategoryResponse(category: Category, extras: CategoryExtras = NO_EXTRAS): CategoryAnswer {
  return {
    ...summaryOf(category),
    active: extras.active,
    autosubscribe: category.autosubscribe,
    forum_welcome_message: category.forum_welcome_message,
    has_answered: extras.has_answered,
    consultation: extras.consultation,
    sort_order: category.sort_order,
    projects: (category.projects ?? []).map(toCategoryProjectResponse),
  };
}
