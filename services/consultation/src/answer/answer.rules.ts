/**
 * The rules of answers that need no database: who may do what, the geometry an attribute takes, a move that is
 * a translation, and every value kind's wire format checked against its variable's options (decision 0037).
 */
import { AppError } from '@agora/common';
import {
  ADDRESS_TEXT_PATTERN_SOURCE,
  CRS_RANGES,
  enrolmentRole,
  positionsOf,
  type GeoJsonGeometry,
  type GeomType,
  type SessionUser,
  type VariableKind,
  type VariableOptions,
} from '@agora/contracts';
import type { AnswerValueKind } from '@agora/contracts/api';
import { isIsoDate } from '@agora/contracts/api';
import { assertInRange, geoError, parseGeoJson, parseGeometry, type GeometryKind } from '../geo/geojson.js';
import { isStaff, standingIn } from '../category/access.js';
import { CategoryErrors } from '../category/category.errors.js';
import { ValidationErrors } from '../validation/validation.errors.js';

/** Who reads for a category: staff (reviewer and above), an enrolled expert or normal user, or nobody. */
export type AnswerAccess = 'staff' | 'expert' | 'normal' | null;

export function accessOf(user: SessionUser | null, category: string | null): AnswerAccess {
  if (category === null) return isStaff(user) ? 'staff' : null;
  // staff read everything, enrolled or not; their own writes still need an enrolment (`writerRole`)
  return standingIn(user, category);
}

/** The enrolment of a writer: staff are read-only on the participant side unless enrolled themselves. */
export function writerRole(user: SessionUser, category: string | null): 'expert' | 'normal' | null {
  return category ? enrolmentRole(user, category) : null;
}

export const AnswerErrors = {
  notEnrolled: CategoryErrors.notEnrolled,
  closed: () => new AppError('CONSULTATION.ANSWERING_CLOSED', 409, 'the project does not take answers now'),
  notOwner: () => new AppError('CONSULTATION.NOT_OWNER', 403, 'this answer is not yours'),
  notPublic: () =>
    new AppError(
      'CONSULTATION.NOT_PUBLIC',
      403,
      'the answers of others are shown once the project is public',
    ),
  outOfBoundaries: () =>
    new AppError('CONSULTATION.OUT_OF_BOUNDARIES', 422, 'geometry: out of boundaries', { field: 'geometry' }),
  maxGeom: (what: 'attribute' | 'topic', n: number) =>
    new AppError('CONSULTATION.MAX_GEOM', 409, `you cannot add other objects: at most ${n} in this ${what}`),
  geometryType: (message: string) =>
    new AppError('CONSULTATION.GEOMETRY_TYPE', 400, `geometry: ${message}`, {
      field: 'geometry',
      rule: 'geometry',
    }),
  choiceNotFound: () => AppError.notFound('answer not found', 'CONSULTATION.CHOICE_NOT_FOUND'),
  attributeNotFound: () => AppError.notFound('attribute not found', 'CONSULTATION.ATTRIBUTE_NOT_FOUND'),
  variableNotFound: () => AppError.notFound('variable not found', 'CONSULTATION.VARIABLE_NOT_FOUND'),
  projectNotFound: () => AppError.notFound('project not found', 'CONSULTATION.PROJECT_NOT_FOUND'),
  fileNotFound: () => AppError.notFound('file not found', 'CONSULTATION.FILE_NOT_FOUND'),
  answered: () =>
    new AppError(
      'CONSULTATION.EXISTS',
      409,
      'values: this variable is answered already: change it with PUT',
      {
        field: 'values',
        rule: 'unique',
      },
    ),
  once: () =>
    new AppError('CONSULTATION.EXISTS', 409, 'attribute: you have answered this attribute already', {
      field: 'attribute',
      rule: 'unique',
    }),
  badFile: (field: string, message: string) =>
    new AppError('REQUEST.FILE', 415, `${field}: ${message}`, { field }),
  fileTooLarge: (field: string, maxBytes: number) =>
    new AppError(
      'REQUEST.TOO_LARGE',
      413,
      `${field}: the file is larger than ${Math.round((maxBytes / 1024 / 1024) * 100) / 100} MB`,
      { field },
    ),
};

