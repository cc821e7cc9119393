// Fixtures of the answer pieces' web tests: an attribute whose variables take the ten value kinds.
import type { AnswerValueAnswer } from '@agora/contracts/api';
import type { QuestionnaireAttribute, QuestionnaireVariable } from './types';

export const CHOICE = '0b7c0c1e-0000-4000-8000-000000000001';
export const U1 = '11111111-1111-4111-8111-111111111111';
export const U2 = '22222222-2222-4222-8222-222222222222';

const variable = (
  n: number,
  mname: string,
  kinds: QuestionnaireVariable['variable_type'],
): QuestionnaireVariable => ({
  token: `00000000-0000-4000-8000-00000000000${n}`,
  mname,
  description: `Question ${n}`,
  tooltip: '',
  icon: '',
  variable_type: kinds,
  forum_topic_id: null,
  forum_topic_url: null,
});

/** Choices whose ids are their labels in lower case (`Alpha` → `alpha`). */
const choices = (...labels: string[]) => labels.map((label) => ({ id: label.toLowerCase(), label }));

export const V_CHOICES = variable(1, 'choices', [
  {
    kind: 'radio',
    options: { required: true, label: 'Pick one', choices: choices('Alpha', 'Beta', 'Gamma') },
  },
  { kind: 'checkbox', options: { label: 'Pick many', choices: choices('x', 'y', 'z') } },
]);
export const V_TEXTS = variable(2, 'texts', [
  { kind: 'text', options: { label: 'Story', minLength: 5, maxLength: 50, placeholder: 'Tell us' } },
  { kind: 'string', options: { required: true, label: 'Title', maxLength: 10 } },
  { kind: 'number', options: { label: 'Rating', minLength: 1, maxLength: 10 } },
  { kind: 'date', options: { label: 'When', minDate: '2026-01-01', maxDate: '2026-12-31' } },
]);
export const V_FILES = variable(3, 'files', [
  { kind: 'photo', options: { label: 'Picture', maxSize: 1 } },
  { kind: 'document', options: { label: 'Paper', accepts: ['pdf'] } },
]);
export const V_PLACE = variable(4, 'place', [
  { kind: 'resource', options: { required: true, label: 'Where' } },
]);
export const V_LIBRARY = variable(5, 'library', [
  { kind: 'library', options: { label: 'Images', items: [U1, U2], allowMultiple: false } },
  { kind: 'geom_point', options: { label: 'Spots', numberOfGeometries: 2 } },
]);

export const VARIABLES = [V_CHOICES, V_TEXTS, V_FILES, V_PLACE, V_LIBRARY];

export const ATTRIBUTE: QuestionnaireAttribute = {
  token: 'a0000000-0000-4000-8000-000000000001',
  name: 'Trees',
  mname: 'trees',
  icon: '',
  icon_alt: '',
  has_geometry: false,
  geom_type: null,
  geom_color: '#ff0000',
  max_geom: null,
  allow_drag: false,
  allow_resize: false,
  has_predefined: false,
  predefined: null,
  has_context: false,
  context: null,
  forum_topic_id: null,
  forum_topic_url: null,
  variables: VARIABLES,
};

export const libraryItem = (uuid: string, title: string) => ({
  uuid,
  title,
  tags: [],
  tooltip: '',
  description: '',
  documentation: '',
  alt_text: `${title} picture`,
  resource: `/api/library/files/items/${title}.png`,
  thumbnail: null,
  width: 10,
  height: 10,
  mime: 'image/png',
  owner: 'u',
  created: '2026-01-01T00:00:00.000Z',
});

/** A stored value of a variable, as `GET data/scope/answers/choice/{choice}` answers it. */
export const stored = (
  variable: QuestionnaireVariable,
  kind: AnswerValueAnswer['variable_type'],
  value: string,
  extra: Partial<AnswerValueAnswer> = {},
) => ({
  variable: variable.token,
  variable_type: kind,
  value,
  label: null,
  location: null,
  file: null,
  ...extra,
});

/** The answer of `GET data/scope/answers/choice/{choice}` with these values. */
export const answersOf = (values: ReturnType<typeof stored>[]) => ({
  status: 200,
  body: {
    choice: {
      token: CHOICE,
      project: 'p0000000-0000-4000-8000-000000000001',
      node: 'n0000000-0000-4000-8000-000000000001',
      attribute: ATTRIBUTE.token,
      geometry: null,
      predefined: null,
      isOwner: true,
      created: '2026-05-01T10:00:00.000Z',
      updated: '2026-05-01T10:00:00.000Z',
    },
    values,
  },
});

export const ANSWERS_URL = `/api/data/scope/answers/choice/${CHOICE}`;
