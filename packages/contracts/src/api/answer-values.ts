/**
 * What a value of each kind may be, given its variable's options: one rule read by the consultation service (which
 * turns a refusal into its `CONSULTATION.*` error) and by the answer form (which turns it into a message id). The
 * rule reads the wire text (`values[i][value]`, `values[i][location]`) as the form sends it and the service gets it.
 * The geometric kinds' text is GeoJSON, whose shape the service checks first (`geo/geojson.ts`); their drawn
 * shapes are then judged here by `shapesProblem`, the same for the service and the form. No schema code: the
 * browser takes this file through `@agora/contracts`, so zod stays out of the bundles.
 */
import { ADDRESS_PARTS, ADDRESS_PATTERNS, type AddressPart, splitAddress } from '../address.js';
import {
  CRS_RANGES,
  GEOMETRY_VALUE_TYPES,
  geometryInRange,
  VALUE_TYPES,
  type GeoJsonGeometry,
  type GeometryValueType,
  type ValueType,
  type VariableOptions,
} from '../consultation.js';

/** Text lengths when a variable sets no maxLength: a short text, a long text. */
export const DEFAULT_MAX = { string: 1_000, text: 20_000 } as const;

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** Whether `value` is a real calendar day written `yyyy-MM-dd` (from year 1). */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1;
}

/** A number: up to 15 digits, optionally a point and up to 10 decimals. */
const DECIMAL = /^-?[0-9]{1,15}(?:\.[0-9]{1,10})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAT_LON = /^\s*(-?[0-9]{1,3}(?:\.[0-9]{1,12})?)\s*;\s*(-?[0-9]{1,3}(?:\.[0-9]{1,12})?)\s*$/;

/** Why a value is refused: the first rule it breaks. */
export type ValueProblem =
  /** not a kind the variable takes */
  | { rule: 'kind' }
  /** radio, checkbox: not the id of a choice; library: not an item of the list */
  | { rule: 'choice' }
  /** a `;`-joined list with an empty entry */
  | { rule: 'entry' }
  /** a `;`-joined list naming one entry twice */
  | { rule: 'duplicate' }
  /** library: several items where allowMultiple is off */
  | { rule: 'single' }
  /** not a calendar day yyyy-MM-dd */
  | { rule: 'date' }
  | { rule: 'minDate'; n: string }
  | { rule: 'maxDate'; n: string }
  /** not a decimal number */
  | { rule: 'decimal' }
  /** a number outside minLength..maxLength (either may be open) */
  | { rule: 'range'; min?: number; max?: number }
  /** a text shorter than minLength or longer than maxLength (its default when unset), in code points */
  | { rule: 'minLength'; n: number }
  | { rule: 'maxLength'; n: number }
  /** resource: a part of the address is missing or does not match its pattern */
  | { rule: 'address'; part: AddressPart; missing: boolean }
  /** resource: the location is not `lat;lon` within the EPSG:4326 ranges */
  | { rule: 'location' };

/** An accepted value, as the service stores it. */
export type ValueOf =
  | { empty: true }
  | { empty: false; text: string }
  | { empty: false; number: string }
  | { empty: false; date: string }
  | { empty: false; list: string[] }
  | { empty: false; text: string; location?: { lat: number; lon: number } }
  | { empty: false; file: true };

export type ValueVerdict = { ok: true; value: ValueOf } | { ok: false; problem: ValueProblem };

/** A value as sent: the text, the location (resource) and whether a file came with it (photo, document). */
export interface WireValue {
  value?: string;
  location?: string;
  file?: boolean;
}

export function isGeometryValueKind(kind: string): kind is GeometryValueType {
  return (GEOMETRY_VALUE_TYPES as readonly string[]).includes(kind);
}

export function isFileValueKind(kind: string): kind is 'photo' | 'document' {
  return kind === 'photo' || kind === 'document';
}

const refuse = (problem: ValueProblem): ValueVerdict => ({ ok: false, problem });
const accept = (value: ValueOf): ValueVerdict => ({ ok: true, value });

