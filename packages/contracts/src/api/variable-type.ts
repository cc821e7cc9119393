/**
 * The strict check of a variable's `variable_type`: a list of {kind, options}, each kind once, each option one its
 * kind takes (`VALUE_TYPE_OPTIONS`), with the value ranges of spec part 2 §3. Answers the list normalised
 * (library allowMultiple defaults to false, geometric choice colours to #ffffff, polygon transparency to 1).
 */
import {
  DOCUMENT_ACCEPTS,
  GEOMETRY_VALUE_TYPES,
  VALUE_TYPE_OPTIONS,
  VALUE_TYPES,
  type ChoiceOption,
  type GeometryValueType,
  type ValueType,
  type VariableOptions,
} from '../consultation.js';
import type { FieldFailure, FieldRuleName } from '../http.js';
import { CHOICE_ID_PATTERN, type ChoiceDraft, type VariableKindDraft } from './choices.js';
import { isIsoDate, UUID } from './common.js';

type Kind = ValueType | GeometryValueType;

const KINDS: readonly string[] = [...VALUE_TYPES, ...GEOMETRY_VALUE_TYPES];
const COLOR = /^#[0-9a-f]{6}$/i;
const MAX_TEXT = 500;
const MAX_LIST = 200;

/** Which keys a geometric choice takes, by kind (MultiPoint: marker; MultiLine: color; MultiPolygon: both plus transparency). */
const CHOICE_KEYS: Readonly<Record<GeometryValueType, ReadonlyArray<keyof ChoiceOption>>> = {
  geom_point: ['id', 'label', 'marker'],
  geom_line: ['id', 'label', 'color'],
  geom_polygon: ['id', 'label', 'color', 'transparency'],
  geom_radio: ['id', 'label', 'marker', 'color', 'transparency'],
  geom_select: ['id', 'label', 'marker', 'color', 'transparency'],
};

/** The first fault of a `variable_type`: where (`[0].options.choices`, '' for the list), what and its rule. */
export class VariableTypeFault extends Error {
  constructor(
    readonly at: string,
    message: string,
    readonly rule: FieldRuleName,
    readonly values?: FieldFailure['values'],
  ) {
    super(message);
  }
}

const fail = (
  at: string,
  message: string,
  rule: FieldRuleName = 'invalid',
  values?: FieldFailure['values'],
) => new VariableTypeFault(at, message, rule, values);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function text(at: string, v: unknown, nonEmpty: boolean): string {
  if (typeof v !== 'string' || v.length > MAX_TEXT)
    throw fail(at, `text of at most ${MAX_TEXT} characters`, 'max', { n: MAX_TEXT });
  if (nonEmpty && v.trim() === '') throw fail(at, 'This value is required.', 'required');
  return v;
}

function wholeNumber(at: string, v: unknown, min: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
    throw fail(at, `a whole number, at least ${min}`, 'type');
  return v;
}

function date(at: string, v: unknown): string {
  if (typeof v !== 'string' || !isIsoDate(v))
    throw fail(at, 'a date yyyy-MM-dd', 'pattern', { message: 'a date (yyyy-MM-dd)' });
  return v;
}

function list(at: string, v: unknown): unknown[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_LIST)
    throw fail(at, `a list of 1 to ${MAX_LIST} entries`, 'type');
  return v;
}

function unique<T>(at: string, values: T[]): T[] {
  if (new Set(values).size !== values.length) throw fail(at, 'repeated entries', 'duplicate');
  return values;
}

function transparency(at: string, v: unknown): number {
  if (typeof v !== 'number' || !(v >= 0 && v <= 1) || Math.abs(v * 50 - Math.round(v * 50)) > 1e-9)
    throw fail(at, 'from 0 to 1 in steps of 0.02', 'range', { min: 0, max: 1 });
  return v;
}

/** A choice's id when it has one (a new choice gets its id from the service). */
function choiceId(at: string, v: unknown): { id?: string } {
  if (v === undefined) return {};
  if (typeof v !== 'string' || !CHOICE_ID_PATTERN.test(v))
    throw fail(at, 'a choice id: 1 to 64 letters, digits, _ or -', 'pattern', {
      message: 'a choice id (letters, digits, _ or -)',
    });
  return { id: v };
}

/** A radio/checkbox choice: `{id?, label}`, or its label alone (a new choice). */
function choice(at: string, raw: unknown): ChoiceDraft {
  if (typeof raw === 'string') return { label: text(at, raw, true) };
  if (!isObject(raw)) throw fail(at, 'a choice {id, label}', 'type');
  for (const key of Object.keys(raw))
    if (key !== 'id' && key !== 'label') throw fail(`${at}.${key}`, 'not a choice option', 'unknown');
  return { ...choiceId(`${at}.id`, raw.id), label: text(`${at}.label`, raw.label, true) };
}

/** Choices of one kind: their ids (those they have) once each. */
function choiceList<T extends ChoiceDraft>(at: string, choices: T[]): T[] {
  unique(
    at,
    choices.flatMap((c) => (c.id === undefined ? [] : [c.id])),
  );
  return choices;
}

