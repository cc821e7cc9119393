// Test data of the questionnaire's web tests: one category, one project with a polygon-bounded topic.
import type { AnswerCollection, Questionnaire, QuestionnaireAttribute, QuestionnaireTopic } from './types';

export const CATEGORY = '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01';
export const PROJECT = '6a1b2c3d-4e5f-4a6b-8c7d-000000000001';
export const TOPIC = '6a1b2c3d-4e5f-4a6b-8c7d-000000000002';
export const POINT_ATTR = '6a1b2c3d-4e5f-4a6b-8c7d-000000000003';
export const AREA_ATTR = '6a1b2c3d-4e5f-4a6b-8c7d-000000000004';

/** A square around Athens' centre: lng 23.70..23.76, lat 37.95..38.00. */
export const BOUNDARY = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [23.7, 37.95],
      [23.76, 37.95],
      [23.76, 38.0],
      [23.7, 38.0],
      [23.7, 37.95],
    ],
  ],
};

export function attribute(over: Partial<QuestionnaireAttribute> = {}): QuestionnaireAttribute {
  return {
    token: POINT_ATTR,
    name: 'Bus stop',
    mname: 'bus-stop',
    icon: '',
    icon_alt: '',
    has_geometry: true,
    geom_type: 'point',
    geom_color: '#d97706',
    max_geom: 2,
    allow_drag: true,
    allow_resize: false,
    has_predefined: false,
    predefined: null,
    has_context: false,
    context: null,
    forum_topic_id: null,
    forum_topic_url: null,
    variables: [],
    ...over,
  };
}

export function topic(over: Partial<QuestionnaireTopic> = {}): QuestionnaireTopic {
  return {
    token: TOPIC,
    title: 'Public transport',
    mname: 'transport',
    description: '',
    has_geometry: true,
    boundary: BOUNDARY,
    geom_type: 'point',
    max_geom: 3,
    geom_color: '#1a56db',
    relative_documents: [],
    forum_topic_id: null,
    forum_topic_url: null,
    attributes: [
      attribute(),
      attribute({
        token: AREA_ATTR,
        name: 'Green area',
        mname: 'green-area',
        geom_type: 'polygon',
        max_geom: null,
      }),
    ],
    ...over,
  };
}

export function questionnaire(over: Partial<Questionnaire> = {}): Questionnaire {
  return {
    category: {
      token: CATEGORY,
      mname: 'urban-mobility',
      title: 'Urban mobility',
      summary: 'How we move in the city',
      summary_img: '',
      summary_img_alt: '',
      active: true,
      autosubscribe: true,
    },
    project: {
      token: PROJECT,
      mname: 'buses',
      title: 'Bus network',
      summary: 'Where should buses stop?',
      summary_img: '',
      summary_img_alt: '',
      start_date: '2026-11-01',
      end_date: '2026-12-31',
      public_date: null,
      is_public: false,
      active: true,
      state: 'open',
      max_bytes: 1_000_000,
      zoom: 14,
      center: { lat: 37.975, lng: 23.73 },
      wms_services: [],
      legislation: [{ title: 'Law 4555/2018', file: 'https://example.org/law.pdf' }],
      forum_topic_id: 12,
      forum_topic_url: 'https://forum.example.org/t/12',
    },
    topics: [topic()],
    access: { role: 'normal', can_answer: true, see_all: false, answers_on_map: null },
    profile_required: false,
    today: '2026-11-26',
    ...over,
  };
}

export const NO_ANSWERS: AnswerCollection = { type: 'FeatureCollection', features: [] };
