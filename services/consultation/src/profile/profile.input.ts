import { CONSULTATION_ROLES, type ConsultationRole } from '@agora/contracts';
import { AppError } from '@agora/common';
import { integer, isLink, json, readForm, text, token, type FieldReader } from '../http/form.js';
import { parseToken } from '../http/params.js';
import { assertForm } from '../validation/scope.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import { PROFILE_SCOPE } from './profile.rules.js';

const RULES = PROFILE_SCOPE.rules;
const QUESTION_RULES = { question: RULES['question']!, weight: RULES['weight']! };
const CHOICE_RULES = { content: RULES['content']!, icon: RULES['icon']!, weight: RULES['weight']! };
const MAX_CHOICES = 100;

export interface ChoiceInput {
  content: string;
  icon: string;
  weight: number;
}

export interface QuestionInput {
  category: string;
  role: ConsultationRole;
  question: string;
  weight: number;
  choices: ChoiceInput[];
}

/** Role path segments and fields: `expert` or `normal`. */
export function parseRole(raw: unknown, field = 'role'): ConsultationRole {
  if (typeof raw !== 'string' || !(CONSULTATION_ROLES as readonly string[]).includes(raw))
    throw ValidationErrors.invalidField(field, 'expert or normal');
  return raw as ConsultationRole;
}

const weight = integer(-999_999, 999_999);

/** A marker URL (a site path or an http(s) address); '' is left to the `required` rule. */
const icon: FieldReader<string> = (raw, field) => {
  const value = text(raw, field);
  if (value !== '' && !isLink(value)) throw ValidationErrors.invalidField(field, 'a marker URL is expected');
  return value;
};

const CHOICE_READERS = { content: text, icon, weight };

/** Runs `read`, naming the field of a nested entry in its message (`choices[2].icon: …`). */
function within<T>(prefix: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof AppError && e.status === 400) throw AppError.badRequest(e.code, `${prefix}${e.message}`);
    throw e;
  }
}

function choiceOf(values: Partial<ChoiceInput>): ChoiceInput {
  return { content: values.content!, icon: values.icon!, weight: values.weight! };
}

/** The choices of a new question: a list (JSON, `choices[i][field]` form fields, or JSON text). */
const choices: FieldReader<ChoiceInput[]> = json((value, field) => {
  // `choices[3][content]` alone arrives from a form as a sparse list: take the entries that are there
  const list = Array.isArray(value) ? value.filter((v) => v !== undefined) : null;
  if (!list) throw ValidationErrors.invalidField(field, 'a list of choices');
  if (list.length > MAX_CHOICES) throw ValidationErrors.invalidField(field, `at most ${MAX_CHOICES} choices`);
  return list.map((entry, i) => {
    const at = `${field}[${i}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      throw ValidationErrors.invalidField(at, '{content, icon, weight}');
    return within(`${at}.`, () => {
      const values = readForm<ChoiceInput>(entry, CHOICE_READERS);
      assertForm(CHOICE_RULES, values, 'post');
      return choiceOf(values);
    });
  });
});

interface QuestionFields {
  question: string;
  category: string;
  role: ConsultationRole;
  weight: number;
  choices: ChoiceInput[];
}

const QUESTION_READERS = { question: text, category: token, role: parseRole, weight, choices };

/** `POST ConsultationProfile`: question, category (token), role, weight and choices (optional). */
export function parseNewQuestion(body: unknown): QuestionInput {
  const values = readForm<QuestionFields>(body, QUESTION_READERS);
  assertForm(QUESTION_RULES, values, 'post');
  if (values.category === undefined)
    throw ValidationErrors.invalidField('category', 'This value is required.');
  if (values.role === undefined) throw ValidationErrors.invalidField('role', 'This value is required.');
  return {
    category: values.category,
    role: values.role,
    question: values.question!,
    weight: values.weight!,
    choices: values.choices ?? [],
  };
}

/** `PUT consultationProfile/token/{token}`: the question's text, its weight, or both. */
export function parseQuestionChange(body: unknown): { question?: string; weight?: number } {
  const values = readForm<{ question: string; weight: number }>(body, { question: text, weight }, ['token']);
  if (Object.keys(values).length === 0) throw nothingToChange('question, weight');
  assertForm(QUESTION_RULES, values, 'put');
  return values;
}

/** `POST consultationWeight`: a new choice of a question (its token in `question`). */
export function parseNewChoice(body: unknown): ChoiceInput & { question: string } {
  const values = readForm<ChoiceInput & { question: string }>(body, { ...CHOICE_READERS, question: token });
  assertForm(CHOICE_RULES, values, 'post');
  if (values.question === undefined)
    throw ValidationErrors.invalidField('question', 'This value is required.');
  return { question: values.question, ...choiceOf(values) };
}

/** `PUT consultationWeight/id/{id}`: content, weight or icon (any of them). */
export function parseChoiceChange(body: unknown): Partial<ChoiceInput> {
  const values = readForm<ChoiceInput>(body, CHOICE_READERS, ['id']);
  if (Object.keys(values).length === 0) throw nothingToChange('content, weight, icon');
  assertForm(CHOICE_RULES, values, 'put');
  return values;
}

function nothingToChange(fields: string): AppError {
  return AppError.badRequest('REQUEST.EMPTY', `nothing to change: send ${fields}`);
}

/** A sort order: a JSON array of distinct question tokens, the first at position 1. */
export function parseTokenOrder(body: unknown): string[] {
  return distinct(
    orderList(body).map((t) => {
      if (typeof t !== 'string') throw badOrder('a list of tokens is expected');
      return parseToken(t);
    }),
  );
}

/** A sort order: a JSON array of distinct choice ids, the first at position 1. */
export function parseIdOrder(body: unknown): number[] {
  return distinct(orderList(body).map((id) => parseId(typeof id === 'number' ? String(id) : id)));
}

const MAX_ORDER = 10_000;

function orderList(body: unknown): unknown[] {
  if (!Array.isArray(body) || body.length === 0) throw badOrder('a non-empty JSON array is expected');
  if (body.length > MAX_ORDER) throw badOrder(`at most ${MAX_ORDER} entries`);
  return body;
}

function distinct<T>(list: T[]): T[] {
  if (new Set(list).size !== list.length) throw badOrder('an entry appears more than once');
  return list;
}

function badOrder(message: string): AppError {
  return AppError.badRequest('REQUEST.SORT_ORDER', message);
}

/** A choice id (path or sort order): a positive whole number within Postgres' integer; 400 `REQUEST.ID` else. */
export function parseId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw AppError.badRequest('REQUEST.ID', 'invalid id');
  return Number(raw);
}