/** The single kind of each geometry type an answer draws. */
const DRAWN: Readonly<Record<GeomType, GeometryKind>> = {
  point: 'Point',
  line: 'LineString',
  polygon: 'Polygon',
};

/** The geometry an answer must have: the attribute's type, else its topic's; null when it takes none. */
export function answerGeomType(
  attribute: { has_geometry: boolean; geom_type: GeomType | null },
  topic: { has_geometry: boolean; geom_type: GeomType | null },
): GeomType | null {
  if (attribute.has_geometry && attribute.geom_type) return attribute.geom_type;
  if (topic.has_geometry && topic.geom_type) return topic.geom_type;
  return null;
}

/** The most positions of one drawn answer geometry. */
export const MAX_DRAWN_POSITIONS = 10_000;

/** A drawn geometry of the answer's type, in EPSG:4326 and the spec's ranges: 400 otherwise. */
export function drawnGeometry(raw: unknown, type: GeomType): GeoJsonGeometry {
  const geometry = parseGeometry('geometry', raw);
  if (geometry.type !== DRAWN[type])
    throw AnswerErrors.geometryType(`a ${DRAWN[type]} is expected here, not a ${geometry.type}`);
  if (positionsOf(geometry).length > MAX_DRAWN_POSITIONS)
    throw geoError('geometry', `more than ${MAX_DRAWN_POSITIONS} positions`);
  assertInRange('geometry', [geometry], 'EPSG:4326');
  return geometry;
}

/** Whether `after` is `before` moved as a whole: same kind, same positions, each shifted by one offset. */
export function isTranslation(before: GeoJsonGeometry, after: GeoJsonGeometry): boolean {
  if (before.type !== after.type) return false;
  const a = positionsOf(before);
  const b = positionsOf(after);
  if (a.length !== b.length || a.length === 0) return false;
  const dx = b[0]![0]! - a[0]![0]!;
  const dy = b[0]![1]! - a[0]![1]!;
  const near = (x: number, y: number) => Math.abs(x - y) <= 1e-9;
  // the nesting (rings, parts) must be the same too: compare the shapes without numbers
  const shape = (g: GeoJsonGeometry) => JSON.stringify(g.coordinates).replace(/-?[0-9.eE+-]+/g, '0');
  return (
    shape(before) === shape(after) &&
    a.every((p, i) => near(b[i]![0]! - p[0]!, dx) && near(b[i]![1]! - p[1]!, dy))
  );
}

// ---------------------------------------------------------------------------------------------- values

/** A value ready to store: its typed column (one of them) or nothing (the value is cleared). */
export interface TypedValue {
  kind: AnswerValueKind;
  text_value?: string;
  number_value?: string;
  date_value?: string;
  list_value?: string[];
  /** `lat;lon` of a resource */
  location?: { lat: number; lon: number };
  /** photo, document: the index of the file part (resource_i) */
  file?: number;
  /** true when the value is empty (removed on PUT, missing on POST) */
  empty: boolean;
}

/** Text lengths when the variable sets no maxLength: a short text, a long text. */
export const DEFAULT_MAX = { string: 1_000, text: 20_000 } as const;

const ADDRESS = new RegExp(`^(?:${ADDRESS_TEXT_PATTERN_SOURCE})$`, 'u');
const ADDRESS_MESSAGE = 'an address street+number+town+zip';
const DECIMAL = /^-?[0-9]{1,15}(?:\.[0-9]{1,10})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAT_LON = /^\s*(-?[0-9]{1,3}(?:\.[0-9]{1,12})?)\s*;\s*(-?[0-9]{1,3}(?:\.[0-9]{1,12})?)\s*$/;

