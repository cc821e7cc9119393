// An inactive category (none of its projects is open to participants) is seen by staff only
// (docs/decisions/0036-consultation-profile-weight.md): its page answers them with every project, and anyone else
// (a visitor, a user enrolled nowhere, elsewhere, or even in it) gets the 404 of an unknown category, as its
// profile and questionnaire do.
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
    ['a participant enrolled in it', enrolledUser({ [INACTIVE]: 'normal' }, 'member')],
    ['an expert enrolled in it', enrolledUser({ [INACTIVE]: 'expert' }, 'expert')],
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
});
