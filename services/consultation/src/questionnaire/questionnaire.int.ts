// What participants read: the category page, the categories open for enrolment, their categories with the
// profile state, and the questionnaire of a project in one answer.
import { bootTestService, type TestService } from '@agora/common/testing';
import { callWith, enrolledUser } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';
import { todayIn } from '../project/project-dates.js';
import {
  ENDED,
  HIDDEN,
  HIDDEN_ATTR,
  OPEN,
  OTHER,
  PEOPLE,
  PROJECT,
  SHOWN_ATTR,
  SHOWN_VAR,
  TOPIC,
  seedParticipation,
  type Questions,
} from '../../test/participation-fixture.js';

let svc: TestService;
let thread: number;
let q: Questions;

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  ({ thread, questions: q } = await seedParticipation(svc));
});
afterAll(() => svc?.close());

const QUESTIONNAIRE = '/data/scope/questionnaire/category/open-cat/project/seafront';
const card = (token: string, mname: string, title: string, summary = '') => ({
  token,
  mname,
  title,
  summary,
  summary_img: '',
  summary_img_alt: '',
  active: true,
  autosubscribe: true,
});
const SEAFRONT = {
  token: PROJECT,
  mname: 'seafront',
  title: 'Παραλία',
  summary: '',
  summary_img: '',
  summary_img_alt: '',
  start_date: '2000-01-01',
  end_date: '2999-12-31',
  active: true,
  is_public: false,
  public_date: null,
  state: 'open',
};
const ENDED_CARD = {
  ...SEAFRONT,
  token: ENDED,
  mname: 'ended',
  title: 'Έληξε',
  end_date: '2000-12-31',
  is_public: true,
  state: 'closed',
};

describe('the category page', () => {
  it('answers the card, the shown projects, the enrolment and whether the caller may enrol', async () => {
    const page = async (who: keyof typeof PEOPLE) =>
      (await callWith(svc, PEOPLE[who], 'get', '/category/mname/open-cat')).body;
    const normal = await page('normal');
    expect(normal).toMatchObject({
      category: card(OPEN, 'open-cat', 'Ανοιχτή', 'Περίληψη'),
      projects: [SEAFRONT, ENDED_CARD],
      enrolment: 'normal',
      can_enrol: false,
    });
    expect(await page('expert')).toMatchObject({ enrolment: 'expert', can_enrol: false });
    expect(await page('outsider')).toMatchObject({ enrolment: null, can_enrol: true });
    expect(await page('anonymous')).toMatchObject({ enrolment: null, can_enrol: false });
    // staff also see the project that is neither active nor public
    expect((await page('admin')).projects.map((p: { mname: string }) => p.mname)).toEqual([
      'seafront',
      'ended',
      'draft',
    ]);
  });

  it('hides an inactive category from everyone but its members and staff', async () => {
    for (const who of ['anonymous', 'outsider', 'expert'] as const) {
      const res = await callWith(svc, PEOPLE[who], 'get', '/category/mname/hidden-cat');
      expect([res.status, res.body]).toEqual([
        404,
        { Error: 'category not found', code: 'CONSULTATION.CATEGORY_NOT_FOUND' },
      ]);
    }
    const staff = await callWith(svc, PEOPLE.admin, 'get', '/category/mname/hidden-cat');
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ category: { active: false }, projects: [], can_enrol: false });
    const member = await callWith(svc, PEOPLE.normal, 'get', '/category/mname/hidden-cat');
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({
      category: { active: false },
      projects: [],
      enrolment: 'normal',
      can_enrol: false,
    });
    expect((await callWith(svc, PEOPLE.normal, 'get', '/category/mname/nowhere')).status).toBe(404);
  });
});

