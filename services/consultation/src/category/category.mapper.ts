import type { Project } from '../project/entities/project.entity.js';
import type { CategoryProjectResponse, CategoryResponse } from './dto/category.response.js';
import type { Category } from './entities/category.entity.js';

export function toCategoryProjectResponse(
  project: Pick<Project, 'token' | 'mname' | 'title'>,
): CategoryProjectResponse {
  return { token: project.token, mname: project.mname, title: project.title };
}

/** A category with its projects, in the order the projects come (the service sorts them). */
export function toCategoryResponse(category: Category): CategoryResponse {
  return {
    token: category.token,
    mname: category.mname,
    title: category.title,
    summary: category.summary,
    summary_img: category.summary_img,
    summary_img_alt: category.summary_img_alt,
    active: category.active,
    autosubscribe: category.autosubscribe,
    forum_welcome_message: category.forum_welcome_message,
    sort_order: category.sort_order,
    projects: (category.projects ?? []).map(toCategoryProjectResponse),
  };
}
