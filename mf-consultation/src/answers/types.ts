// The questionnaire answer's attribute and variable, as the contract derives them.
export type { QuestionnaireAttribute, QuestionnaireVariable } from '@agora/contracts/api';
export type { LatLng } from '@agora/contracts';
