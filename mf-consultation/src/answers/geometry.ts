// The drawn values of the geometric kinds (geom_point, geom_line, geom_polygon, geom_radio, geom_select): what
// the user draws (shapes, each with its geometric choice), the FeatureCollection text sent as the value and the
// server's checks of it (decision 0037), with the form's messages.
import {
  positionsOf,
  type ChoiceOption,
  type GeoJsonGeometry,
  type GeometryValueType,
  type VariableOptions,
  mostShapes,
  SHAPE_TYPES as SHARED_SHAPE_TYPES,
  shapesProblem,
} from '@agora/contracts';

/** The geometry types one drawn shape may be of. */
export type ShapeType = 'Point' | 'LineString' | 'Polygon';

/** One drawn shape: a Point, LineString or Polygon in EPSG:4326 and its geometric choice (its id). */
export interface Shape {
  geometry: GeoJsonGeometry;
  choice: string | null;
}

/** A geometric kind's draft: the shapes drawn. */
export interface GeometryDraft {
  shapes: Shape[];
}

/** The shapes each geometric kind takes (the server's). */
export const SHAPE_TYPES = SHARED_SHAPE_TYPES as Readonly<Record<GeometryValueType, readonly ShapeType[]>>;

export const EMPTY_GEOMETRY: GeometryDraft = { shapes: [] };

/** The most shapes of a kind (the server's default is one). */
export { mostShapes };

/** True when no other shape may be added. */
export function isFull(options: VariableOptions, draft: GeometryDraft): boolean {
  return draft.shapes.length >= mostShapes(options);
}

/** geom_radio: one choice for all the shapes; the others a choice per shape. */
export function isSharedChoice(kind: GeometryValueType): boolean {
  return kind === 'geom_radio';
}

export function isGeometryDraft(draft: unknown): draft is GeometryDraft {
  return typeof draft === 'object' && draft !== null && !Array.isArray(draft) && 'shapes' in draft;
}

/** The shapes of a stored FeatureCollection text ('' or unreadable text: none). */
export function shapesOf(text: string): GeometryDraft {
  if (text.trim() === '') return { shapes: [] };
  try {
    const raw = JSON.parse(text) as { features?: unknown };
    if (!Array.isArray(raw.features)) return { shapes: [] };
    const shapes = raw.features.flatMap((f: unknown): Shape[] => {
      const feature = f as { geometry?: GeoJsonGeometry; properties?: { choice?: unknown } | null };
      if (!feature?.geometry || typeof feature.geometry.type !== 'string') return [];
      const choice = feature.properties?.choice;
      return [
        {
          geometry: feature.geometry,
          choice: typeof choice === 'string' ? choice : null,
        },
      ];
    });
    return { shapes };
  } catch {
    return { shapes: [] };
  }
}

/** The value text of the shapes: a FeatureCollection in EPSG:4326, each feature's choice in its properties ('' for none). */
export function geometryText(draft: GeometryDraft): string {
  if (draft.shapes.length === 0) return '';
  return JSON.stringify({
    type: 'FeatureCollection',
    features: draft.shapes.map((s) => ({
      type: 'Feature',
      geometry: s.geometry,
      properties: s.choice === null ? {} : { choice: s.choice },
    })),
  });
}

/** The choice a new shape starts with: the shared one (geom_radio), the only one, or none yet. */
function choiceOfNew(kind: GeometryValueType, options: VariableOptions, draft: GeometryDraft): string | null {
  const choices = options.geometricChoices ?? [];
  if (isSharedChoice(kind) && draft.shapes.length > 0) return draft.shapes[0]!.choice;
  return choices.length === 1 ? choices[0]!.id : null;
}

/** The draft with one more shape, or the same draft when the kind holds no more. */
export function addShape(
  kind: GeometryValueType,
  options: VariableOptions,
  draft: GeometryDraft,
  geometry: GeoJsonGeometry,
): GeometryDraft {
  if (isFull(options, draft)) return draft;
  return { shapes: [...draft.shapes, { geometry, choice: choiceOfNew(kind, options, draft) }] };
}

export function removeShape(draft: GeometryDraft, index: number): GeometryDraft {
  return { shapes: draft.shapes.filter((_, i) => i !== index) };
}

export function replaceShape(draft: GeometryDraft, index: number, geometry: GeoJsonGeometry): GeometryDraft {
  return { shapes: draft.shapes.map((s, i) => (i === index ? { ...s, geometry } : s)) };
}

/** The choice set for one shape, or for every shape of a geom_radio (`index` null). */
export function assignChoice(
  kind: GeometryValueType,
  draft: GeometryDraft,
  index: number | null,
  choice: string | null,
): GeometryDraft {
  return {
    shapes: draft.shapes.map((s, i) =>
      isSharedChoice(kind) || index === null || i === index ? { ...s, choice } : s,
    ),
  };
}

/** A point geometry of `lat`, `lng`. */
export function pointAt(at: { lat: number; lng: number }): GeoJsonGeometry {
  return { type: 'Point', coordinates: [at.lng, at.lat] };
}

/** The point a shape is named by in lists: the point itself, the first vertex of a line or polygon. */
export function firstPosition(geometry: GeoJsonGeometry): { lat: number; lng: number } | null {
  const first = positionsOf(geometry)[0];
  return first && first.length >= 2 ? { lat: first[1]!, lng: first[0]! } : null;
}

/** A check that failed: the message id and its values. */
export interface GeometryError {
  id: string;
  values?: Record<string, string | number>;
}

/**
 * The server's checks of a geometric value (the first that fails): required, then the shared rule of drawn
 * shapes (`shapesProblem`: each of the kind's types, at most numberOfGeometries, a choice among geometricChoices
 * for each, within the EPSG:4326 ranges).
 */
export function checkGeometry(
  kind: GeometryValueType,
  options: VariableOptions,
  draft: GeometryDraft,
): GeometryError | null {
  const { shapes } = draft;
  if (shapes.length === 0) return options.required ? { id: 'platform.validation.required' } : null;
  const problem = shapesProblem(kind, options, shapes);
  switch (problem?.rule) {
    case undefined:
      return null;
    case 'shapeType':
      return { id: 'consultation.answers.geometry.type' };
    case 'tooMany':
      return { id: 'consultation.answers.geometry.tooMany', values: { n: problem.n } };
    case 'shapeRange':
      return { id: 'consultation.answers.geometry.range' };
    case 'shapeChoice':
      return isSharedChoice(kind)
        ? { id: 'consultation.answers.geometry.choiceAll' }
        : { id: 'consultation.answers.geometry.choiceOf', values: { n: problem.index + 1 } };
  }
}

/** How a shape of a choice is painted: the choice's colour and transparency, a default otherwise. */
export function styleOfChoice(
  choice: ChoiceOption | undefined,
  fallback: string,
): { color: string; fillOpacity: number; marker?: string } {
  const color = choice?.color ?? fallback;
  const fillOpacity =
    choice?.transparency === undefined ? 0.25 : Math.max(0, Math.min(1, 1 - choice.transparency));
  return { color, fillOpacity, ...(choice?.marker ? { marker: choice.marker } : {}) };
}
