import type { Project } from '../project/entities/project.entity.js';
import { toCategoryResponse } from './category.mapper.js';
import { Category } from './entities/category.entity.js';

function category(projects: Array<Pick<Project, 'token' | 'mname' | 'title'>> | undefined): Category {
  return Object.assign(new Category(), {
    token: '4a1f0d5e-2b6c-4d7e-8f90-1a2b3c4d5e6f',
    mname: 'urban-mobility',
    title: 'Αστική κινητικότητα — Urban mobility',
    summary: 'summary',
    summary_img: '/api/library/files/demo/a.svg',
    summary_img_alt: 'alt',
    autosubscribe: false,
    forum_welcome_message: 'welcome',
    sort_order: 1,
    created: new Date('2026-11-01T00:00:00Z'),
    projects: projects as Project[],
  });
}

describe('toCategoryResponse', () => {
  it('answers exactly the API fields, with the projects as token, mname and title', () => {
    const project = { token: 'p1', mname: 'p-one', title: 'Έργο', sort_order: 1 } as Project;
    expect(
      toCategoryResponse(category([project]), { consultation: false, has_answered: false, active: true }),
    ).toStrictEqual({
      token: '4a1f0d5e-2b6c-4d7e-8f90-1a2b3c4d5e6f',
      mname: 'urban-mobility',
      title: 'Αστική κινητικότητα — Urban mobility',
      summary: 'summary',
      summary_img: '/api/library/files/demo/a.svg',
      summary_img_alt: 'alt',
      active: true,
      autosubscribe: false,
      forum_welcome_message: 'welcome',
      has_answered: false,
      consultation: false,
      sort_order: 1,
      projects: [{ token: 'p1', mname: 'p-one', title: 'Έργο' }],
    });
  });

  it('answers whether the category has profile questions and whether the caller answered them', () => {
    expect(
      toCategoryResponse(category([]), { consultation: true, has_answered: true, active: false }),
    ).toMatchObject({ consultation: true, has_answered: true, active: false });
  });

  it('is not active unless the caller chose it', () => {
    expect(toCategoryResponse(category([])).active).toBe(false);
  });

  it('answers an empty project list when none were loaded', () => {
    expect(toCategoryResponse(category(undefined)).projects).toEqual([]);
  });
});
