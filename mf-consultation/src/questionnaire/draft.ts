// The shape being drawn without a mouse (typed coordinates, or the crosshair at the map's centre and Enter): its
// vertices, the selected one, and what each step announces to screen readers.
import type { GeoJsonGeometry, GeomType, LatLng } from '@agora/contracts';
import { pointInPolygons, polygonsOf } from './checks';

export interface Draft {
  shape: GeomType;
  vertices: LatLng[];
  /** index of the selected vertex (the one the move and delete keys act on), or null */
  selected: number | null;
}

export type DraftAction =
  | { type: 'place'; at: LatLng }
  | { type: 'move'; at: LatLng }
  | { type: 'delete' }
  | { type: 'select'; index: number }
  | { type: 'step'; by: 1 | -1 }
  | { type: 'reset'; shape?: GeomType; vertices?: LatLng[] };

/** The fewest vertices of each shape. */
export const MIN_VERTICES: Readonly<Record<GeomType, number>> = { point: 1, line: 2, polygon: 3 };

export function emptyDraft(shape: GeomType): Draft {
  return { shape, vertices: [], selected: null };
}

/**
 * The next draft: `place` adds a vertex after the last one (a point has one: placing replaces it) and selects it;
 * `move` puts the selected vertex there; `delete` removes it and selects the one before; `step` selects the
 * next or previous vertex (wrapping); `reset` starts again (with given vertices, e.g. an answer being edited).
 */
export function draftReducer(draft: Draft, action: DraftAction): Draft {
  const { vertices, selected } = draft;
  switch (action.type) {
    case 'place': {
      const next = draft.shape === 'point' ? [action.at] : [...vertices, action.at];
      return { ...draft, vertices: next, selected: next.length - 1 };
    }
    case 'move':
      if (selected === null) return draft;
      return { ...draft, vertices: vertices.map((v, i) => (i === selected ? action.at : v)) };
    case 'delete': {
      if (selected === null) return draft;
      const next = vertices.filter((_, i) => i !== selected);
      return { ...draft, vertices: next, selected: next.length === 0 ? null : Math.max(0, selected - 1) };
    }
    case 'select':
      if (action.index < 0 || action.index >= vertices.length) return draft;
      return { ...draft, selected: action.index };
    case 'step': {
      if (vertices.length === 0) return draft;
      const from = selected ?? (action.by > 0 ? -1 : 0);
      return { ...draft, selected: (from + action.by + vertices.length) % vertices.length };
    }
    case 'reset': {
      const next = action.vertices ?? [];
      return {
        shape: action.shape ?? draft.shape,
        vertices: next,
        selected: next.length > 0 ? next.length - 1 : null,
      };
    }
  }
}

/** Whether the draft has enough vertices to be finished. */
export function isComplete(draft: Draft): boolean {
  return draft.vertices.length >= MIN_VERTICES[draft.shape];
}

const position = (p: LatLng) => [p.lng, p.lat];

/** The draft as a GeoJSON geometry (EPSG:4326), or null while it has too few vertices. */
export function draftGeometry(draft: Draft): GeoJsonGeometry | null {
  if (!isComplete(draft)) return null;
  const points = draft.vertices.map(position);
  if (draft.shape === 'point') return { type: 'Point', coordinates: points[0] };
  if (draft.shape === 'line') return { type: 'LineString', coordinates: points };
  return { type: 'Polygon', coordinates: [[...points, points[0]]] };
}

/** The vertices of a geometry being edited (a polygon's closing position dropped). */
export function verticesOf(geometry: GeoJsonGeometry): LatLng[] {
  const at = (p: readonly number[]) => ({ lat: p[1]!, lng: p[0]! });
  switch (geometry.type) {
    case 'Point':
      return [at(geometry.coordinates as number[])];
    case 'LineString':
      return (geometry.coordinates as number[][]).map(at);
    case 'Polygon': {
      const ring = ((geometry.coordinates as number[][][])[0] ?? []).map(at);
      return ring.slice(0, -1);
    }
    default:
      return [];
  }
}

/** Whether a vertex lies inside the boundary (no boundary: everywhere is inside). */
export function insideArea(at: LatLng, boundary: GeoJsonGeometry | null): boolean {
  const area = polygonsOf(boundary);
  return area.length === 0 || pointInPolygons([at.lng, at.lat], area);
}

/** A message of the live region: its id (under `consultation.questionnaire.live.`) and values. */
export interface Announcement {
  id: string;
  values: Record<string, string | number>;
}

/**
 * What the live region says after a step: the vertex number, how many the shape needs, and whether the vertex is
 * inside the area ("point 2 of 3 placed, inside the area").
 */
export function announce(
  before: Draft,
  after: Draft,
  action: DraftAction,
  boundary: GeoJsonGeometry | null,
): Announcement | null {
  const n = after.selected === null ? 0 : after.selected + 1;
  const where = (at: LatLng) => (insideArea(at, boundary) ? 'inside' : 'outside');
  const base = { shape: after.shape, min: MIN_VERTICES[after.shape], count: after.vertices.length };
  switch (action.type) {
    case 'place':
      return { id: 'placed', values: { ...base, n, where: where(action.at) } };
    case 'move':
      return before.selected === null
        ? null
        : { id: 'moved', values: { ...base, n, where: where(action.at) } };
    case 'delete':
      return before.selected === null ? null : { id: 'deleted', values: { ...base, n: before.selected + 1 } };
    case 'select':
    case 'step': {
      const at = after.selected === null ? undefined : after.vertices[after.selected];
      return at ? { id: 'selected', values: { ...base, n, where: where(at) } } : null;
    }
    case 'reset':
      return null;
  }
}