describe('the lists of categories', () => {
  it('lists to a participant their active categories; staff every category', async () => {
    const names = async (who: keyof typeof PEOPLE) =>
      ((await callWith(svc, PEOPLE[who], 'get', '/category')).body as Array<{ mname: string }>).map(
        (c) => c.mname,
      );
    expect(await names('normal')).toEqual(['open-cat']); // enrolled in the hidden one too
    expect(await names('expert')).toEqual(['open-cat']);
    expect(await names('outsider')).toEqual([]);
    expect(await names('admin')).toEqual(['open-cat', 'hidden-cat', 'other-cat']);
    // staff are reviewers and above, enrolled or not
    const reviewer = enrolledUser({}, 'reviewer', 'reviewer');
    expect((await callWith(svc, reviewer, 'get', '/category')).body).toHaveLength(3);
    expect((await callWith(svc, reviewer, 'get', QUESTIONNAIRE)).body.access.role).toBe('staff');
    const editor = enrolledUser({}, 'editor', 'editor');
    expect((await callWith(svc, editor, 'get', `/forumPosts/topicID/${thread}`)).status).toBe(200);
  });

  it('offers the active autosubscribe categories the caller is not enrolled in', async () => {
    const offered = async (who: keyof typeof PEOPLE) =>
      (await callWith(svc, PEOPLE[who], 'get', '/category/scope/enroll')).body;
    expect(await offered('normal')).toEqual({ values: [card(OTHER, 'other-cat', 'Άλλη')] });
    expect(await offered('outsider')).toEqual({
      values: [card(OPEN, 'open-cat', 'Ανοιχτή', 'Περίληψη'), card(OTHER, 'other-cat', 'Άλλη')],
    });
    await svc.db.query(`UPDATE consultation.category SET autosubscribe = false WHERE token = $1`, [OTHER]);
    expect(await offered('normal')).toEqual({ values: [] });
    await svc.db.query(`UPDATE consultation.category SET autosubscribe = true WHERE token = $1`, [OTHER]);
  });

  it("answers the caller's categories with their role, profile state and shown projects", async () => {
    const res = await callWith(svc, PEOPLE.normal, 'get', '/data/scope/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      values: [
        {
          category: card(OPEN, 'open-cat', 'Ανοιχτή', 'Περίληψη'),
          role: 'normal',
          has_answered: false,
          projects: [SEAFRONT, ENDED_CARD],
        },
      ],
    });
    const expert = await callWith(svc, PEOPLE.expert, 'get', '/data/scope/profile');
    expect(expert.body.values).toMatchObject([{ role: 'expert', has_answered: true }]);
    expect((await callWith(svc, PEOPLE.outsider, 'get', '/data/scope/profile')).body).toEqual({ values: [] });
  });
});

