import type { SessionUser } from '@agora/contracts';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createConsultationService } from '../index.js';

const admin: SessionUser = {
  uuid: '5b4a3f2e-1d0c-4b9a-8f7e-6d5c4b3a2f1e',
  username: 'admin',
  firstname: 'Άννα',
  lastname: 'Νικολάου',
  email: 'admin@example.org',
  role: 'admin',
};

describe('demo consultation data', () => {
  const started: TestService[] = [];
  afterAll(async () => {
    for (const s of started) await s.close();
  });

  it('is seeded once when AGORA_DEMO_DATA=true, with map centres stored in PostGIS as SRID 4326', async () => {
    const def = createConsultationService({ AGORA_DEMO_DATA: 'true' });
    const svc = await bootTestService(def);
    started.push(svc);
    const api = (url: string) =>
      request(svc.app.getHttpServer()).get(url).set(IDENTITY_HEADER, svc.identity(admin));

    const categories = await api('/category');
    expect(categories.status).toBe(200);
    expect(categories.body.map((c: { mname: string }) => c.mname)).toEqual([
      'urban-mobility',
      'public-spaces',
    ]);
    expect(categories.body[0].title).toBe('Αστική κινητικότητα — Urban mobility');
    expect(categories.body[0].projects).toHaveLength(2);
    expect(categories.body[1].projects).toHaveLength(1);

    const projects = await api('/project');
    expect(projects.body.total).toBe(3);
    const bySlug = Object.fromEntries(
      projects.body.values.map((p: { mname: string; center: unknown }) => [p.mname, p.center]),
    );
    expect(bySlug).toEqual({
      'thessaloniki-seafront-cycle-lane': { lat: 40.6264, lng: 22.9484 },
      'athens-aiolou-pedestrian-street': { lat: 37.9768, lng: 23.7276 },
      'patras-pocket-parks': { lat: 38.2466, lng: 21.7346 },
    });
    for (const p of projects.body.values) {
      expect(p.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.end_date >= p.start_date).toBe(true);
    }

    const stored = await svc.db.query<{
      mname: string;
      srid: number;
      type: string;
      lat: number;
      lng: number;
    }>(
      `SELECT mname, public.ST_SRID(center) AS srid, public.GeometryType(center) AS type,
              public.ST_Y(center) AS lat, public.ST_X(center) AS lng
       FROM consultation.project ORDER BY sort_order`,
    );
    expect(stored).toEqual([
      { mname: 'thessaloniki-seafront-cycle-lane', srid: 4326, type: 'POINT', lat: 40.6264, lng: 22.9484 },
      { mname: 'athens-aiolou-pedestrian-street', srid: 4326, type: 'POINT', lat: 37.9768, lng: 23.7276 },
      { mname: 'patras-pocket-parks', srid: 4326, type: 'POINT', lat: 38.2466, lng: 21.7346 },
    ]);

    // A second start (onReady runs again) adds nothing.
    await def.onReady!(svc.app, svc.config);
    const again = await api('/category');
    expect(again.body).toEqual(categories.body);
    expect((await api('/project')).body.total).toBe(3);
  });

  it('adds nothing when AGORA_DEMO_DATA is not set', async () => {
    const svc = await bootTestService(createConsultationService({}));
    started.push(svc);
    const res = await request(svc.app.getHttpServer())
      .get('/category')
      .set(IDENTITY_HEADER, svc.identity(admin));
    expect(res.body).toEqual([]);
  });
});
