// What the questionnaire screen reads, as the contract describes it: `GET /api/data/scope/questionnaire/category/
// {category}/project/{project}` (one answer: category, project, topics with their visible attributes and
// variables, the caller's access) and the answers' layers `GET /api/data/scope/geojson/project/{project}?layer=…`.
import type { AnswerLayer, ChoiceLayerAnswer, QuestionnaireAnswer } from '@agora/contracts/api';

export type {
  QuestionnaireAccess,
  QuestionnaireAttribute,
  QuestionnaireProject,
  QuestionnaireTopic,
  QuestionnaireVariable,
} from '@agora/contracts/api';

export type Questionnaire = QuestionnaireAnswer;

export type { AnswerLayer };

/** The answer layers in the order the aside lists them (spec: mine, all, top rated). */
export const ANSWER_LAYERS: readonly AnswerLayer[] = ['mine', 'all', 'top'];

/**
 * Above this many answers with a place, the map of an expert or staff member opens with the answers as clusters
 * and the layer of all answers unticked: drawing each of tens of thousands of answers (their GeoJSON tens of
 * megabytes) holds the page for seconds. Ticking the layer draws each one.
 */
export const LARGE_LAYER = 5_000;

/** Whether the layer of all answers is too large to draw at first (`LARGE_LAYER`). */
export const isLargeLayer = (access: Questionnaire['access']) => (access.answers_on_map ?? 0) > LARGE_LAYER;

export type AnswerCollection = ChoiceLayerAnswer;
export type AnswerFeature = ChoiceLayerAnswer['features'][number];
