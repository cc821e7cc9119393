// The values of one variable in the answer form: what the user edits (a draft per kind), what is sent
// (`values[i][…]`, files `resource_i`) and the checks the server makes, with the platform's rule messages.
import {
  ADDRESS_PARTS,
  DOCUMENT_ACCEPTS,
  EMPTY_ADDRESS,
  GEOMETRY_VALUE_TYPES,
  invalidAddressParts,
  joinAddress,
  parseLocation,
  splitAddress,
  type AddressPart,
  type AddressParts,
  type GeometryValueType,
  type ValueType,
  type VariableKind,
  type VariableOptions,
} from '@agora/contracts';
import type { AnswerFileAnswer, AnswerValueAnswer } from '@agora/contracts/api';

/** A file kind's draft: the stored file (if any) and a newly chosen one. */
export interface FileDraft {
  stored: AnswerFileAnswer | null;
  /** the stored value's text (the file's name) */
  storedName: string;
  file: File | null;
}

export interface AddressDraft {
  address: AddressParts;
  /** 'lat;lon' as typed or picked */
  location: string;
}

/** What the user edits for one kind. */
export type Draft = string | string[] | FileDraft | AddressDraft;

/** A check that failed: a message id (platform rule or this form's) and its values. */
export interface ValueError {
  id: string;
  values?: Record<string, string | number>;
  /** resource: the address part or the location; file kinds: 'file' */
  part?: AddressPart | 'location' | 'file';
}

const MB = 1024 * 1024;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isGeometryKind(kind: string): kind is GeometryValueType {
  return (GEOMETRY_VALUE_TYPES as readonly string[]).includes(kind);
}

export function isFileKind(kind: string): kind is 'photo' | 'document' {
  return kind === 'photo' || kind === 'document';
}

/** The kinds this form edits (the geometric ones are drawn on the map). */
export function formKinds(kinds: readonly VariableKind[]): Array<VariableKind & { kind: ValueType }> {
  return kinds.filter((k): k is VariableKind & { kind: ValueType } => !isGeometryKind(k.kind));
}

