// The values of one variable in the answer form: what the user edits (a draft per kind), what is sent
// (`values[i][…]`, files `resource_i`) and the checks the server makes, with the platform's rule messages.
import {
  ADDRESS_PARTS,
  DOCUMENT_ACCEPTS,
  EMPTY_ADDRESS,
  joinAddress,
  splitAddress,
  type AddressPart,
  type AddressParts,
  type GeometryValueType,
  type ValueType,
  type VariableKind,
  type VariableOptions,
  DEFAULT_MAX as SHARED_DEFAULT_MAX,
  isFileValueKind,
  isGeometryValueKind,
  isIsoDate,
  parseLatLon,
  valueSchema,
  type ValueProblem,
} from '@agora/contracts';
import type { AnswerFileAnswer, AnswerValueAnswer } from '@agora/contracts/api';
import { checkGeometry, geometryText, isGeometryDraft, shapesOf, type GeometryDraft } from './geometry';

/** A kind the form edits: a value type or a geometric kind. */
export type AnswerKind = ValueType | GeometryValueType;

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
export type Draft = string | string[] | FileDraft | AddressDraft | GeometryDraft;

/** A check that failed: a message id (platform rule or this form's) and its values. */
export interface ValueError {
  id: string;
  values?: Record<string, string | number>;
  /** resource: the address part or the location; file kinds: 'file' */
  part?: AddressPart | 'location' | 'file';
}

const MB = 1024 * 1024;

/** Text lengths when a variable sets no maxLength (the server's): a short text, a long text. */
export const DEFAULT_MAX = SHARED_DEFAULT_MAX;

export function isGeometryKind(kind: string): kind is GeometryValueType {
  return isGeometryValueKind(kind);
}

export function isFileKind(kind: string): kind is 'photo' | 'document' {
  return isFileValueKind(kind);
}

/** The kinds this form edits: all of the variable's (the geometric ones drawn on a map in the form). */
export function formKinds(kinds: readonly VariableKind[]): Array<VariableKind & { kind: AnswerKind }> {
  return kinds.filter((k): k is VariableKind & { kind: AnswerKind } => typeof k.kind === 'string');
}

/** A real calendar day written yyyy-MM-dd (the server's). */
export const isIsoDay = isIsoDate;

/** ';'-joined list text to its entries ('' is none). */
export function splitList(text: string): string[] {
  return text === '' ? [] : text.split(';');
}

/** The draft of a kind from its stored value (or the empty draft). */
export function draftOf(kind: AnswerKind, stored: AnswerValueAnswer | undefined): Draft {
  const text = stored?.value ?? '';
  if (isGeometryKind(kind)) return shapesOf(text);
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
export function wireOf(kind: AnswerKind, draft: Draft): { value: string; location?: string; file?: File } {
  if (isGeometryDraft(draft)) return { value: geometryText(draft) };
  if (Array.isArray(draft)) return { value: draft.join(';') };
  if (typeof draft === 'string') return { value: kind === 'number' ? draft.trim() : draft };
  if ('address' in draft) {
    return ADDRESS_PARTS.every((p) => draft.address[p].trim() === '')
      ? { value: '', location: '' }
      : { value: joinAddress(draft.address), location: draft.location.trim() };
  }
  if (draft.file) return { value: draft.file.name, file: draft.file };
  return { value: draft.stored ? draft.storedName : '' };
}

export function isFileDraft(draft: Draft): draft is FileDraft {
  return typeof draft === 'object' && !Array.isArray(draft) && 'stored' in draft;
}

export function isAddressDraft(draft: Draft): draft is AddressDraft {
  return typeof draft === 'object' && !Array.isArray(draft) && 'address' in draft;
}

/** True when the draft holds no value (a location without an address is none: the server drops it). */
export function isEmptyDraft(kind: AnswerKind, draft: Draft): boolean {
  if (isFileDraft(draft)) return !draft.file && !draft.stored;
  if (isAddressDraft(draft)) return ADDRESS_PARTS.every((p) => draft.address[p].trim() === '');
  return wireOf(kind, draft).value.trim() === '';
}

/** True when the draft differs from the stored value. */
export function isChanged(kind: AnswerKind, draft: Draft, initial: Draft): boolean {
  if (isFileDraft(draft)) return draft.file !== null;
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

/** `lat;lon` as the server reads it: decimals within the spec's EPSG:4326 ranges. */
export function isLocationText(text: string): boolean {
  return parseLatLon(text) !== null;
}

/** The form's message of a value the shared rule refuses. */
function valueMessage(problem: ValueProblem): ValueError {
  switch (problem.rule) {
    case 'choice':
    case 'kind':
      return { id: 'platform.validation.choice' };
    case 'entry':
      return { id: 'platform.validation.invalid' };
    case 'duplicate':
      return { id: 'platform.validation.duplicate' };
    case 'single':
      return { id: 'platform.validation.max', values: { n: 1 } };
    case 'date':
      return { id: 'platform.validation.rule.date' };
    case 'minDate':
    case 'minLength':
      return { id: 'platform.validation.min', values: { n: problem.n } };
    case 'maxDate':
    case 'maxLength':
      return { id: 'platform.validation.max', values: { n: problem.n } };
    case 'decimal':
      return { id: 'platform.validation.type' };
    case 'range':
      return outside(problem.min, problem.max);
    case 'address':
      return problem.missing
        ? { ...required(), part: problem.part }
        : {
            id: `platform.address.invalid.${problem.part === 'house_number' ? 'number' : problem.part}`,
            part: problem.part,
          };
    case 'location':
      return { id: 'consultation.answers.rule.location', part: 'location' };
  }
}

/**
 * The server's checks of one value (the first that fails), with the platform's messages: required, then the
 * shared rule of the kind (`valueSchema`, `shapesProblem`) on the text the form sends, and the file types and
 * sizes.
 */
export function checkValue(
  kind: AnswerKind,
  options: VariableOptions,
  draft: Draft,
  projectMaxBytes: number,
): ValueError | null {
  if (isGeometryDraft(draft)) return isGeometryKind(kind) ? checkGeometry(kind, options, draft) : null;
  if (isFileDraft(draft)) return checkFile(kind as 'photo' | 'document', options, draft, projectMaxBytes);
  if (isEmptyDraft(kind, draft)) {
    // a location alone is no address: the server would drop it
    const alone = isAddressDraft(draft) && draft.location.trim() !== '';
    return options.required || alone
      ? { ...required(), ...(isAddressDraft(draft) ? { part: 'street' } : {}) }
      : null;
  }
  const { value, location } = wireOf(kind, draft);
  const verdict = valueSchema(kind, options).parse({ value, location });
  return verdict.ok ? null : valueMessage(verdict.problem);
}

/** One value to send: its kind and wire text, and the file of a photo or document. */
export interface OutgoingValue {
  kind: AnswerKind;
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
): { kind: AnswerKind; part?: 'location' | 'file' } | null {
  const value = /^values\[(\d+)\](?:\[(\w+)\])?/.exec(field);
  const file = /^resource_(\d+)$/.exec(field);
  const index = Number(value?.[1] ?? file?.[1] ?? NaN);
  const entry = Number.isInteger(index) ? sent[index] : undefined;
  if (!entry) return null;
  if (file || isFileKind(entry.kind)) return { kind: entry.kind, part: 'file' };
  return value?.[2] === 'location' ? { kind: entry.kind, part: 'location' } : { kind: entry.kind };
}
