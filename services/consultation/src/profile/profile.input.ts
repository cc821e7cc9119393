import { CONSULTATION_ROLES, type ConsultationRole } from '@agora/contracts';
import { AppError } from '@agora/common';
import {
  formFields,
  integer,
  isLink,
  json,
  LINK_MESSAGE,
  readForm,
  text,
  token,
  type FieldReader,
} from '../http/form.js';
import { parseToken } from '../http/params.js';
import { assertForm } from '../validation/scope.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import { PROFILE_SCOPE } from './profile.rules.js';

const RULES = PROFILE_SCOPE.rules;
const QUESTION_RULES = { question: RULES['question']!, weight: RULES['weight']! };
const CHOICE_RULES = { content: RULES['content']!, icon: RULES['icon']!, weight: RULES['weight']! };
export const MAX_CHOICES = 100;

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
    throw ValidationErrors.invalidField(field, 'expert or normal', 'choice');
  return raw as ConsultationRole;
}

const weight = integer(-999_999, 999_999);

/** A marker URL (a site path or an http(s) address); '' is left to the `required` rule. */
const icon: FieldReader<string> = (raw, field) => {
  const value = text(raw, field);
  if (value !== '' && !isLink(value))
    throw ValidationErrors.invalidField(field, 'a marker URL is expected', 'pattern', {
      message: LINK_MESSAGE,
    });
  return value;
};

const CHOICE_READERS = { content: text, icon, weight };
const FILE_CHOICE_READERS = { content: text, weight };
const FILE_CHOICE_RULES = { content: RULES['content']!, weight: RULES['weight']! };

/** Runs `read`, naming the field of a nested entry in its message (`choices[2].icon: …`). */
function within<T>(prefix: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof AppError && e.status === 400)
      throw new AppError(
        e.code,
        400,
        `${prefix}${e.message}`,
        e.failure && { ...e.failure, field: `${prefix}${e.failure.field}` },
      );
    throw e;
  }
}

/** A choice; when its icon is uploaded (`iconUploaded`), without an `icon` field and with '' until it is stored. */
function readChoice(entry: unknown, iconUploaded: boolean): ChoiceInput {
  if (!iconUploaded) {
    const values = readForm<ChoiceInput>(entry, CHOICE_READERS);
    assertForm(CHOICE_RULES, values, 'post');
    return { content: values.content!, icon: values.icon!, weight: values.weight! };
  }
  if (entry !== null && typeof entry === 'object' && Object.hasOwn(entry, 'icon'))
    throw ValidationErrors.invalidField('icon', 'send a link or a file, not both');
  const values = readForm<Omit<ChoiceInput, 'icon'>>(entry, FILE_CHOICE_READERS);
  assertForm(FILE_CHOICE_RULES, values, 'post');
  return { content: values.content!, icon: '', weight: values.weight! };
}

/** The choice index `i` of an `icons_i` file part of `POST ConsultationProfile`; null for another name. */
export function choiceIconIndex(field: string): number | null {
  const m = /^icons_(0|[1-9][0-9]{0,2})$/.exec(field);
  return m ? Number(m[1]) : null;
}

/**
 * The choices of a new question: a list (JSON, `choices[i][field]` form fields, or JSON text). `uploaded` holds
 * the indexes `i` (as sent) of the choices whose icon is a file (`icons_i`); `slots` gets, for each, its position
 * in the answer.
 */
function choicesReader(uploaded: readonly number[], slots: Map<number, number>): FieldReader<ChoiceInput[]> {
  return json((value, field) => {
    if (!Array.isArray(value)) throw ValidationErrors.invalidField(field, 'a list of choices', 'type');
    // `choices[3][content]` alone arrives from a form as a sparse list: take the entries that are there
    const list = value.flatMap((entry: unknown, i) => (entry === undefined ? [] : [{ entry, i }]));
    if (list.length > MAX_CHOICES)
      throw ValidationErrors.tooLong(field, MAX_CHOICES, `at most ${MAX_CHOICES} choices`);
    return list.map(({ entry, i }, position) => {
      const at = `${field}[${i}]`;
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
        throw ValidationErrors.invalidField(at, '{content, icon, weight}', 'type');
      if (uploaded.includes(i)) slots.set(i, position);
      return within(`${at}.`, () => readChoice(entry, uploaded.includes(i)));
    });
  });
}

