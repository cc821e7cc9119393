// An inactive category (none of its projects is open to participants) is seen by its members and staff only
// (docs/decisions/0077-inactive-category-members.md): its page answers staff with every project and its members
// with none of the projects being prepared (and no enrolling); anyone else (a visitor, a user enrolled nowhere or
// elsewhere) gets the 404 of an unknown category.
import { bootTestService, type TestService } from '@agora/common/testing';
import type { SessionUser } from '@agora/contracts';
import { callerUser, enrolledUser, requestWith } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

const INACTIVE = '00000000-0000-4000-8000-0000000000d1';
const OTHER = '00000000-0000-4000-8000-0000000000d2';
const HIDDEN_PROJECT = '00000000-0000-4000-8000-0000000000d3';

let svc: TestService;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  await svc.db.query(`
      INSERT INTO consultation.category (token, mname, title, sort_order, autosubscribe)
      VALUES ('${INACTIVE}', 'dormant', 'Σε αναμονή', 1, true), ('${OTHER}', 'elsewhere', 'Αλλού', 2, true)`);
  await svc.db.query(`
      INSERT INTO consultation.project (token, mname, title, start_date, end_date, sort_order, category, active, is_public)
      VALUES ('${HIDDEN_PROJECT}', 'draft', 'Πρόχειρο', '2026-11-01', '2026-12-01', 1, '${INACTIVE}', false, false)`);
});
afterAll(() => svc?.close());

const page = (user: SessionUser | null) => requestWith(svc, user, 'get', '/category/mname/dormant');

describe('the page of an inactive category', () => {
  it.each<[string, SessionUser | null]>([
    ['a visitor', null],
    ['a user enrolled nowhere', callerUser('participant')],
    ['a user enrolled in another category', enrolledUser({ [OTHER]: 'normal' }, 'neighbour')],
  ])('is unknown to %s (404)', async (_who, user) => {
    const res = await page(user);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('CONSULTATION.CATEGORY_NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain('dormant');
  });

  it.each<[string, SessionUser]>([
    ['an administrator', callerUser('admin')!],
    ['a reviewer', enrolledUser({}, 'reviewer', 'reviewer')],
  ])('is shown to %s, with every project', async (_who, user) => {
    const res = await page(user);
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(INACTIVE);
    expect(res.body.category.active).toBe(false);
    expect(res.body.projects.map((p: { token: string }) => p.token)).toEqual([HIDDEN_PROJECT]);
  });

  it.each<[string, SessionUser, 'normal' | 'expert']>([
    ['a participant enrolled in it', enrolledUser({ [INACTIVE]: 'normal' }, 'member'), 'normal'],
    ['an expert enrolled in it', enrolledUser({ [INACTIVE]: 'expert' }, 'expert'), 'expert'],
  ])('is shown to %s, without the projects being prepared', async (_who, user, role) => {
    const res = await page(user);
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(INACTIVE);
    expect(res.body.category.active).toBe(false);
    expect(res.body.enrolment).toBe(role);
    expect(res.body.can_enrol).toBe(false);
    expect(res.body.projects).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain('draft');
  });

  it("keeps its projects' questionnaires closed to its members (404)", async () => {
    const res = await requestWith(
      svc,
      enrolledUser({ [INACTIVE]: 'normal' }, 'member'),
      'get',
      '/project/mname/draft',
    );
    expect(res.status).toBe(404);
  });
});