function geometricChoice(at: string, kind: GeometryValueType, raw: unknown): ChoiceDraft<ChoiceOption> {
  if (!isObject(raw)) throw fail(at, 'a choice object', 'type');
  const allowed = CHOICE_KEYS[kind];
  for (const key of Object.keys(raw))
    if (!(allowed as readonly string[]).includes(key))
      throw fail(`${at}.${key}`, `not a ${kind} choice option`, 'unknown');
  const choice: ChoiceDraft<ChoiceOption> = {
    ...choiceId(`${at}.id`, raw.id),
    label: text(`${at}.label`, raw.label, true),
  };
  if (raw.marker !== undefined) choice.marker = text(`${at}.marker`, raw.marker, true);
  if (raw.color !== undefined) {
    if (typeof raw.color !== 'string' || !COLOR.test(raw.color))
      throw fail(`${at}.color`, 'a colour #rrggbb', 'pattern', { message: 'a colour #rrggbb' });
    choice.color = raw.color.toLowerCase();
  } else if (kind === 'geom_line' || kind === 'geom_polygon') choice.color = '#ffffff';
  if (raw.transparency !== undefined)
    choice.transparency = transparency(`${at}.transparency`, raw.transparency);
  else if (kind === 'geom_polygon') choice.transparency = 1;
  return choice;
}

/** One option's value, checked by its name. */
function option(at: string, kind: Kind, name: keyof VariableOptions, v: unknown): unknown {
  switch (name) {
    case 'required':
    case 'allowMultiple':
      if (typeof v !== 'boolean') throw fail(at, 'true or false', 'type');
      return v;
    case 'label':
    case 'placeholder':
      return text(at, v, false);
    case 'maxSize':
    case 'minLength':
    case 'maxLength':
      return wholeNumber(at, v, 0);
    case 'numberOfGeometries':
      return wholeNumber(at, v, 1);
    case 'minDate':
    case 'maxDate':
      return date(at, v);
    case 'choices': {
      const choices = choiceList(
        at,
        list(at, v).map((c, i) => choice(`${at}[${i}]`, c)),
      );
      unique(
        at,
        choices.map((c) => c.label),
      );
      return choices;
    }
    case 'accepts':
      return unique(
        at,
        list(at, v).map((a, i) => {
          if (!(DOCUMENT_ACCEPTS as readonly unknown[]).includes(a))
            throw fail(`${at}[${i}]`, 'doc, docx or pdf', 'choice');
          return a as string;
        }),
      );
    case 'items':
      return unique(
        at,
        list(at, v).map((item, i) => {
          if (typeof item !== 'string' || !UUID.test(item))
            throw fail(`${at}[${i}]`, 'a library item uuid', 'type');
          return item.toLowerCase();
        }),
      );
    case 'geometricChoices':
      return choiceList(
        at,
        list(at, v).map((c, i) => geometricChoice(`${at}[${i}]`, kind as GeometryValueType, c)),
      );
  }
}

function entry(at: string, raw: unknown): VariableKindDraft {
  if (!isObject(raw)) throw fail(at, 'an object of kind and options', 'type');
  for (const key of Object.keys(raw))
    if (key !== 'kind' && key !== 'options') throw fail(`${at}.${key}`, 'unknown', 'unknown');
  if (typeof raw.kind !== 'string' || !KINDS.includes(raw.kind))
    throw fail(`${at}.kind`, `one of ${KINDS.join(', ')}`, 'choice');
  const kind = raw.kind as Kind;
  const rawOptions = raw.options ?? {};
  if (!isObject(rawOptions)) throw fail(`${at}.options`, 'an object', 'type');
  const allowed = VALUE_TYPE_OPTIONS[kind];
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(rawOptions)) {
    if (!(allowed as readonly string[]).includes(name))
      throw fail(`${at}.options.${name}`, `not an option of ${kind}`, 'unknown');
    options[name] = option(`${at}.options.${name}`, kind, name as keyof VariableOptions, value);
  }
  const o = options as VariableKindDraft['options'];
  if (o.minLength !== undefined && o.maxLength !== undefined && o.minLength > o.maxLength)
    throw fail(`${at}.options.maxLength`, 'must not be below minLength', 'order');
  if (o.minDate !== undefined && o.maxDate !== undefined && o.minDate > o.maxDate)
    throw fail(`${at}.options.maxDate`, 'must not be before minDate', 'order');
  if ((kind === 'radio' || kind === 'checkbox') && o.choices === undefined)
    throw fail(`${at}.options.choices`, 'This value is required.', 'required');
  if (kind === 'library' && o.allowMultiple === undefined) o.allowMultiple = false;
  return { kind, options: o };
}

/**
 * The checked, normalised `variable_type` (choices with the ids they came with: `withChoiceIds` gives the others
 * theirs); throws the `VariableTypeFault` of the first fault.
 */
export function parseVariableType(raw: unknown): VariableKindDraft[] {
  if (!Array.isArray(raw) || raw.length === 0)
    throw fail('', 'a list of at least one {kind, options}', 'required');
  const kinds = raw.map((e, i) => entry(`[${i}]`, e));
  const seen = new Set<string>();
  kinds.forEach((k, i) => {
    if (seen.has(k.kind)) throw fail(`[${i}].kind`, `${k.kind} is listed twice`, 'duplicate');
    seen.add(k.kind);
  });
  return kinds;
}
