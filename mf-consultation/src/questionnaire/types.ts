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

export type AnswerCollection = ChoiceLayerAnswer;
export type AnswerFeature = ChoiceLayerAnswer['features'][number];