const GEOM_KINDS: Readonly<Record<string, readonly GeometryKind[]>> = {
  geom_point: ['Point'],
  geom_line: ['LineString'],
  geom_polygon: ['Polygon'],
  geom_radio: ['Point', 'LineString', 'Polygon'],
  geom_select: ['Point', 'LineString', 'Polygon'],
};

const isGeomKind = (kind: string) => kind.startsWith('geom_');

/** `;`-joined entries, each once, none empty. */
function entries(field: string, value: string): string[] {
  const list = value.split(';').map((v) => v.trim());
  if (list.some((v) => v === '')) throw ValidationErrors.invalidField(field, 'an empty entry', 'invalid');
  if (new Set(list).size !== list.length)
    throw ValidationErrors.invalidField(field, 'an entry appears more than once', 'duplicate');
  return list;
}

function lengthWithin(field: string, value: string, options: VariableOptions, fallbackMax: number): void {
  const length = [...value].length;
  if (options.minLength !== undefined && length < options.minLength)
    throw ValidationErrors.invalidField(field, `Minimum size is ${options.minLength}.`, 'min', {
      n: options.minLength,
    });
  const max = options.maxLength ?? fallbackMax;
  if (length > max) throw ValidationErrors.tooLong(field, max);
}

/** A number's text within the variable's bounds (minLength/maxLength are the bounds of a number). */
function decimal(field: string, value: string, options: VariableOptions): string {
  if (!DECIMAL.test(value))
    throw ValidationErrors.invalidField(field, 'a decimal number such as -12.5', 'type');
  const n = Number(value);
  const min = options.minLength;
  const max = options.maxLength;
  if ((min !== undefined && n < min) || (max !== undefined && n > max))
    throw ValidationErrors.range(
      field,
      min ?? Number.MIN_SAFE_INTEGER,
      max ?? Number.MAX_SAFE_INTEGER,
      `a number from ${min ?? '-∞'} to ${max ?? '∞'}`,
    );
  return value;
}

function day(field: string, value: string, options: VariableOptions): string {
  if (!isIsoDate(value)) throw ValidationErrors.pattern(field, 'a date (yyyy-MM-dd)');
  if (options.minDate && value < options.minDate)
    throw ValidationErrors.invalidField(field, `not before ${options.minDate}`, 'min', {
      n: options.minDate,
    });
  if (options.maxDate && value > options.maxDate)
    throw ValidationErrors.invalidField(field, `not after ${options.maxDate}`, 'max', { n: options.maxDate });
  return value;
}

/** `lat;lon` within the spec's EPSG:4326 ranges. */
export function latLon(field: string, raw: string): { lat: number; lon: number } {
  const m = LAT_LON.exec(raw);
  const { x, y } = CRS_RANGES['EPSG:4326'];
  const lat = Number(m?.[1]);
  const lon = Number(m?.[2]);
  if (!m || lat < y.min || lat > y.max || lon < x.min || lon > x.max)
    throw ValidationErrors.pattern(
      field,
      `'lat;lon', latitude ${y.min} to ${y.max}, longitude ${x.min} to ${x.max}`,
    );
  return { lat, lon };
}

/** A geometric kind's FeatureCollection text: at most numberOfGeometries features, choices among geometricChoices. */
function drawnFeatures(field: string, kind: string, value: string, options: VariableOptions): void {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw geoError(field, 'invalid JSON');
  }
  if ((raw as { type?: unknown } | null)?.type !== 'FeatureCollection')
    throw geoError(field, 'a GeoJSON FeatureCollection is expected');
  const { features } = parseGeoJson(field, raw, GEOM_KINDS[kind] ?? []);
  const most = options.numberOfGeometries ?? 1;
  if (features.length > most) throw ValidationErrors.tooLong(field, most, `at most ${most} geometries`);
  const ids = (options.geometricChoices ?? []).map((c) => c.id);
  features.forEach((f, i) => {
    const choice = f.properties?.choice;
    if (ids.length === 0) return;
    if (typeof choice !== 'string' || !ids.includes(choice))
      throw ValidationErrors.invalidField(
        `${field}.features[${i}].properties.choice`,
        'the id of one of the geometric choices',
        'choice',
      );
  });
  assertInRange(
    field,
    features.map((f) => f.geometry),
    'EPSG:4326',
  );
}