interface QuestionFields {
  question: string;
  category: string;
  role: ConsultationRole;
  weight: number;
  choices: ChoiceInput[];
}

/** `POST ConsultationProfile`: question, category (token), role, weight and choices (optional). */
export function parseNewQuestion(body: unknown): QuestionInput {
  return parseNewQuestionWithIcons(body, []).input;
}

/**
 * `POST ConsultationProfile` with uploaded choice icons: `iconFields` are the names of the file parts
 * (`icons_i`, each naming a sent choice `i`). `slots[k]` is the position in `input.choices` of the choice whose
 * icon is `iconFields[k]`; those choices have the icon '' until it is stored.
 */
export function parseNewQuestionWithIcons(
  body: unknown,
  iconFields: readonly string[],
): { input: QuestionInput; slots: number[] } {
  const uploaded = iconFields.map((f) => {
    const i = choiceIconIndex(f);
    if (i === null) throw ValidationErrors.invalidField(f, 'unknown field', 'unknown');
    return i;
  });
  const twice = iconFields.find((f, k) => iconFields.indexOf(f) !== k);
  if (twice !== undefined) throw ValidationErrors.invalidField(twice, 'one file per choice', 'duplicate');
  const found = new Map<number, number>();
  const values = readForm<QuestionFields>(body, {
    question: text,
    category: token,
    role: parseRole,
    weight,
    choices: choicesReader(uploaded, found),
  });
  assertForm(QUESTION_RULES, values, 'post');
  if (values.category === undefined) throw ValidationErrors.required('category');
  if (values.role === undefined) throw ValidationErrors.required('role');
  const slots = uploaded.map((i, k) => {
    const slot = found.get(i);
    if (slot === undefined)
      throw ValidationErrors.invalidField(iconFields[k]!, `there is no choice ${i}`, 'unknown');
    return slot;
  });
  return {
    input: {
      category: values.category,
      role: values.role,
      question: values.question!,
      weight: values.weight!,
      choices: values.choices ?? [],
    },
    slots,
  };
}

/** `PUT consultationProfile/token/{token}`: the question's text, its weight, or both. */
export function parseQuestionChange(body: unknown): { question?: string; weight?: number } {
  const values = readForm<{ question: string; weight: number }>(body, { question: text, weight }, ['token']);
  if (Object.keys(values).length === 0) throw nothingToChange('question, weight');
  assertForm(QUESTION_RULES, values, 'put');
  return values;
}

/**
 * `POST consultationWeight`: a new choice of a question (its token in `question`); with `iconUploaded`, its icon is
 * a file (no `icon` field) and '' until it is stored.
 */
export function parseNewChoice(body: unknown, iconUploaded = false): ChoiceInput & { question: string } {
  const fields = formFields(body);
  const q = fields.question;
  delete fields.question;
  const choice = readChoice(fields, iconUploaded);
  if (q === undefined) throw ValidationErrors.required('question');
  return { question: token(q, 'question'), ...choice };
}

/**
 * `PUT consultationWeight/id/{id}`: content, weight or icon (any of them); with `iconUploaded`, the icon is a file
 * (no `icon` field), stored afterwards.
 */
export function parseChoiceChange(body: unknown, iconUploaded = false): Partial<ChoiceInput> {
  const values = readForm<ChoiceInput>(body, CHOICE_READERS, ['id']);
  if (iconUploaded && values.icon !== undefined)
    throw ValidationErrors.invalidField('icon', 'send a link or a file, not both');
  if (Object.keys(values).length === 0 && !iconUploaded) throw nothingToChange('content, weight, icon');
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
