// Answers of the participation reads, for the web tests.
import type { CategoryCard, ProjectCard, ProjectStateName } from './cards';

export const categoryCard = (n: number, extra: Partial<CategoryCard> = {}): CategoryCard => ({
  token: `00000000-0000-4000-8000-00000000000${n}`,
  mname: `category-${n}`,
  title: `Category ${n}`,
  summary: `Summary of category ${n}`,
  summary_img: `/files/category-${n}.jpg`,
  summary_img_alt: `Picture of category ${n}`,
  active: true,
  autosubscribe: true,
  ...extra,
});

export const projectCard = (n: number, state: ProjectStateName = 'open'): ProjectCard => ({
  token: `10000000-0000-4000-8000-00000000000${n}`,
  mname: `project-${n}`,
  title: `Project ${n}`,
  summary: `Summary of project ${n}`,
  summary_img: '',
  summary_img_alt: '',
  start_date: '2026-05-01',
  end_date: '2026-06-30',
  active: state !== 'closed',
  is_public: false,
  public_date: null,
  state,
});