describe('the questionnaire', () => {
  it('answers the whole screen to a participant: visible attributes and variables only', async () => {
    const features = await svc.db.query<{ id: string }>(
      `SELECT id FROM consultation.attribute_feature ORDER BY kind DESC, position`,
    );
    const [a, b, context] = features.map((f) => Number(f.id));
    const res = await callWith(svc, PEOPLE.normal, 'get', QUESTIONNAIRE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      category: card(OPEN, 'open-cat', 'Ανοιχτή', 'Περίληψη'),
      project: {
        ...SEAFRONT,
        legislation: [{ title: 'Νόμος', file: '/law.pdf' }],
        wms_services: [],
        center: { lat: 40.6264, lng: 22.9484 },
        zoom: 15,
        max_bytes: 10_485_760,
        forum_topic_id: thread,
        forum_topic_url: `/forum/${thread}`,
      },
      topics: [
        {
          token: TOPIC,
          title: 'Διαδρομή',
          mname: 'route',
          description: '',
          has_geometry: true,
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [22, 40],
                [23, 40],
                [23, 41],
                [22, 41],
                [22, 40],
              ],
            ],
          },
          geom_type: 'point',
          max_geom: 5,
          geom_color: '#00ff00',
          relative_documents: [],
          forum_topic_id: null,
          forum_topic_url: null,
          attributes: [
            {
              token: SHOWN_ATTR,
              name: 'Στάση',
              mname: 'stop',
              icon: '',
              icon_alt: '',
              has_geometry: true,
              geom_type: 'point',
              geom_color: '',
              max_geom: 2,
              allow_drag: false,
              allow_resize: false,
              has_predefined: true,
              predefined: {
                type: 'FeatureCollection',
                features: [
                  {
                    type: 'Feature',
                    id: a,
                    geometry: { type: 'Point', coordinates: [22.5, 40.5] },
                    properties: { name: 'Α' },
                  },
                  {
                    type: 'Feature',
                    id: b,
                    geometry: { type: 'Point', coordinates: [22.6, 40.6] },
                    properties: null,
                  },
                ],
              },
              has_context: true,
              context: {
                type: 'FeatureCollection',
                features: [
                  {
                    type: 'Feature',
                    id: context,
                    geometry: {
                      type: 'LineString',
                      coordinates: [
                        [22, 40],
                        [23, 41],
                      ],
                    },
                    properties: null,
                  },
                ],
              },
              forum_topic_id: null,
              forum_topic_url: null,
              variables: [
                {
                  token: SHOWN_VAR,
                  mname: 'why',
                  description: 'Γιατί;',
                  tooltip: '',
                  icon: '',
                  variable_type: [{ kind: 'text', options: { required: true } }],
                  forum_topic_id: null,
                  forum_topic_url: null,
                },
              ],
            },
          ],
        },
      ],
      access: { role: 'normal', can_answer: true, see_all: false, answers_on_map: null },
      profile_required: true,
      today: todayIn('Europe/Athens', new Date()),
    });
    expect(typeof a).toBe('number');
  });

  it('shows hidden attributes and variables to staff, read-only', async () => {
    const res = await callWith(svc, PEOPLE.admin, 'get', QUESTIONNAIRE);
    expect(res.status).toBe(200);
    const [topic] = res.body.topics;
    expect(topic.attributes.map((x: { mname: string }) => x.mname)).toEqual(['stop', 'secret']);
    expect(topic.attributes[0].variables.map((x: { mname: string }) => x.mname)).toEqual(['why', 'internal']);
    expect(res.body.access).toEqual({ role: 'staff', can_answer: false, see_all: true, answers_on_map: 0 });
    expect(res.body.profile_required).toBe(false);
  });

  it('tells experts they see all answers, and closed projects that nobody answers', async () => {
    const expert = await callWith(svc, PEOPLE.expert, 'get', QUESTIONNAIRE);
    expect(expert.body.access).toEqual({
      role: 'expert',
      can_answer: true,
      see_all: true,
      answers_on_map: 0,
    });
    expect(expert.body.profile_required).toBe(false); // no expert questions
    const ended = await callWith(
      svc,
      PEOPLE.normal,
      'get',
      '/data/scope/questionnaire/category/open-cat/project/ended',
    );
    expect(ended.body.project.state).toBe('closed');
    expect(ended.body.access).toEqual({
      role: 'normal',
      can_answer: false,
      see_all: true,
      answers_on_map: 0,
    });
  });

  it('counts the answers on the map that the layer of all answers holds for each caller', async () => {
    // three answers with a place on the shown attribute, one on the hidden one, one without a place
    const place = `public.ST_SetSRID(public.ST_MakePoint(22.95, 40.62), 4326)`;
    const rows = await svc.db.query<{ token: string }>(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
       VALUES ($1, $2, $3, $5, ${place}), ($1, $2, $3, $5, ${place}), ($1, $2, $3, $5, ${place}),
              ($1, $2, $4, $5, ${place}), ($1, $2, $3, $5, NULL)
       RETURNING token`,
      [PROJECT, TOPIC, SHOWN_ATTR, HIDDEN_ATTR, PEOPLE.normal!.uuid],
    );
    try {
      const onMap = async (who: keyof typeof PEOPLE) =>
        (await callWith(svc, PEOPLE[who], 'get', QUESTIONNAIRE)).body.access.answers_on_map;
      expect(await onMap('admin')).toBe(4); // staff see the hidden attribute's layer too
      expect(await onMap('expert')).toBe(3);
      expect(await onMap('normal')).toBeNull(); // others' answers are not theirs to see
    } finally {
      await svc.db.query(`DELETE FROM consultation.answer WHERE token = ANY($1)`, [rows.map((r) => r.token)]);
    }
  });

  it('stops asking for the profile once it is answered', async () => {
    const answered = await callWith(svc, PEOPLE.normal, 'post', `/data/scope/profile/category/${OPEN}`, [
      { question: q.mode.token, choice: q.mode.bike },
      { question: q.often.token, choice: q.often.rarely },
      { question: q.unweighted.token, choice: q.unweighted.any },
    ]);
    expect(answered.body).toEqual({ weight: 11 / 3, has_answered: true });
    expect((await callWith(svc, PEOPLE.normal, 'get', QUESTIONNAIRE)).body.profile_required).toBe(false);
  });

  it('refuses unknown, hidden and foreign categories and projects', async () => {
    const member = enrolledUser({ [OPEN]: 'normal', [HIDDEN]: 'normal', [OTHER]: 'normal' }, 'roamer');
    for (const [path, status, code] of [
      ['/data/scope/questionnaire/category/nowhere/project/seafront', 404, 'CONSULTATION.CATEGORY_NOT_FOUND'],
      [
        '/data/scope/questionnaire/category/hidden-cat/project/seafront',
        404,
        'CONSULTATION.CATEGORY_NOT_FOUND',
      ],
      ['/data/scope/questionnaire/category/open-cat/project/nowhere', 404, 'CONSULTATION.PROJECT_NOT_FOUND'],
      // a project of another category, and one neither active nor public
      [
        '/data/scope/questionnaire/category/other-cat/project/seafront',
        404,
        'CONSULTATION.PROJECT_NOT_FOUND',
      ],
      ['/data/scope/questionnaire/category/open-cat/project/draft', 404, 'CONSULTATION.PROJECT_NOT_FOUND'],
    ] as const) {
      const res = await callWith(svc, member, 'get', path);
      expect([path, res.status, res.body.code]).toEqual([path, status, code]);
    }
    expect(
      (await callWith(svc, PEOPLE.admin, 'get', '/data/scope/questionnaire/category/open-cat/project/draft'))
        .status,
    ).toBe(200);
    const outsider = await callWith(svc, PEOPLE.outsider, 'get', QUESTIONNAIRE);
    expect([outsider.status, outsider.body.code]).toEqual([403, 'CONSULTATION.NOT_ENROLLED']);
  });
});