/** `;`-joined entries, each trimmed, once, none empty. */
function entries(value: string): string[] | ValueProblem {
  const list = value.split(';').map((v) => v.trim());
  if (list.some((v) => v === '')) return { rule: 'entry' };
  if (new Set(list).size !== list.length) return { rule: 'duplicate' };
  return list;
}

/** `lat;lon` within the spec's EPSG:4326 ranges, or null. */
export function parseLatLon(raw: string): { lat: number; lon: number } | null {
  const m = LAT_LON.exec(raw);
  if (!m) return null;
  const { x, y } = CRS_RANGES['EPSG:4326'];
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  return lat < y.min || lat > y.max || lon < x.min || lon > x.max ? null : { lat, lon };
}

/** The address text 'street+number+town+zip': the first part missing or not matching its pattern, or null. */
function addressProblem(text: string): ValueProblem | null {
  const count = text.split('+').length;
  const parts = splitAddress(text);
  for (const part of ADDRESS_PARTS) {
    if (parts[part] === '') return { rule: 'address', part, missing: true };
    if (!ADDRESS_PATTERNS[part].test(parts[part])) return { rule: 'address', part, missing: false };
  }
  // a fifth part: the zip takes no '+'
  return count > ADDRESS_PARTS.length ? { rule: 'address', part: 'zip', missing: false } : null;
}

function textValue(kind: 'string' | 'text', value: string, options: VariableOptions): ValueVerdict {
  const length = [...value].length;
  if (options.minLength !== undefined && length < options.minLength)
    return refuse({ rule: 'minLength', n: options.minLength });
  const max = options.maxLength ?? DEFAULT_MAX[kind];
  if (length > max) return refuse({ rule: 'maxLength', n: max });
  return accept({ empty: false, text: value });
}

/** A number's text within the variable's bounds (minLength/maxLength are the bounds of a number). */
function numberValue(value: string, options: VariableOptions): ValueVerdict {
  if (!DECIMAL.test(value)) return refuse({ rule: 'decimal' });
  const n = Number(value);
  const { minLength: min, maxLength: max } = options;
  if ((min !== undefined && n < min) || (max !== undefined && n > max))
    return refuse({
      rule: 'range',
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
    });
  return accept({ empty: false, number: value });
}

function dateValue(value: string, options: VariableOptions): ValueVerdict {
  if (!isIsoDate(value)) return refuse({ rule: 'date' });
  if (options.minDate && value < options.minDate) return refuse({ rule: 'minDate', n: options.minDate });
  if (options.maxDate && value > options.maxDate) return refuse({ rule: 'maxDate', n: options.maxDate });
  return accept({ empty: false, date: value });
}

/** The rule of one non-geometric kind with its options. */
export interface ValueSchema {
  kind: string;
  /** The verdict on a value as sent: the text is trimmed; an empty one is no value (required is the caller's). */
  parse(wire: WireValue): ValueVerdict;
}

/**
 * The rule of a value of `kind` with the variable's `options`: radio and checkbox take ids of `choices`, library
 * items of `items` (one unless allowMultiple), date a day within minDate..maxDate, number a decimal within
 * minLength..maxLength, string and text a length within minLength..maxLength (default DEFAULT_MAX), resource an
 * address and an optional location, photo and document a file. A geometric kind is judged by `shapesProblem`.
 */
