import { Category } from '../category/entities/category.entity.js';
import { Project } from './entities/project.entity.js';
import { addDays, settleSchedule } from './project.form.js';
import { toLatLng, toPoint, toProjectResponse } from './project.mapper.js';

function project(overrides: Partial<Project> = {}): Project {
  return Object.assign(new Project(), {
    token: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
    mname: 'seafront',
    title: 'Ποδηλατόδρομος',
    summary: 'summary',
    summary_img: '',
    summary_img_alt: '',
    start_date: '2026-11-07',
    end_date: '2026-12-21',
    retention_days: 30,
    personal_links_removed_at: new Date('2027-01-20T03:00:00Z'),
    max_bytes: 10485760,
    active: true,
    is_public: false,
    public_date: null,
    zoom: 15,
    center: { type: 'Point', coordinates: [22.9484, 40.6264] },
    wms_services: [{ title: 'Ορθοφωτοχάρτες', WMSurl: 'https://gis.example.org/wms', layers: 'ortho' }],
    legislation: [{ title: 'Ν. 4784/2021', file: '/api/library/files/law.pdf' }],
    open_data_free_text: false,
    erase_answers_on_account_deletion: false,
    open_data_grid_m: 50,
    forum_topic_id: null,
    forum_topic_url: null,
    sort_order: 1,
    category: Object.assign(new Category(), { token: 'c1', mname: 'urban-mobility', title: 'Κινητικότητα' }),
    created: new Date('2026-11-01T00:00:00Z'),
    ...overrides,
  });
}

describe('project mapping', () => {
  it('answers exactly the API fields', () => {
    expect(toProjectResponse(project())).toStrictEqual({
      token: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      mname: 'seafront',
      title: 'Ποδηλατόδρομος',
      summary: 'summary',
      summary_img: '',
      summary_img_alt: '',
      start_date: '2026-11-07',
      end_date: '2026-12-21',
      retention_days: 30,
      personal_links_removed_at: '2027-01-20T03:00:00.000Z',
      public_date: null,
      is_public: false,
      active: true,
      max_bytes: 10485760,
      zoom: 15,
      center: { lat: 40.6264, lng: 22.9484 },
      wms_services: [{ title: 'Ορθοφωτοχάρτες', WMSurl: 'https://gis.example.org/wms', layers: 'ortho' }],
      legislation: [{ title: 'Ν. 4784/2021', file: '/api/library/files/law.pdf' }],
      open_data_free_text: false,
      erase_answers_on_account_deletion: false,
      open_data_grid_m: 50,
      forum_topic_id: null,
      forum_topic_url: null,
      sort_order: 1,
      category: { token: 'c1', mname: 'urban-mobility', title: 'Κινητικότητα' },
    });
  });

  it('answers null for a missing centre and category', () => {
    const response = toProjectResponse(project({ center: null, category: null, public_date: '2026-12-22' }));
    expect(response.center).toBeNull();
    expect(response.category).toBeNull();
    expect(response.public_date).toBe('2026-12-22');
  });

  it('converts between {lat, lng} and GeoJSON [lng, lat]', () => {
    expect(toPoint({ lat: 37.9768, lng: 23.7276 })).toEqual({
      type: 'Point',
      coordinates: [23.7276, 37.9768],
    });
    expect(toLatLng({ type: 'Point', coordinates: [23.7276, 37.9768] })).toEqual({
      lat: 37.9768,
      lng: 23.7276,
    });
    expect(toLatLng(null)).toBeNull();
    expect(toLatLng({ type: 'Point', coordinates: [] })).toBeNull();
  });
});

describe('project schedule', () => {
  const today = '2026-11-21';

  it('defaults a new project to start today, end tomorrow, unpublished', () => {
    expect(settleSchedule(null, {}, today)).toEqual({
      start_date: '2026-11-21',
      end_date: '2026-11-22',
      is_public: false,
      public_date: null,
    });
  });

  it('ends a new project the day after a given start, and publishes results tomorrow unless told when', () => {
    expect(settleSchedule(null, { start_date: '2027-02-28', is_public: true }, today)).toEqual({
      start_date: '2027-02-28',
      end_date: '2027-03-01',
      is_public: true,
      public_date: '2026-11-22',
    });
    expect(settleSchedule(null, { is_public: true, public_date: '2027-01-10' }, today).public_date).toBe(
      '2027-01-10',
    );
  });

  it('refuses an end before the start, also against the stored dates', () => {
    expect(() => settleSchedule(null, { start_date: '2026-12-02', end_date: '2026-12-01' }, today)).toThrow(
      'end_date: the end date cannot be before the start date',
    );
    const stored = { start_date: '2026-11-01', end_date: '2026-11-30', is_public: false, public_date: null };
    expect(() => settleSchedule(stored, { start_date: '2026-12-01' }, today)).toThrow(/end_date/);
    expect(settleSchedule(stored, { end_date: '2026-11-01' }, today).end_date).toBe('2026-11-01');
  });

  it('keeps a public date only while the results are published, clearing it otherwise', () => {
    const published = {
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      is_public: true,
      public_date: '2026-12-05',
    };
    expect(settleSchedule(published, { is_public: false }, today)).toMatchObject({
      is_public: false,
      public_date: null,
    });
    expect(settleSchedule(published, {}, today).public_date).toBe('2026-12-05');
    expect(settleSchedule(null, { public_date: '2026-12-05' }, today).public_date).toBeNull();
    expect(
      settleSchedule(published, { is_public: false, public_date: '2026-12-06' }, today).public_date,
    ).toBeNull();
    const unpublished = { ...published, is_public: false, public_date: null };
    expect(settleSchedule(unpublished, { is_public: true }, today).public_date).toBe('2026-11-22');
  });

  it('counts days across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
