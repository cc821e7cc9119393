import { z } from 'zod';
import type { LatLng } from '../address.js';
import {
  type AttributeWire,
  type CategoryWire,
  DOCUMENT_ACCEPTS,
  GEOM_TYPES,
  GEOMETRY_VALUE_TYPES,
  type GeoJsonFeatureCollection,
  type GeoJsonGeometry,
  type ProjectWire,
  type TitledFile,
  type TopicWire,
  VALUE_TYPES,
  type VariableKind,
  type VariableWire,
  type WmsService,
} from '../consultation.js';
import { checkField, VALIDATION_MESSAGES, type FieldRule, type ScopeRules } from '../validation.js';
import { ChoiceItemAnswer, ChoiceOptionAnswer } from './choices.js';
import { isIsoDate } from './common.js';
import { parseVariableType, VariableTypeFault } from './variable-type.js';

/**
 * The request and answer bodies of the consultation structure: categories, projects, topics ("node"),
 * attributes and variables (spec part 2 §7). A write takes JSON or multipart/form-data with the same field names
 * (multipart values are text, read into each field's type before validation). Text fields follow the rules of
 * their validation scope (`*_RULES`, also served to the browser by `validation/scope/{scope}`): trimmed, then
 * checked in the spec's order with its messages. Checks that need the database (unique short names, the parent's
 * existence, geometry) stay in the service.
 */

const REQUIRED = VALIDATION_MESSAGES.required;

/** A short name: lowercase Latin letters, digits, '-' and '_', starting with a letter or digit. */
export const MNAME_PATTERN = '[a-z0-9][a-z0-9_-]*';
export const MNAME_MESSAGE = "lowercase Latin letters, digits, '-' and '_'";

/** The rule pattern of `isLink` (full match), for the browser's checks. */
export const LINK_PATTERN = '/(?!/)\\S*|https?://[^\\s/]+\\S*';
export const LINK_MESSAGE = 'a link: /… or http(s)://…';

/** '#rrggbb' */
export const COLOR_PATTERN = '#[0-9a-fA-F]{6}';
export const COLOR_MESSAGE = 'a colour #rrggbb';
/** a whole number from 1 */
export const MAX_GEOM_PATTERN = '[1-9][0-9]{0,5}';
export const MAX_GEOM_MESSAGE = 'a whole number, at least 1';

const DATE_PATTERN = '[0-9]{4}-[0-9]{2}-[0-9]{2}';
const DATE_MESSAGE = 'a date (yyyy-MM-dd)';

const mname: FieldRule = {
  required: true,
  max_size: 60,
  validation: MNAME_PATTERN,
  unique: true,
  message: MNAME_MESSAGE,
};

/** `validation/scope/category`. `summary_img` is the URL of a library image: a site link (`/…`) or http(s). */
export const CATEGORY_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname,
  summary: { required: false, max_size: 20000 },
  summary_img: { required: false, max_size: 500, validation: LINK_PATTERN, message: LINK_MESSAGE },
  summary_img_alt: { required: false, max_size: 300 },
  forum_welcome_message: { required: false, max_size: 4000 },
};

/**
 * `validation/scope/project`. Dates default when absent (start today, end the day after the start, public date
 * tomorrow when the results will be published). `max_bytes` must also lie within the server's bounds, served by
 * `GET project/limits`; the map centre, WMS services and legislation are checked field by field.
 */
export const PROJECT_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname,
  summary: { required: false, max_size: 20000 },
  summary_img: { required: false, max_size: 500, validation: LINK_PATTERN, message: LINK_MESSAGE },
  summary_img_alt: { required: false, max_size: 300 },
  start_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
  end_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
  public_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
  max_bytes: { required: false, max_size: 15, validation: '[0-9]+', message: 'a whole number of bytes' },
  zoom: { required: false, validation: '[0-9]|1[0-9]|2[0-2]', message: 'a whole number from 0 to 22' },
};

/**
 * `validation/scope/node` (a topic): its short name is unique within its project. Geometry (boundary, geom_type,
 * max_geom) is required when has_geometry is set: checked by the service, which answers 'please draw the boundary'.
 */
export const NODE_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname,
  description: { required: false, max_size: 4000 },
  geom_color: { required: false, validation: COLOR_PATTERN, message: COLOR_MESSAGE },
  max_geom: { required: false, validation: MAX_GEOM_PATTERN, message: MAX_GEOM_MESSAGE },
};

