import { AppError } from '@agora/common';
import { CONSULTATION_ROLES, type ConsultationRole } from '@agora/contracts';
import type {
  NewProfileChoiceBody,
  NewProfileQuestionBody,
  ProfileChoiceChangeBody,
  ProfileQuestionChangeBody,
} from '@agora/contracts/api';
import { ValidationErrors } from '../validation/validation.errors.js';

/**
 * What the profile writes take, from bodies their schemas (`@agora/contracts/api`) have checked: here only what
 * the schemas cannot see, the uploaded icon files beside the fields.
 */

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

/** Role path segments: `expert` or `normal`. */
export function parseRole(raw: unknown, field = 'role'): ConsultationRole {
  if (typeof raw !== 'string' || !(CONSULTATION_ROLES as readonly string[]).includes(raw))
    throw ValidationErrors.invalidField(field, 'expert or normal', 'choice');
  return raw as ConsultationRole;
}

/** The choice index `i` of an `icons_i` file part of `POST ConsultationProfile`; null for another name. */
export function choiceIconIndex(field: string): number | null {
  const m = /^icons_(0|[1-9][0-9]{0,2})$/.exec(field);
  return m ? Number(m[1]) : null;
}

/**
 * The icon of a choice whose schema left `icon` optional: its link, or '' when its file is uploaded (stored
 * afterwards); a link and a file together, or neither, are refused. `at` prefixes the field (`choices[2].`).
 */
function iconOf(icon: string | undefined, uploaded: boolean, at = ''): string {
  if (uploaded && icon !== undefined)
    throw ValidationErrors.invalidField(`${at}icon`, 'send a link or a file, not both');
  if (!uploaded && icon === undefined) throw ValidationErrors.required(`${at}icon`);
  return icon ?? '';
}

/**
 * `POST ConsultationProfile` with uploaded choice icons: `iconFields` are the names of the file parts (`icons_i`,
 * each naming a sent choice `i`). `slots[k]` is the position in `input.choices` of the choice whose icon is
 * `iconFields[k]`; those choices have the icon '' until it is stored.
 */
export function questionInput(
  body: NewProfileQuestionBody,
  iconFields: readonly string[] = [],
): { input: QuestionInput; slots: number[] } {
  const uploaded = iconFields.map((f) => {
    const i = choiceIconIndex(f);
    if (i === null) throw ValidationErrors.invalidField(f, 'unknown field', 'unknown');
    return i;
  });
  const twice = iconFields.find((f, k) => iconFields.indexOf(f) !== k);
  if (twice !== undefined) throw ValidationErrors.invalidField(twice, 'one file per choice', 'duplicate');
  // `choices[3][content]` alone arrives from a form as a list with holes: the choices are the entries there
  const sent = (body.choices ?? []).flatMap((choice, i) => (choice === undefined ? [] : [{ choice, i }]));
  const choices = sent.map(({ choice, i }) => ({
    content: choice.content,
    icon: iconOf(choice.icon, uploaded.includes(i), `choices[${i}].`),
    weight: choice.weight,
  }));
  const slots = uploaded.map((i, k) => {
    const slot = sent.findIndex((s) => s.i === i);
    if (slot < 0) throw ValidationErrors.invalidField(iconFields[k]!, `there is no choice ${i}`, 'unknown');
    return slot;
  });
  const { category, role, question, weight } = body;
  return { input: { category, role, question, weight, choices }, slots };
}

/** `PUT consultationProfile/token/{token}`: the question's text, its weight, or both. */
export function questionChange(body: ProfileQuestionChangeBody): { question?: string; weight?: number } {
  const change = {
    ...(body.question !== undefined && { question: body.question }),
    ...(body.weight !== undefined && { weight: body.weight }),
  };
  if (Object.keys(change).length === 0) throw nothingToChange('question, weight');
  return change;
}

/** `POST consultationWeight`: with `iconUploaded`, its icon is a file and '' until it is stored. */
export function choiceInput(
  body: NewProfileChoiceBody,
  iconUploaded: boolean,
): ChoiceInput & { question: string } {
  const { question, content, weight } = body;
  return { question, content, icon: iconOf(body.icon, iconUploaded), weight };
}

/** `PUT consultationWeight/id/{id}`: content, weight or icon (any of them, or only an uploaded icon file). */
export function choiceChange(body: ProfileChoiceChangeBody, iconUploaded: boolean): Partial<ChoiceInput> {
  if (iconUploaded && body.icon !== undefined)
    throw ValidationErrors.invalidField('icon', 'send a link or a file, not both');
  const change = {
    ...(body.content !== undefined && { content: body.content }),
    ...(body.icon !== undefined && { icon: body.icon }),
    ...(body.weight !== undefined && { weight: body.weight }),
  };
  if (Object.keys(change).length === 0 && !iconUploaded) throw nothingToChange('content, weight, icon');
  return change;
}

function nothingToChange(fields: string): AppError {
  return AppError.badRequest('REQUEST.EMPTY', `nothing to change: send ${fields}`);
}

/** A choice id of the path: a positive whole number within Postgres' integer; 400 `REQUEST.ID` else. */
export function parseId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw AppError.badRequest('REQUEST.ID', 'invalid id');
  return Number(raw);
}