/** A real calendar day written yyyy-MM-dd. */
export function isIsoDay(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** ';'-joined list text to its entries ('' is none). */
export function splitList(text: string): string[] {
  return text === '' ? [] : text.split(';');
}

/** The draft of a kind from its stored value (or the empty draft). */
export function draftOf(kind: ValueType, stored: AnswerValueAnswer | undefined): Draft {
  const text = stored?.value ?? '';
  switch (kind) {
    case 'checkbox':
    case 'library':
      return splitList(text);
    case 'photo':
    case 'document':
      return { stored: stored?.file ?? null, storedName: text, file: null };
    case 'resource':
      return {
        address: text === '' ? { ...EMPTY_ADDRESS } : splitAddress(text),
        location: stored?.location ?? '',
      };
    default:
      return text;
  }
}

/** The text sent for a draft ('' is no value; a file kind sends its file as `resource_i`). */
export function wireOf(kind: ValueType, draft: Draft): { value: string; location?: string; file?: File } {
  if (Array.isArray(draft)) return { value: draft.join(';') };
  if (typeof draft === 'string') return { value: kind === 'number' ? draft.trim() : draft };
  if ('address' in draft) {
    const empty = ADDRESS_PARTS.every((p) => draft.address[p].trim() === '');
    return empty && draft.location.trim() === ''
      ? { value: '', location: '' }
      : { value: joinAddress(draft.address), location: draft.location.trim() };
  }
  if (draft.file) return { value: draft.file.name, file: draft.file };
  return { value: draft.stored ? draft.storedName : '' };
}

/** True when the draft holds no value. */
export function isEmptyDraft(kind: ValueType, draft: Draft): boolean {
  if (typeof draft === 'object' && !Array.isArray(draft) && 'stored' in draft) {
    return !draft.file && !draft.stored;
  }
  const wire = wireOf(kind, draft);
  return wire.value.trim() === '' && !wire.location;
}

/** True when the draft differs from the stored value. */
export function isChanged(kind: ValueType, draft: Draft, initial: Draft): boolean {
  if (typeof draft === 'object' && !Array.isArray(draft) && 'stored' in draft) return draft.file !== null;
  const a = wireOf(kind, draft);
  const b = wireOf(kind, initial);
  return a.value !== b.value || (a.location ?? '') !== (b.location ?? '');
}

/** The largest file a kind takes: its maxSize (MB) and the project's limit, whichever is smaller. */
export function maxFileBytes(options: VariableOptions, projectMaxBytes: number): number {
  const own = options.maxSize !== undefined && options.maxSize > 0 ? options.maxSize * MB : Infinity;
  const project = projectMaxBytes > 0 ? projectMaxBytes : Infinity;
  return Math.min(own, project);
}

/** '2.5 MB', '300 KB' */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The document extensions a kind accepts (all of doc, docx, pdf unless narrowed). */
export function acceptedExtensions(options: VariableOptions): readonly string[] {
  return options.accepts && options.accepts.length > 0 ? options.accepts : DOCUMENT_ACCEPTS;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const required = (): ValueError => ({ id: 'platform.validation.required' });

/** A number or date outside its bounds: the platform's range message, or one side of it. */
function outside(min: string | number | undefined, max: string | number | undefined): ValueError {
  if (min !== undefined && max !== undefined)
    return { id: 'platform.validation.range', values: { min, max } };
  if (min !== undefined) return { id: 'consultation.answers.rule.atLeast', values: { min } };
  return { id: 'consultation.answers.rule.atMost', values: { max: max ?? '' } };
}

function checkFile(
  kind: 'photo' | 'document',
  options: VariableOptions,
  draft: FileDraft,
  projectMaxBytes: number,
): ValueError | null {
  const { file } = draft;
  if (!file) return options.required && !draft.stored ? { ...required(), part: 'file' } : null;
  if (kind === 'photo' && !file.type.startsWith('image/')) {
    return { id: 'consultation.answers.rule.image', part: 'file' };
  }
  if (kind === 'document') {
    const accepted = acceptedExtensions(options);
    if (!accepted.includes(extensionOf(file.name))) {
      return {
        id: 'consultation.answers.rule.accepts',
        values: { types: accepted.join(', ') },
        part: 'file',
      };
    }
  }
  const limit = maxFileBytes(options, projectMaxBytes);
  if (file.size > limit) {
    return { id: 'consultation.answers.rule.fileSize', values: { size: formatBytes(limit) }, part: 'file' };
  }
  return null;
}

function checkAddress(options: VariableOptions, draft: AddressDraft): ValueError | null {
  const empty = isEmptyDraft('resource', draft);
  if (empty) return options.required ? { ...required(), part: 'street' } : null;
  const missing = ADDRESS_PARTS.find((p) => draft.address[p].trim() === '');
  if (missing) return { ...required(), part: missing };
  const bad = invalidAddressParts(draft.address)[0];
  if (bad) return { id: `platform.address.invalid.${bad === 'house_number' ? 'number' : bad}`, part: bad };
  if (draft.location.trim() === '') return { ...required(), part: 'location' };
  if (!parseLocation(draft.location.trim())) {
    return { id: 'consultation.answers.rule.location', part: 'location' };
  }
  return null;
}

/**
 * The server's checks of one value (the first that fails), with the platform's messages: required, sizes of
 * texts, bounds of numbers and dates, choices and library items among the allowed ones, the address patterns and
 * location, file types and sizes.
 */
export function checkValue(
  kind: ValueType,
  options: VariableOptions,
  draft: Draft,
  projectMaxBytes: number,
): ValueError | null {
  if (typeof draft === 'object' && !Array.isArray(draft)) {
    if ('stored' in draft) return checkFile(kind as 'photo' | 'document', options, draft, projectMaxBytes);
    return checkAddress(options, draft);
  }
  if (isEmptyDraft(kind, draft)) return options.required ? required() : null;
  switch (kind) {
    case 'radio':
    case 'checkbox': {
      const picked = Array.isArray(draft) ? draft : [draft];
      const allowed = options.choices ?? [];
      return picked.every((p) => allowed.includes(p)) ? null : { id: 'platform.validation.choice' };
    }
    case 'library': {
      const picked = Array.isArray(draft) ? draft : [draft];
      const allowed = options.items ?? [];
      if (!picked.every((p) => allowed.includes(p))) return { id: 'platform.validation.choice' };
      return picked.length > 1 && !options.allowMultiple
        ? { id: 'platform.validation.max', values: { n: 1 } }
        : null;
    }
    case 'date': {
      const day = String(draft).trim();
      if (!isIsoDay(day)) return { id: 'platform.validation.rule.date' };
      const { minDate, maxDate } = options;
      if ((minDate && day < minDate) || (maxDate && day > maxDate)) return outside(minDate, maxDate);
      return null;
    }
    case 'number': {
      const text = String(draft).trim();
      const n = Number(text);
      if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(n)) return { id: 'platform.validation.type' };
      const { minLength: min, maxLength: max } = options;
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) return outside(min, max);
      return null;
    }
    default: {
      const size = String(draft).length;
      if (options.minLength !== undefined && size < options.minLength) {
        return { id: 'platform.validation.min', values: { n: options.minLength } };
      }
      if (options.maxLength !== undefined && size > options.maxLength) {
        return { id: 'platform.validation.max', values: { n: options.maxLength } };
      }
      return null;
    }
  }
}

/** One value to send: its kind and wire text, and the file of a photo or document. */
export interface OutgoingValue {
  kind: ValueType;
  value: string;
  location?: string;
  file?: File;
}

/**
 * The multipart body of a save: `choice` and `variable` on the first save (POST), then `values[i][…]` and the
 * files as `resource_i`.
 */
export function answerFormData(
  values: readonly OutgoingValue[],
  first: { choice: string; variable: string } | null,
): FormData {
  const form = new FormData();
  if (first) {
    form.append('choice', first.choice);
    form.append('variable', first.variable);
  }
  values.forEach((v, i) => {
    form.append(`values[${i}][variable_type]`, v.kind);
    form.append(`values[${i}][value]`, v.value);
    if (v.location !== undefined) form.append(`values[${i}][location]`, v.location);
    if (v.file) form.append(`resource_${i}`, v.file);
  });
  return form;
}

/** Which kind (and which part of it) a refused field names: `values[2][value]`, `values[0][location]`, `resource_1`. */
export function refusedKind(
  field: string,
  sent: readonly OutgoingValue[],
): { kind: ValueType; part?: 'location' | 'file' } | null {
  const value = /^values\[(\d+)\](?:\[(\w+)\])?/.exec(field);
  const file = /^resource_(\d+)$/.exec(field);
  const index = Number(value?.[1] ?? file?.[1] ?? NaN);
  const entry = Number.isInteger(index) ? sent[index] : undefined;
  if (!entry) return null;
  if (file || isFileKind(entry.kind)) return { kind: entry.kind, part: 'file' };
  return value?.[2] === 'location' ? { kind: entry.kind, part: 'location' } : { kind: entry.kind };
}
