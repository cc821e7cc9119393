/**
 * The rules of answers that need no database: who may do what, the geometry an attribute takes, a move that is
 * a translation, and every value kind's wire format checked against its variable's options (decision 0037).
 */
import { AppError } from '@agora/common';
import {
  CRS_RANGES,
  enrolmentRole,
  positionsOf,
  type GeoJsonGeometry,
  type GeometryValueType,
  type GeomType,
  type SessionUser,
  type VariableKind,
  type VariableOptions,
} from '@agora/contracts';
import type { AnswerValueKind } from '@agora/contracts/api';
import {
  DEFAULT_MAX as SHARED_DEFAULT_MAX,
  isGeometryValueKind,
  parseLatLon,
  SHAPE_TYPES,
  shapesProblem,
  valueSchema,
  type ValueProblem,
} from '@agora/contracts/api';
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
  idempotencyKeyReused: () =>
    new AppError(
      'CONSULTATION.IDEMPOTENCY_KEY_REUSED',
      422,
      'Idempotency-Key: this key was sent before with another request body',
      { field: 'Idempotency-Key', rule: 'unique' },
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
export const DEFAULT_MAX = SHARED_DEFAULT_MAX;

const ADDRESS_MESSAGE = 'an address street+number+town+zip';

const isGeomKind = (kind: string) => kind.startsWith('geom_');

/** `lat;lon` within the spec's EPSG:4326 ranges. */
export function latLon(field: string, raw: string): { lat: number; lon: number } {
  const at = parseLatLon(raw);
  if (!at) {
    const { x, y } = CRS_RANGES['EPSG:4326'];
    throw ValidationErrors.pattern(
      field,
      `'lat;lon', latitude ${y.min} to ${y.max}, longitude ${x.min} to ${x.max}`,
    );
  }
  return at;
}

/**
 * A geometric kind's FeatureCollection text, each geometry without its height: at most numberOfGeometries
 * features, choices among geometricChoices (the shared `shapesProblem`). Answers the text to store.
 */
function drawnFeatures(
  field: string,
  kind: GeometryValueType,
  value: string,
  options: VariableOptions,
): string {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw geoError(field, 'invalid JSON');
  }
  if ((raw as { type?: unknown } | null)?.type !== 'FeatureCollection')
    throw geoError(field, 'a GeoJSON FeatureCollection is expected');
  const { features } = parseGeoJson(field, raw, SHAPE_TYPES[kind]);
  const shapes = features.map((f) => ({ geometry: f.geometry, choice: f.properties?.choice }));
  const problem = shapesProblem(kind, options, shapes);
  if (problem?.rule === 'tooMany')
    throw ValidationErrors.tooLong(field, problem.n, `at most ${problem.n} geometries`);
  if (problem?.rule === 'shapeChoice')
    throw ValidationErrors.invalidField(
      `${field}.features[${problem.index}].properties.choice`,
      'the id of one of the geometric choices',
      'choice',
    );
  assertInRange(
    field,
    features.map((f) => f.geometry),
    'EPSG:4326',
  );
  // the text as sent, each feature's geometry as parsed (2D: a height is dropped)
  const collection = raw as { features: Array<Record<string, unknown>> };
  return JSON.stringify({
    ...collection,
    features: collection.features.map((f, i) => ({ ...f, geometry: features[i]!.geometry })),
  });
}

/** The service's error for a value the shared rule refuses (`values[i][value]`, its location or its kind). */
function valueError(i: number, kind: AnswerValueKind, problem: ValueProblem): AppError {
  const field = `values[${i}][value]`;
  switch (problem.rule) {
    case 'choice':
      return ValidationErrors.invalidField(
        field,
        kind === 'radio'
          ? 'the id of one of the choices'
          : kind === 'checkbox'
            ? 'ids of the choices, joined by ;'
            : 'items of the library list, joined by ;',
        'choice',
      );
    case 'entry':
      return ValidationErrors.invalidField(field, 'an empty entry', 'invalid');
    case 'duplicate':
      return ValidationErrors.invalidField(field, 'an entry appears more than once', 'duplicate');
    case 'single':
      return ValidationErrors.tooLong(field, 1, 'only one item may be chosen');
    case 'date':
      return ValidationErrors.pattern(field, 'a date (yyyy-MM-dd)');
    case 'minDate':
      return ValidationErrors.invalidField(field, `not before ${problem.n}`, 'min', { n: problem.n });
    case 'maxDate':
      return ValidationErrors.invalidField(field, `not after ${problem.n}`, 'max', { n: problem.n });
    case 'minLength':
      return ValidationErrors.invalidField(field, `Minimum size is ${problem.n}.`, 'min', { n: problem.n });
    case 'maxLength':
      return ValidationErrors.tooLong(field, problem.n);
    case 'decimal':
      return ValidationErrors.invalidField(field, 'a decimal number such as -12.5', 'type');
    case 'range':
      return ValidationErrors.range(
        field,
        problem.min ?? Number.MIN_SAFE_INTEGER,
        problem.max ?? Number.MAX_SAFE_INTEGER,
        `a number from ${problem.min ?? '-∞'} to ${problem.max ?? '∞'}`,
      );
    case 'address':
      return ValidationErrors.pattern(field, ADDRESS_MESSAGE);
    case 'location': {
      const { x, y } = CRS_RANGES['EPSG:4326'];
      return ValidationErrors.pattern(
        `values[${i}][location]`,
        `'lat;lon', latitude ${y.min} to ${y.max}, longitude ${x.min} to ${x.max}`,
      );
    }
    case 'kind':
      return ValidationErrors.invalidField(
        `values[${i}][variable_type]`,
        'a value type of the variable',
        'choice',
      );
  }
}

/** The value sent for one kind (`values[i]`), checked against its options; `file` when a file came with it. */
export function typedValue(
  i: number,
  kind: AnswerValueKind,
  raw: { value?: string; location?: string },
  options: VariableOptions,
  file: boolean,
): TypedValue {
  if (isGeomKind(kind)) {
    const value = (raw.value ?? '').trim();
    if (value === '') return { kind, empty: true };
    if (!isGeometryValueKind(kind)) throw valueError(i, kind, { rule: 'kind' });
    return { kind, text_value: drawnFeatures(`values[${i}][value]`, kind, value, options), empty: false };
  }
  const verdict = valueSchema(kind, options).parse({ ...raw, file });
  if (!verdict.ok) throw valueError(i, kind, verdict.problem);
  const v = verdict.value;
  if (v.empty) return { kind, empty: true };
  if ('file' in v) return { kind, file: i, empty: false };
  if ('list' in v) return { kind, list_value: v.list, empty: false };
  if ('date' in v) return { kind, date_value: v.date, empty: false };
  if ('number' in v) return { kind, number_value: v.number, empty: false };
  return {
    kind,
    text_value: v.text,
    ...('location' in v && v.location ? { location: v.location } : {}),
    empty: false,
  };
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
