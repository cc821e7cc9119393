import type { CategoryCard, ProjectCard } from '@agora/contracts/api';
import { projectState } from '../project/project-dates.js';
import type { Project } from '../project/entities/project.entity.js';
import type { Category } from './entities/category.entity.js';
import type { Summarised } from './entities/summarised.entity.js';

type Summary = Pick<Summarised, 'token' | 'mname' | 'title' | 'summary' | 'summary_img' | 'summary_img_alt'>;

/** The fields a category and a project share in answers. */
export function summaryOf(row: Summary) {
  return {
    token: row.token,
    mname: row.mname,
    title: row.title,
    summary: row.summary,
    summary_img: row.summary_img,
    summary_img_alt: row.summary_img_alt,
  };
}

/** A category on a card; `active`: open to participants (see `categoryActiveSql`). */
export function toCategoryCard(
  category: Summary & Pick<Category, 'autosubscribe'>,
  active: boolean,
): CategoryCard {
  return {
    ...summaryOf(category),
    active,
    autosubscribe: category.autosubscribe,
  };
}

/** A project on a card, with its state on `today` (`yyyy-MM-dd` in the service's time zone). */
export function toProjectCard(project: Project, today: string): ProjectCard {
  return {
    ...summaryOf(project),
    start_date: project.start_date,
    end_date: project.end_date,
    active: project.active,
    is_public: project.is_public,
    public_date: project.public_date,
    state: projectState(project, today),
  };
}