export function valueSchema(kind: string, options: VariableOptions): ValueSchema {
  return {
    kind,
    parse(wire: WireValue): ValueVerdict {
      if (isFileValueKind(kind)) return accept(wire.file ? { empty: false, file: true } : { empty: true });
      const value = (wire.value ?? '').trim();
      if (value === '') return accept({ empty: true });
      if (!(VALUE_TYPES as readonly string[]).includes(kind)) return refuse({ rule: 'kind' });
      const choiceIds = (options.choices ?? []).map((c) => c.id);
      switch (kind as ValueType) {
        case 'radio':
          return choiceIds.includes(value)
            ? accept({ empty: false, text: value })
            : refuse({ rule: 'choice' });
        case 'checkbox': {
          const list = entries(value);
          if (!Array.isArray(list)) return refuse(list);
          return list.every((v) => choiceIds.includes(v))
            ? accept({ empty: false, list })
            : refuse({ rule: 'choice' });
        }
        case 'library': {
          const listed = entries(value);
          if (!Array.isArray(listed)) return refuse(listed);
          const list = listed.map((v) => v.toLowerCase());
          const items = (options.items ?? []).map((v) => v.toLowerCase());
          if (!list.every((v) => UUID.test(v) && items.includes(v))) return refuse({ rule: 'choice' });
          if (list.length > 1 && !options.allowMultiple) return refuse({ rule: 'single' });
          return accept({ empty: false, list });
        }
        case 'date':
          return dateValue(value, options);
        case 'text':
        case 'string':
          return textValue(kind as 'text' | 'string', value, options);
        case 'number':
          return numberValue(value, options);
        case 'resource': {
          const problem = addressProblem(value);
          if (problem) return refuse(problem);
          const at = wire.location?.trim();
          if (!at) return accept({ empty: false, text: value });
          const location = parseLatLon(at);
          return location ? accept({ empty: false, text: value, location }) : refuse({ rule: 'location' });
        }
        default:
          return refuse({ rule: 'kind' });
      }
    },
  };
}

// ------------------------------------------------------------------------------------------ drawn shapes

/** The geometry types a geometric kind's shapes may be of. */
export const SHAPE_TYPES: Readonly<Record<GeometryValueType, ReadonlyArray<GeoJsonGeometry['type']>>> = {
  geom_point: ['Point'],
  geom_line: ['LineString'],
  geom_polygon: ['Polygon'],
  geom_radio: ['Point', 'LineString', 'Polygon'],
  geom_select: ['Point', 'LineString', 'Polygon'],
};

/** The most shapes of a geometric kind (one unless numberOfGeometries says otherwise). */
export function mostShapes(options: VariableOptions): number {
  return options.numberOfGeometries ?? 1;
}

/** One drawn shape of a geometric value: its geometry (EPSG:4326) and the id of its geometric choice. */
export interface DrawnShape {
  geometry: GeoJsonGeometry;
  choice: unknown;
}

/** Why drawn shapes are refused; `index` is the first shape (from 0) that breaks the rule. */
export type ShapesProblem =
  | { rule: 'shapeType'; index: number }
  | { rule: 'tooMany'; n: number }
  | { rule: 'shapeChoice'; index: number }
  | { rule: 'shapeRange'; index: number };

/**
 * The rule of a geometric value's shapes (their GeoJSON already well formed): each of the kind's types, at most
 * numberOfGeometries, each naming one of the geometricChoices by id (when there are any), within the EPSG:4326
 * ranges. A height (a third number of a position) is no part of a shape: the service drops it when it parses.
 */
export function shapesProblem(
  kind: GeometryValueType,
  options: VariableOptions,
  shapes: readonly DrawnShape[],
): ShapesProblem | null {
  const types = SHAPE_TYPES[kind];
  const wrong = shapes.findIndex((s) => !types.includes(s.geometry.type));
  if (wrong >= 0) return { rule: 'shapeType', index: wrong };
  const most = mostShapes(options);
  if (shapes.length > most) return { rule: 'tooMany', n: most };
  const ids = (options.geometricChoices ?? []).map((c) => c.id);
  if (ids.length > 0) {
    const missing = shapes.findIndex((s) => typeof s.choice !== 'string' || !ids.includes(s.choice));
    if (missing >= 0) return { rule: 'shapeChoice', index: missing };
  }
  const outside = shapes.findIndex((s) => !geometryInRange(s.geometry, 'EPSG:4326'));
  return outside >= 0 ? { rule: 'shapeRange', index: outside } : null;
}