/** `validation/scope/attribute`: its short name is unique within its topic. `icon` is a marker's URL. */
export const ATTRIBUTE_RULES: ScopeRules = {
  name: { required: true, max_size: 200 },
  mname,
  icon: { required: false, max_size: 2000 },
  icon_alt: { required: false, max_size: 300 },
  geom_color: { required: false, validation: COLOR_PATTERN, message: COLOR_MESSAGE },
  max_geom: { required: false, validation: MAX_GEOM_PATTERN, message: MAX_GEOM_MESSAGE },
};

/**
 * `validation/scope/variable`: its short name is unique within its attribute. `icon` is a marker's URL;
 * `variable_type` (at least one kind, each with its options) is checked by the service.
 */
export const VARIABLE_RULES: ScopeRules = {
  mname,
  description: { required: false, max_size: 4000 },
  tooltip: { required: false, max_size: 500 },
  icon: { required: false, max_size: 2000 },
};

/** An http(s) URL. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A link inside the site (`/…`, not `//host`) or an http(s) URL. */
export function isLink(value: string): boolean {
  return /^\/(?!\/)\S*$/.test(value) || isHttpUrl(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refusal by one of the platform's rules (decision 0033), for `refine`. */
const rule = (message: string, name: string, values?: Record<string, string | number>) => ({
  message,
  params: { rule: name, ...(values ? { values } : {}) },
});

const pattern = (message: string) => rule(message, 'pattern', { message });

/** What a missing field or a field of another type is told: required, or `what` it must be. */
const typeError =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? REQUIRED : what;

/** Text; null is '', surrounding white space is dropped. */
export const Text = z
  .string({ error: typeError('a text') })
  .nullable()
  .transform((v) => (v ?? '').trim());

/** Adds the refusal of `fieldRule` for `value` (required, sizes, pattern, with its messages); false when refused. */
function checkRule(fieldRule: FieldRule, value: string | number, ctx: z.RefinementCtx): boolean {
  const error = checkField(fieldRule, value);
  if (!error) return true;
  const values = error.rule === 'pattern' ? { message: error.message } : error.values;
  ctx.addIssue({ code: 'custom', input: value, ...rule(error.message, error.rule, values) });
  return false;
}

/** A text field under its scope rule: `Text`, then the rule's checks (required, sizes, pattern) with its messages. */
export function ruledText(fieldRule: FieldRule = {}) {
  return Text.superRefine((value, ctx) => void checkRule(fieldRule, value, ctx)).meta({
    ...(fieldRule.max_size !== undefined && { maxLength: fieldRule.max_size }),
    ...(fieldRule.validation !== undefined && { pattern: `^(?:${fieldRule.validation})$` }),
  });
}

/** true/false (a form's 'true', 'false', '1', '0'). */
export const Flag = z.boolean({ error: 'true or false' });

/** A whole number in `min..max` (or its text in a form). */
export function wholeNumber(min: number, max: number, message = `a whole number from ${min} to ${max}`) {
  return z
    .number({ error: message })
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, rule(message, 'range', { min, max }))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

const realDay = z.string().refine(isIsoDate, pattern(DATE_MESSAGE));

/** A calendar day `yyyy-MM-dd`. */
export const IsoDate = z
  .string({ error: typeError(DATE_MESSAGE) })
  .trim()
  .pipe(realDay)
  .meta({ format: 'date' });

/** A calendar day `yyyy-MM-dd`, or null (also '' from a form). */
export const OptionalIsoDate = z
  .string({ error: typeError(DATE_MESSAGE) })
  .trim()
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .pipe(realDay.nullable())
  .meta({ format: 'date' });

/** A token (uuid), lower-cased. */
export const TokenText = z
  .string({ error: typeError('a token') })
  .trim()
  .refine((v) => UUID.test(v), rule('a token', 'type'))
  .transform((v) => v.toLowerCase())
  .meta({ format: 'uuid' });

/** What a JSON field that is not of its kind is told: its text did not parse (a form), or `what` it must be. */
const jsonError =
  (what: string) =>
  (issue: { code: string; input?: unknown }): string | undefined => {
    if (issue.code === 'unrecognized_keys') return 'unknown field';
    if (issue.code !== 'invalid_type') return undefined;
    if (issue.input === undefined) return REQUIRED;
    return typeof issue.input === 'string' ? 'invalid JSON' : what;
  };

/** One text of a row (legislation, WMS service): required, at most `max`, checked by `check`. */
function rowText(max: number, check?: { test: (v: string) => boolean; message: string }) {
  const base = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Maximum size is ${max}.`);
  return check ? base.refine(check.test, pattern(check.message)) : base;
}

/**
 * A list of at most `maxItems` rows with exactly the given text fields (the wire format of legislation, WMS
 * services and relative documents); null is [].
 */
function rows<S extends z.ZodRawShape>(shape: S, maxItems: number) {
  const row = z.strictObject(shape, { error: jsonError(`{${Object.keys(shape).join(', ')}}`) });
  return z
    .array(row, { error: jsonError('a list') })
    .max(maxItems, `at most ${maxItems} entries`)
    .nullable()
    .transform((v) => v ?? []);
}

const linkCheck = { test: isLink, message: LINK_MESSAGE };

/** Legislation and relative documents: title and file link, both required. */
export function titledFiles(maxItems: number) {
  return rows({ title: rowText(300), file: rowText(2000, linkCheck) }, maxItems);
}

/** The `_method` override of HTML forms: only PUT. */
const MethodOverride = z
  .string({ error: 'only PUT' })
  .refine((m) => m.toUpperCase() === 'PUT', rule('only PUT', 'choice'));

const BODY_ERRORS = {
  error: (issue: { code: string }) =>
    issue.code === 'unrecognized_keys'
      ? 'unknown field'
      : issue.code === 'invalid_type'
        ? 'the body must be a JSON object or a form'
        : undefined,
};

/**
 * The body of a write: the fields of `shape`, and `readOnly` fields of the answers that a client may send back
 * (ignored, and left out of the result); any other field is refused ('unknown field').
 */
function writeBody<S extends z.ZodRawShape, K extends string>(shape: S, readOnly: readonly K[]) {
  const ignored = Object.fromEntries(
    readOnly.map((k) => [k, z.unknown().optional().meta({ description: 'read-only: ignored' })]),
  ) as Record<K, z.ZodOptional<z.ZodUnknown>>;
  return z
    .strictObject({ ...shape, ...ignored, _method: MethodOverride.optional() }, BODY_ERRORS)
    .transform((body) => {
      const out: Record<string, unknown> = { ...body };
      for (const k of [...readOnly, '_method']) delete out[k];
      return out as z.output<z.ZodObject<S>>;
    });
}

/** The same fields, each optional: a change sends only what changes. */
function partial<S extends z.ZodRawShape>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, z.optional(v)])) as {
    [K in keyof S]: z.ZodOptional<S[K]>;
  };
}

// ---------------------------------------------------------------------------------------------------- answers

const POSITION_MAX = 100_000;
const SORT_ORDER_MAX_ENTRIES = 10_000;

/** A position's number, from JSON or its text in a form; NaN when it is neither. */
const positionOf = (raw: unknown): number =>
  typeof raw === 'number'
    ? raw
    : typeof raw === 'string' && /^\s*-?[0-9]{1,16}\s*$/.test(raw)
      ? Number(raw)
      : NaN;

/**
 * `PUT {category|project}/sortOrder/`: token → 1-based position (numbers, or their text from a form), read into a
 * map of lower-cased tokens. Refused: none, a malformed token, a position that is not a whole number from 1, a
 * token named twice or two tokens on one position (the tokens' existence is the service's to check).
 */
export const SortOrderBody = z
  .record(z.string(), z.unknown(), { error: 'the body must be a JSON object or a form' })
  .meta({
    additionalProperties: { type: 'integer', minimum: 1 },
    example: { '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01': 1, '6a1e4f20-9c1b-4d6e-8a0f-2b3c4d5e6f70': 2 },
  })
  .transform((body, ctx) => {
    const refuse = (field: string, message: string, name: string, values?: Record<string, number>) => {
      ctx.addIssue({ code: 'custom', path: [field], input: body[field], ...rule(message, name, values) });
      return z.NEVER;
    };
    const { _method: method, ...fields } = body;
    if (method !== undefined && (typeof method !== 'string' || method.toUpperCase() !== 'PUT'))
      return refuse('_method', 'only PUT', 'choice');
    const entries = Object.entries(fields);
    if (entries.length === 0) return refuse('sort_order', REQUIRED, 'required');
    if (entries.length > SORT_ORDER_MAX_ENTRIES)
      return refuse('sort_order', `at most ${SORT_ORDER_MAX_ENTRIES} entries`, 'max', {
        n: SORT_ORDER_MAX_ENTRIES,
      });
    const order = new Map<string, number>();
    const taken = new Set<number>();
    for (const [key, raw] of entries) {
      const token = key.trim().toLowerCase();
      if (!UUID.test(token)) return refuse('token', 'a token', 'type');
      const position = positionOf(raw);
      if (!Number.isSafeInteger(position) || position < 1 || position > POSITION_MAX)
        return refuse(key, `a whole number from 1 to ${POSITION_MAX}`, 'range', {
          min: 1,
          max: POSITION_MAX,
        });
      if (order.has(token)) return refuse(key, 'named twice', 'duplicate');
      if (taken.has(position))
        return refuse(key, `position ${position} is taken by another item`, 'duplicate');
      order.set(token, position);
      taken.add(position);
    }
    return order;
  });
export type SortOrderBody = z.infer<typeof SortOrderBody>;

const NamedRef = z.object({ token: z.string(), mname: z.string(), title: z.string() });

// ----------------------------------------------------------------------------------------------- categories

const CATEGORY_READ_ONLY = [
  'token',
  'projects',
  'sort_order',
  'created',
  'has_answered',
  'consultation',
] as const;

const categoryFields = {
  title: ruledText(CATEGORY_RULES.title),
  mname: ruledText(CATEGORY_RULES.mname),
  summary: ruledText(CATEGORY_RULES.summary).optional(),
  summary_img: ruledText(CATEGORY_RULES.summary_img)
    .optional()
    .meta({ description: "URL of a library image: '/…' or http(s)" }),
  summary_img_alt: ruledText(CATEGORY_RULES.summary_img_alt).optional(),
  forum_welcome_message: ruledText(CATEGORY_RULES.forum_welcome_message).optional(),
  active: Flag.optional().meta({
    description: "true makes it the caller's own active category; false leaves them none",
  }),
  autosubscribe: Flag.optional(),
};

/** `POST category`: title and short name are required. */
export const NewCategoryBody = writeBody(categoryFields, CATEGORY_READ_ONLY);
export type NewCategoryBody = z.infer<typeof NewCategoryBody>;

/** `PUT category/token/{token}`: the fields that change. */
export const CategoryChangesBody = writeBody(partial(categoryFields), CATEGORY_READ_ONLY);
export type CategoryChangesBody = z.infer<typeof CategoryChangesBody>;

export const CategoryAnswer = z.object({
  token: z.string(),
  mname: z.string(),
  title: z.string(),
  summary: z.string(),
  summary_img: z.string().meta({ description: "URL of a library image ('' when none)" }),
  summary_img_alt: z.string(),
  active: z.boolean().meta({
    description:
      "the calling administrator's own active category (false for everyone else and other callers)",
  }),
  autosubscribe: z.boolean(),
  forum_welcome_message: z.string(),
  has_answered: z.boolean().meta({
    description:
      'the caller has answered the consultation-profile questions of their enrolment role (or it has none); ' +
      'false when not enrolled',
  }),
  consultation: z.boolean().meta({ description: 'the category has consultation-profile questions' }),
  sort_order: z.number().int().min(0).meta({ description: '1-based position' }),
  projects: z.array(NamedRef).meta({ description: 'by sort_order' }),
}) satisfies z.ZodType<CategoryWire>;
export type CategoryAnswer = z.infer<typeof CategoryAnswer>;

export const CategoryListAnswer = z.array(CategoryAnswer);
export type CategoryListAnswer = z.infer<typeof CategoryListAnswer>;

export const CategoryMnameAnswer = z.object({ mname: z.string() });
export type CategoryMnameAnswer = z.infer<typeof CategoryMnameAnswer>;

// ------------------------------------------------------------------------------------------------- projects

const CENTER_LAT = 'a latitude from -90 to 90';
const CENTER_LNG = 'a longitude from -180 to 180';

const degrees = (min: number, max: number, message: string) =>
  z.number({ error: message }).refine((n) => n >= min && n <= max, rule(message, 'range', { min, max }));

/** The map centre `{lat, lng}` in EPSG:4326 (degrees), or null. */
export const LatLngBody = z
  .strictObject(
    { lat: degrees(-90, 90, CENTER_LAT), lng: degrees(-180, 180, CENTER_LNG) },
    { error: jsonError('{lat, lng} or null') },
  )
  .nullable() satisfies z.ZodType<LatLng | null>;

const wmsServices = rows(
  {
    title: rowText(200),
    WMSurl: rowText(2000, { test: isHttpUrl, message: 'an http(s) URL' }),
    layers: rowText(1000),
  },
  20,
);

const PROJECT_READ_ONLY = ['token', 'sort_order', 'forum_topic_id', 'forum_topic_url', 'created'] as const;

const projectFields = {
  title: ruledText(PROJECT_RULES.title),
  mname: ruledText(PROJECT_RULES.mname),
  category: TokenText.meta({ description: "the category's token" }),
  summary: ruledText(PROJECT_RULES.summary).optional(),
  summary_img: ruledText(PROJECT_RULES.summary_img).optional(),
  summary_img_alt: ruledText(PROJECT_RULES.summary_img_alt).optional(),
  start_date: IsoDate.optional().meta({ description: 'default today' }),
  end_date: IsoDate.optional().meta({ description: 'default the day after start_date; not before it' }),
  public_date: OptionalIsoDate.optional().meta({ description: 'default tomorrow when is_public' }),
  is_public: Flag.optional().meta({ description: 'the results will be published' }),
  active: Flag.optional(),
  max_bytes: wholeNumber(0, Number.MAX_SAFE_INTEGER)
    .optional()
    .meta({ description: 'upload limit per answer file, in bytes (bounds: GET project/limits)' }),
  zoom: wholeNumber(0, 22).optional(),
  center: LatLngBody.optional(),
  wms_services: wmsServices.optional(),
  legislation: titledFiles(50).optional(),
};

/** The end of a project cannot precede its start (both sent; against stored dates the service checks). */
function datesInOrder(body: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (body.start_date !== undefined && body.end_date !== undefined && body.end_date < body.start_date)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      input: body.end_date,
      ...rule('the end date cannot be before the start date', 'order'),
    });
}

/** `POST project`: title, short name and category are required; absent dates default. */
export const NewProjectBody = writeBody(projectFields, PROJECT_READ_ONLY).superRefine(datesInOrder);
export type NewProjectBody = z.infer<typeof NewProjectBody>;

/** `PUT project/token/{token}`: the fields that change. */
export const ProjectChangesBody = writeBody(partial(projectFields), PROJECT_READ_ONLY).superRefine(
  datesInOrder,
);
export type ProjectChangesBody = z.infer<typeof ProjectChangesBody>;

export const WmsServiceAnswer = z.object({
  title: z.string(),
  WMSurl: z.string(),
  layers: z.string(),
}) satisfies z.ZodType<WmsService>;

export const TitledFileAnswer = z.object({
  title: z.string(),
  file: z.string(),
}) satisfies z.ZodType<TitledFile>;

const NullableDate = z.string().meta({ format: 'date' }).nullable();

export const ProjectAnswer = z.object({
  token: z.string(),
  mname: z.string(),
  title: z.string(),
  summary: z.string(),
  summary_img: z.string().meta({ description: "URL of a library image ('' when none)" }),
  summary_img_alt: z.string(),
  start_date: z.string().meta({ format: 'date' }),
  end_date: z.string().meta({ format: 'date' }),
  public_date: NullableDate.meta({ description: 'only when is_public' }),
  is_public: z.boolean(),
  active: z.boolean(),
  max_bytes: z.number().int().min(0),
  zoom: z.number().int().min(0).max(22),
  center: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  wms_services: z.array(WmsServiceAnswer),
  legislation: z.array(TitledFileAnswer),
  forum_topic_id: z.number().int().nullable(),
  forum_topic_url: z.string().nullable(),
  sort_order: z.number().int().min(0),
  category: NamedRef.nullable(),
}) satisfies z.ZodType<ProjectWire>;
export type ProjectAnswer = z.infer<typeof ProjectAnswer>;

export const ProjectListAnswer = z.array(ProjectAnswer);
export type ProjectListAnswer = z.infer<typeof ProjectListAnswer>;

export const ProjectPageAnswer = z.object({
  values: z.array(ProjectAnswer),
  page: z.number().int().min(1),
  total_pages: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type ProjectPageAnswer = z.infer<typeof ProjectPageAnswer>;

export const ProjectLimitsAnswer = z.object({
  max_bytes: z.object({
    min: z.number().int().min(0),
    max: z.number().int().min(0),
    default: z.number().int().min(0).meta({ description: 'taken when a new project has none' }),
  }),
});
export type ProjectLimitsAnswer = z.infer<typeof ProjectLimitsAnswer>;

// ------------------------------------------------------------------------------ topics, attributes, variables

export const GeoJsonGeometryAnswer = z.object({
  type: z.enum(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']),
  coordinates: z.unknown(),
}) satisfies z.ZodType<GeoJsonGeometry>;

export const GeoJsonFeatureCollectionAnswer = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.union([z.string(), z.number()]).optional(),
      geometry: GeoJsonGeometryAnswer,
      properties: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
}) satisfies z.ZodType<GeoJsonFeatureCollection>;

const Forum = {
  forum_topic_id: z.number().int().nullable(),
  forum_topic_url: z.string().nullable(),
  sort_order: z.number().int().min(0).meta({ description: '1-based position' }),
};

/** A topic, with its boundary in EPSG:4326. */
export const TopicAnswer = z.object({
  token: z.string(),
  project: z.string().meta({ description: "the project's token" }),
  title: z.string(),
  mname: z.string(),
  description: z.string(),
  has_geometry: z.boolean(),
  boundary: GeoJsonGeometryAnswer.nullable(),
  geom_type: z.enum(GEOM_TYPES).nullable(),
  max_geom: z.number().int().nullable(),
  geom_color: z.string(),
  relative_documents: z.array(TitledFileAnswer),
  ...Forum,
}) satisfies z.ZodType<TopicWire>;
export type TopicAnswer = z.infer<typeof TopicAnswer>;

export const TopicListAnswer = z.array(TopicAnswer);
export type TopicListAnswer = z.infer<typeof TopicListAnswer>;

/** An attribute, with its predefined and context features in EPSG:4326 (null when it has none of them). */
export const AttributeAnswer = z.object({
  token: z.string(),
  node: z.string().meta({ description: "the topic's token" }),
  name: z.string(),
  mname: z.string(),
  icon: z.string().meta({ description: "a marker URL ('' when none)" }),
  icon_alt: z.string(),
  has_geometry: z.boolean(),
  geom_type: z.enum(GEOM_TYPES).nullable(),
  geom_color: z.string(),
  max_geom: z.number().int().nullable(),
  allow_drag: z.boolean(),
  allow_resize: z.boolean(),
  has_predefined: z.boolean(),
  predefined: GeoJsonFeatureCollectionAnswer.nullable(),
  has_context: z.boolean(),
  context: GeoJsonFeatureCollectionAnswer.nullable(),
  is_visible: z.boolean(),
  ...Forum,
}) satisfies z.ZodType<AttributeWire>;
export type AttributeAnswer = z.infer<typeof AttributeAnswer>;

export const AttributeListAnswer = z.array(AttributeAnswer);
export type AttributeListAnswer = z.infer<typeof AttributeListAnswer>;

/** One entry of `variable_type`: a kind and the options it takes (`VALUE_TYPE_OPTIONS`). */
export const VariableKindAnswer = z.object({
  kind: z.enum([...VALUE_TYPES, ...GEOMETRY_VALUE_TYPES]),
  options: z.object({
    required: z.boolean().optional(),
    label: z.string().optional(),
    placeholder: z.string().optional(),
    maxSize: z.number().optional(),
    accepts: z.array(z.enum(DOCUMENT_ACCEPTS)).optional(),
    choices: z.array(ChoiceItemAnswer).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minDate: z.string().optional(),
    maxDate: z.string().optional(),
    items: z.array(z.string()).optional(),
    allowMultiple: z.boolean().optional(),
    numberOfGeometries: z.number().optional(),
    geometricChoices: z.array(ChoiceOptionAnswer).optional(),
  }),
}) satisfies z.ZodType<VariableKind>;

export const VariableAnswer = z.object({
  token: z.string(),
  attribute: z.string().meta({ description: "the attribute's token" }),
  mname: z.string(),
  description: z.string(),
  tooltip: z.string(),
  icon: z.string().meta({ description: "a marker URL ('' when none)" }),
  is_visible: z.boolean(),
  variable_type: z.array(VariableKindAnswer),
  ...Forum,
}) satisfies z.ZodType<VariableWire>;
export type VariableAnswer = z.infer<typeof VariableAnswer>;

export const VariableListAnswer = z.array(VariableAnswer);
export type VariableListAnswer = z.infer<typeof VariableListAnswer>;

// ------------------------------------------------------------------------- writes of topics, attributes, variables

/**
 * A JSON field: its value, or its text in a form (read before validation); empty text is null, text that did not
 * read as JSON is refused ('invalid JSON'). `json` is what the value may be before `value` checks it.
 */
function jsonField<T extends z.ZodType>(value: T, json: z.ZodType = z.unknown(), what = 'JSON') {
  return z
    .union([z.string(), json], { error: what })
    .nullable()
    .transform((v, ctx) => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return null;
      ctx.addIssue({ code: 'custom', input: v, ...rule('invalid JSON', 'type') });
      return z.NEVER;
    })
    .pipe(value);
}

/** GeoJSON (or its text), checked by the service: geometry types, coordinates, coordinate system. */
const GeoJsonText = jsonField(z.unknown()).meta({
  description: 'GeoJSON: a geometry, Feature or FeatureCollection (as JSON text in a form)',
});

/**
 * A whole number from `min` to `max`, or its text, under its scope rule; empty (null, '') is null. The rule is
 * checked first, on the value as sent (as the browser checks it).
 */
function wholeNumberOrNone(min: number, max: number, fieldRule: FieldRule) {
  const message = `a whole number from ${min} to ${max}`;
  return z
    .union([z.number(), z.string()], { error: message })
    .nullable()
    .transform((v, ctx) => {
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      if (!checkRule(fieldRule, v, ctx)) return z.NEVER;
      const n = typeof v === 'number' ? v : /^\s*-?[0-9]{1,16}\s*$/.test(v) ? Number(v) : NaN;
      if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
      ctx.addIssue({ code: 'custom', input: v, ...rule(message, 'range', { min, max }) });
      return z.NEVER;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

const MAX_GEOM_LIMIT = 1_000_000;

/** One of `GEOM_TYPES`; empty is null. */
const GeomTypeText = Text.transform((v) => (v === '' ? null : v)).pipe(
  z.enum(GEOM_TYPES, { error: `one of ${GEOM_TYPES.join(', ')}` }).nullable(),
);

/** The geometry options shared by topics and attributes, under their scope's rules. */
function geometryFields(rules: ScopeRules) {
  return {
    has_geometry: Flag,
    geom_type: GeomTypeText,
    max_geom: wholeNumberOrNone(1, MAX_GEOM_LIMIT, rules.max_geom ?? {}),
    geom_color: ruledText(rules.geom_color).transform((v) => v.toLowerCase()),
    geometry_crs: Text.meta({
      description: 'the coordinate system of the geometry sent: EPSG:4326 (default), EPSG:2100 or EPSG:3857',
    }),
  };
}

/** Fields of the answers a client may send back unchanged: never written from a request. */
const TREE_READ_ONLY = ['token', 'sort_order', 'forum_topic_id', 'forum_topic_url'] as const;

/** Text naming the parent: required when adding (its existence is the service's to check). */
const parentRef = (description: string) => ruledText({ required: true }).meta({ description });

const topicFields = {
  project: parentRef("the project's token or short name"),
  title: ruledText(NODE_RULES.title),
  mname: ruledText(NODE_RULES.mname),
  ...partial({
    description: ruledText(NODE_RULES.description),
    ...geometryFields(NODE_RULES),
    boundary: GeoJsonText,
    relative_documents: jsonField(titledFiles(100), z.array(z.unknown()), 'a list'),
  }),
};

/** `POST node`: a topic; with has_geometry, the boundary (Polygon or MultiPolygon), geom_type and max_geom. */
export const NewTopicBody = writeBody(topicFields, TREE_READ_ONLY);
export type NewTopicBody = z.infer<typeof NewTopicBody>;

/** `PUT node/token/{token}`: the fields that change. */
export const TopicChangesBody = writeBody(partial(topicFields), TREE_READ_ONLY);
export type TopicChangesBody = z.infer<typeof TopicChangesBody>;

/** A marker's URL under its scope's `icon` rule (or, in a form, an uploaded file). */
const markerIcon = (rules: ScopeRules) =>
  ruledText(rules.icon).meta({ description: 'a marker URL (or, in a form, an uploaded file)' });

const attributeFields = {
  node: parentRef("the topic's token"),
  name: ruledText(ATTRIBUTE_RULES.name),
  mname: ruledText(ATTRIBUTE_RULES.mname),
  ...partial({
    icon: markerIcon(ATTRIBUTE_RULES),
    icon_alt: ruledText(ATTRIBUTE_RULES.icon_alt),
    ...geometryFields(ATTRIBUTE_RULES),
    allow_drag: Flag,
    allow_resize: Flag,
    has_predefined: Flag,
    predefined: GeoJsonText,
    has_context: Flag,
    context: GeoJsonText,
    is_visible: Flag,
  }),
};

/** `POST attribute`. */
export const NewAttributeBody = writeBody(attributeFields, TREE_READ_ONLY);
export type NewAttributeBody = z.infer<typeof NewAttributeBody>;

/** `PUT attribute/token/{token}`: the fields that change (`{is_visible}` alone hides or shows). */
export const AttributeChangesBody = writeBody(partial(attributeFields), TREE_READ_ONLY);
export type AttributeChangesBody = z.infer<typeof AttributeChangesBody>;

/** `[0].options.choices` → `[0, 'options', 'choices']` */
const pathOf = (at: string): Array<string | number> =>
  [...at.matchAll(/\[(\d+)\]|\.([^.[]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : m[2]!));

/**
 * `variable_type`: a list of {kind, options}, each kind once, each option one its kind takes, with the value ranges
 * of spec part 2 §3 (`parseVariableType`); answered normalised.
 */
const VariableTypeText = jsonField(
  z.unknown().transform((value, ctx) => {
    try {
      return parseVariableType(value);
    } catch (error) {
      if (!(error instanceof VariableTypeFault)) throw error;
      const values = error.values ? { values: error.values } : {};
      ctx.addIssue({
        code: 'custom',
        path: pathOf(error.at),
        input: value,
        message: error.message,
        params: { rule: error.rule, ...values },
      });
      return z.NEVER;
    }
  }),
).meta({ description: 'a list of {kind, options} (VALUE_TYPES, GEOMETRY_VALUE_TYPES; JSON text in a form)' });

const variableFields = {
  attribute: parentRef("the attribute's token"),
  mname: ruledText(VARIABLE_RULES.mname),
  ...partial({
    description: ruledText(VARIABLE_RULES.description),
    tooltip: ruledText(VARIABLE_RULES.tooltip),
    icon: markerIcon(VARIABLE_RULES),
    is_visible: Flag,
  }),
  variable_type: VariableTypeText,
};

/** `POST variable`. */
export const NewVariableBody = writeBody(variableFields, TREE_READ_ONLY);
export type NewVariableBody = z.infer<typeof NewVariableBody>;

/** `PUT variable/token/{token}`: the fields that change (`{is_visible}` alone hides or shows). */
export const VariableChangesBody = writeBody(partial(variableFields), TREE_READ_ONLY);
export type VariableChangesBody = z.infer<typeof VariableChangesBody>;

const POSITION_MESSAGE = `a whole number from 1 to ${MAX_GEOM_LIMIT}`;

/** A 1-based position among the parent's children (the service checks it against their number). */
const Position = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? REQUIRED : POSITION_MESSAGE,
  })
  .refine(
    (n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_GEOM_LIMIT,
    rule(POSITION_MESSAGE, 'range', { min: 1, max: MAX_GEOM_LIMIT }),
  )
  .meta({ type: 'integer', minimum: 1 });

const ORDER_READ_ONLY = ['token', 'forum_topic_id', 'forum_topic_url'] as const;

/** `PUT node/project/{project}/token/{token}/sortOrder`. */
export const TopicOrderBody = writeBody({ sort_order: Position }, ORDER_READ_ONLY);
export type TopicOrderBody = z.infer<typeof TopicOrderBody>;

/** `PUT attribute/…/sortOrder`: the position, in the topic `node` of the same project (its own by default). */
export const AttributeOrderBody = writeBody({ sort_order: Position, node: Text.optional() }, ORDER_READ_ONLY);
export type AttributeOrderBody = z.infer<typeof AttributeOrderBody>;

/** `PUT variable/…/sortOrder`: the position, in the attribute `attribute` of the same project (its own by default). */
export const VariableOrderBody = writeBody(
  { sort_order: Position, attribute: Text.optional() },
  ORDER_READ_ONLY,
);
export type VariableOrderBody = z.infer<typeof VariableOrderBody>;
