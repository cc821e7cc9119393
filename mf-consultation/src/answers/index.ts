// The answer pieces of the questionnaire screen: the attribute answer form, the statistics modal and the
// location modal.
export { AnswerForm, type AnswerFormProps } from './AnswerForm';
export { StatsModal, type StatsModalProps } from './StatsModal';
export { LocationModal, type LocationModalProps } from './LocationModal';
export type { QuestionnaireAttribute, QuestionnaireVariable } from './types';
