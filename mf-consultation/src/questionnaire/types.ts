// What the questionnaire screen reads: `GET /api/data/scope/questionnaire/category/{category}/project/{project}`
// (one answer with the category, the project, its topics, attributes and visible variables, the caller's access)
// and the answers' layers `GET /api/data/scope/geojson/project/{project}?layer=…`.
import type { CategoryWire, GeoJsonGeometry, ProjectWire, TopicWire } from '@agora/contracts';
import type { QuestionnaireAttribute } from '../answers';

export type { QuestionnaireAttribute, QuestionnaireVariable } from '../answers';

/** The category as the questionnaire answers it (the design's CategoryCard). */
export type QuestionnaireCategory = Pick<
  CategoryWire,
  'token' | 'mname' | 'title' | 'summary' | 'summary_img' | 'summary_img_alt' | 'active' | 'autosubscribe'
>;

export type ProjectState = 'upcoming' | 'open' | 'closed';

/** The project (a ProjectCard with its map settings, legislation, upload limit and forum thread). */
export type QuestionnaireProject = Omit<ProjectWire, 'sort_order' | 'category'> & { state: ProjectState };

/** A topic with its visible attributes. */
export type QuestionnaireTopic = Omit<TopicWire, 'project' | 'sort_order'> & {
  attributes: QuestionnaireAttribute[];
};

export type AccessRole = 'expert' | 'normal' | 'staff';

export interface QuestionnaireAccess {
  role: AccessRole;
  /** enrolled, project active, today within start..end */
  can_answer: boolean;
  /** role other than normal, or the project is public */
  see_all: boolean;
}

export interface Questionnaire {
  category: QuestionnaireCategory;
  project: QuestionnaireProject;
  topics: QuestionnaireTopic[];
  access: QuestionnaireAccess;
  profile_required: boolean;
  /** yyyy-MM-dd in the site's time zone */
  today: string;
}

/** The answer layers (spec: mine, all, top rated). */
export const ANSWER_LAYERS = ['mine', 'all', 'top'] as const;
export type AnswerLayer = (typeof ANSWER_LAYERS)[number];

export interface AnswerProperties {
  token: string;
  attribute: string;
  node: string;
  isOwner: boolean;
  likes: number;
  dislikes: number;
  reaction: 'like' | 'dislike' | null;
  created: string;
}

export interface AnswerFeature {
  type: 'Feature';
  id: string;
  geometry: GeoJsonGeometry | null;
  properties: AnswerProperties;
}

export interface AnswerCollection {
  type: 'FeatureCollection';
  features: AnswerFeature[];
}

/** `POST /api/data/scope/attribute`, `PUT …/choice/{choice}`: the answer made. */
export interface Choice {
  token: string;
  attribute: string;
  node: string;
  owner: string;
  geometry: GeoJsonGeometry | null;
  predefined: number | null;
}