/** The ids of a radio or checkbox kind's current choices (an answer stores the id). */
const choiceIds = (options: VariableOptions): string[] => (options.choices ?? []).map((c) => c.id);

/** The value sent for one kind (`values[i]`), checked against its options; `file` when a file came with it. */
export function typedValue(
  i: number,
  kind: AnswerValueKind,
  raw: { value?: string; location?: string },
  options: VariableOptions,
  file: boolean,
): TypedValue {
  const field = `values[${i}][value]`;
  const value = (raw.value ?? '').trim();
  if (kind === 'photo' || kind === 'document')
    return file ? { kind, file: i, empty: false } : { kind, empty: true };
  if (value === '') return { kind, empty: true };
  switch (kind) {
    case 'radio': {
      if (!choiceIds(options).includes(value))
        throw ValidationErrors.invalidField(field, 'the id of one of the choices', 'choice');
      return { kind, text_value: value, empty: false };
    }
    case 'checkbox': {
      const list = entries(field, value);
      if (!list.every((v) => choiceIds(options).includes(v)))
        throw ValidationErrors.invalidField(field, 'ids of the choices, joined by ;', 'choice');
      return { kind, list_value: list, empty: false };
    }
    case 'library': {
      const list = entries(field, value).map((v) => v.toLowerCase());
      const items = (options.items ?? []).map((v) => v.toLowerCase());
      if (!list.every((v) => UUID.test(v) && items.includes(v)))
        throw ValidationErrors.invalidField(field, 'items of the library list, joined by ;', 'choice');
      if (list.length > 1 && !options.allowMultiple)
        throw ValidationErrors.tooLong(field, 1, 'only one item may be chosen');
      return { kind, list_value: list, empty: false };
    }
    case 'date':
      return { kind, date_value: day(field, value, options), empty: false };
    case 'text':
    case 'string':
      lengthWithin(field, value, options, DEFAULT_MAX[kind]);
      return { kind, text_value: value, empty: false };
    case 'number':
      return { kind, number_value: decimal(field, value, options), empty: false };
    case 'resource': {
      if (!ADDRESS.test(value)) throw ValidationErrors.pattern(field, ADDRESS_MESSAGE);
      const at = raw.location?.trim();
      return {
        kind,
        text_value: value,
        ...(at ? { location: latLon(`values[${i}][location]`, at) } : {}),
        empty: false,
      };
    }
    default:
      if (isGeomKind(kind)) {
        // checked first: the text is JSON only once drawnFeatures has read it
        drawnFeatures(field, kind, value, options);
        return { kind, text_value: JSON.stringify(JSON.parse(value)), empty: false };
      }
      throw ValidationErrors.invalidField(
        `values[${i}][variable_type]`,
        'a value type of the variable',
        'choice',
      );
  }
}

/** The options of each kind the variable takes. */
export function kindsOf(variableType: readonly VariableKind[]): Map<string, VariableOptions> {
  return new Map(variableType.map((k) => [k.kind, k.options ?? {}]));
}

/** The largest file of a kind: its maxSize (MB), at most the project's max_bytes. */
export function fileLimit(options: VariableOptions, projectMaxBytes: number): number {
  const own = options.maxSize !== undefined && options.maxSize > 0 ? options.maxSize * 1024 * 1024 : Infinity;
  return Math.min(own, projectMaxBytes);
}
