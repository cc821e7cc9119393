import { checkForm, type FieldValue, type FormMode, type ScopeRules } from '@agora/contracts';
import { UploadErrors } from './upload-errors.js';

/** A documentation or view uri: lowercase letters, digits and '-', in '/'-separated segments. */
export const URI_PATTERN = '[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*';
const LINK = 'https?://[^\\s<>"]+';

export const LIBRARY_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  tags: { required: false, max_size: 30 },
  tooltip: { required: false, max_size: 200 },
  description: { required: false, max_size: 4000 },
  documentation: {
    required: false,
    max_size: 500,
    validation: LINK,
    message: 'the documentation link must start with http:// or https://',
  },
  alt_text: { required: false, max_size: 300 },
};

export const DOCUMENTATION_RULES: ScopeRules = {
  uri: {
    required: true,
    max_size: 200,
    validation: URI_PATTERN,
    unique: true,
    message: "lowercase letters, digits and '-', in '/'-separated parts",
  },
  title: { required: true, max_size: 200 },
  comment: { required: false, max_size: 2000 },
};

export const LIBRARY_VIEW_RULES: ScopeRules = {
  uri: DOCUMENTATION_RULES.uri!,
  title: { required: true, max_size: 200 },
  description: { required: false, max_size: 4000 },
  items: { required: false, max_size: 500 },
};

export const SCOPES: Readonly<Record<string, ScopeRules>> = {
  library: LIBRARY_RULES,
  documentation: DOCUMENTATION_RULES,
  libraryview: LIBRARY_VIEW_RULES,
};

/** Each tag: 1-50 characters, no ';' (the URL separator) and no control characters. */
const TAG = /^[^;\p{Cc}]{1,50}$/u;

/** Throws 400 `LIBRARY.INVALID_FIELD` ("field: message") for the first field that breaks the rules. */
export function assertForm(rules: ScopeRules, values: Record<string, FieldValue>, mode: FormMode): void {
  const errors = checkForm(rules, values, mode);
  const first = Object.entries(errors)[0];
  if (first) throw UploadErrors.invalidField(first[0], first[1].message);
}

/** A JSON-in-multipart list of strings (tags, items): absent → undefined; anything else than a list → 400. */
export function parseStringList(field: string, raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw UploadErrors.invalidJson(field);
  }
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string'))
    throw UploadErrors.invalidJson(field);
  return value;
}

/** Throws 400 `LIBRARY.INVALID_FIELD` when a tag breaks the tag rule. */
export function assertTags(tags: readonly string[]): void {
  for (const t of tags) if (!TAG.test(t)) throw UploadErrors.invalidField('tags', 'invalid tag');
}

export function parseTags(raw: string | undefined): string[] | undefined {
  const tags = parseStringList('tags', raw);
  if (!tags) return undefined;
  const clean = [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ''))];
  assertTags(clean);
  return clean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** `a;b;c` of uuids → list (400 on anything that is not a uuid). */
export function parseUuidList(raw: string): string[] {
  const list = raw.split(';').filter((s) => s !== '');
  if (list.length === 0 || list.length > 500 || !list.every(isUuid)) throw UploadErrors.invalidUuid();
  return list.map((s) => s.toLowerCase());
}

export function assertUuid(raw: string): string {
  if (!isUuid(raw)) throw UploadErrors.invalidUuid();
  return raw.toLowerCase();
}

/** `a;b` tag lists from URL segments. */
export function parseTagSegment(raw: string | undefined): string[] {
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(';')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
}
