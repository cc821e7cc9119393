import type { Role, SessionUser } from '@agora/contracts';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createConsultationService } from '../index.js';

const user = (role: Role): SessionUser => ({
  uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  username: role,
  firstname: 'Γιάννης',
  lastname: 'Δημητρίου',
  email: `${role}@example.org`,
  role,
});
const CATEGORY = '00000000-0000-4000-8000-00000000000a';
const OTHER_CATEGORY = '00000000-0000-4000-8000-00000000000b';

describe('GET /project', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await bootTestService(createConsultationService({}));
    await svc.db.query(`
        INSERT INTO consultation.category (token, mname, title, sort_order)
        VALUES ('${CATEGORY}', 'urban-mobility', 'Αστική κινητικότητα', 1),
               ('${OTHER_CATEGORY}', 'public-spaces', 'Δημόσιοι χώροι', 2)`);
    // 25 projects with sort_order 1..25; project 1 has a centre in Thessaloniki and published results.
    await svc.db.query(`
        INSERT INTO consultation.project
          (mname, title, summary, start_date, end_date, is_public, public_date, active, zoom, center, sort_order, category)
        SELECT 'project-' || lpad(i::text, 2, '0'), 'Έργο ' || i, 'Περίληψη ' || i,
               DATE '2026-11-01', DATE '2026-12-15', i = 1, CASE WHEN i = 1 THEN DATE '2026-12-16' END, i % 2 = 1, 15,
               CASE WHEN i = 1 THEN public.ST_SetSRID(public.ST_MakePoint(22.9484, 40.6264), 4326) END,
               i, CASE WHEN i <= 3 THEN '${CATEGORY}'::uuid WHEN i = 4 THEN NULL ELSE '${OTHER_CATEGORY}'::uuid END
        FROM generate_series(1, 25) AS i`);
  });
  afterAll(() => svc?.close());

  const get = (url: string, who: SessionUser | null | 'none') => {
    const req = request(svc.app.getHttpServer()).get(url);
    return who === 'none' ? req : req.set(IDENTITY_HEADER, svc.identity(who));
  };

  it.each(['/project', '/project/page/1', `/project/category/${CATEGORY}`])(
    '%s answers 401 without identity or login and 403 below admin',
    async (url) => {
      expect((await get(url, 'none')).status).toBe(401);
      const anonymous = await get(url, null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.Error).toBe('not logged in');
      for (const role of ['editor', 'reviewer', 'authorized', 'guest'] as const) {
        const res = await get(url, user(role));
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ Error: 'action denied', code: 'AUTH.FORBIDDEN' });
      }
    },
  );

  it('pages projects by sort_order in the exact shape', async () => {
    const res = await get('/project', user('admin'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, total_pages: 2, total: 25 });
    expect(res.body.values).toHaveLength(20);
    expect(res.body.values[0]).toEqual({
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mname: 'project-01',
      title: 'Έργο 1',
      summary: 'Περίληψη 1',
      summary_img: '',
      summary_img_alt: '',
      start_date: '2026-11-01',
      end_date: '2026-12-15',
      retention_days: null,
      personal_links_removed_at: null,
      public_date: '2026-12-16',
      is_public: true,
      active: true,
      max_bytes: 10485760,
      zoom: 15,
      center: { lat: 40.6264, lng: 22.9484 },
      wms_services: [],
      legislation: [],
      open_data_free_text: false,
      erase_answers_on_account_deletion: false,
      open_data_grid_m: 50,
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 1,
      category: { token: CATEGORY, mname: 'urban-mobility', title: 'Αστική κινητικότητα' },
    });
    expect(res.body.values[1]).toMatchObject({
      mname: 'project-02',
      public_date: null,
      center: null,
      active: false,
    });
    expect(res.body.values[3]).toMatchObject({ mname: 'project-04', category: null });

    const page1 = await get('/project/page/1', user('admin'));
    expect(page1.body).toEqual(res.body);
    const page2 = await get('/project/page/2', user('admin'));
    expect(page2.body.values.map((p: { mname: string }) => p.mname)).toEqual([
      'project-21',
      'project-22',
      'project-23',
      'project-24',
      'project-25',
    ]);
  });

  it.each(['abc', '0', '-1', '1.5', '%20'])(
    'answers 400 {"Error"} to /project/page/%s, never 500',
    async (page) => {
      const res = await get(`/project/page/${page}`, user('admin'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ Error: 'invalid page', code: 'REQUEST.PAGE' });
    },
  );

  it('lists the projects of one category, not paged', async () => {
    const res = await get(`/project/category/${CATEGORY}`, user('admin'));
    expect(res.status).toBe(200);
    expect(res.body.map((p: { mname: string }) => p.mname)).toEqual([
      'project-01',
      'project-02',
      'project-03',
    ]);
    expect(res.body[2].category).toEqual({
      token: CATEGORY,
      mname: 'urban-mobility',
      title: 'Αστική κινητικότητα',
    });
    const other = await get(`/project/category/${OTHER_CATEGORY}`, user('admin'));
    expect(other.body).toHaveLength(21);
  });

  it('answers 404 for an unknown category and 400 for a malformed token', async () => {
    const unknown = await get('/project/category/00000000-0000-4000-8000-0000000000ff', user('admin'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' });
    const malformed = await get('/project/category/urban-mobility', user('admin'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ Error: 'invalid token', code: 'REQUEST.TOKEN' });
  });
});
