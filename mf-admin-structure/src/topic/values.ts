import type { GeoJsonFeatureCollection, TitledFile } from '@agora/contracts';
import { collectionOfGeometry, geometryFields, polygonGeometryOf, type GeometryValue } from '@agora/platform';
import { maxGeomOf } from '../plan/formSupport';
import type { JsonBodyOf } from '../shared/jsonBody';
import type { TopicAnswer } from '@agora/contracts/api';

/** The topic form's plain fields (the boundary is kept apart, as map geometry). */
export interface TopicValues {
  [name: string]: string | boolean | TitledFile[];
  title: string;
  mname: string;
  description: string;
  has_geometry: boolean;
  geom_type: string;
  max_geom: string;
  geom_color: string;
  relative_documents: TitledFile[];
}

export const DEFAULT_TOPIC_COLOR = '#1a56db';

export function topicValues(t?: TopicAnswer | null): TopicValues {
  return {
    title: t?.title ?? '',
    mname: t?.mname ?? '',
    description: t?.description ?? '',
    has_geometry: t?.has_geometry ?? false,
    geom_type: t?.geom_type ?? '',
    max_geom: t?.max_geom != null ? String(t.max_geom) : '',
    geom_color: t?.geom_color || DEFAULT_TOPIC_COLOR,
    relative_documents: t?.relative_documents ?? [],
  };
}

export function topicBoundary(t?: TopicAnswer | null): GeometryValue {
  return { map: t?.boundary ? collectionOfGeometry(t.boundary) : null };
}

/** Turning has_geometry off clears geom_type, max_geom and the boundary (spec part 2 §4). */
export function withTopicGeometry(
  values: TopicValues,
  boundary: GeometryValue,
  on: boolean,
): { values: TopicValues; boundary: GeometryValue } {
  if (on) return { values: { ...values, has_geometry: true }, boundary };
  return { values: { ...values, has_geometry: false, geom_type: '', max_geom: '' }, boundary: { map: null } };
}

/** What is missing for a topic with geometry: the boundary ('please draw the boundary'), geom_type, max_geom. */
export function topicGeometryProblems(values: TopicValues, boundary: GeometryValue) {
  if (!values.has_geometry) return { boundary: false, geom_type: false, max_geom: false };
  return {
    boundary: polygonGeometryOf(boundary.map) === null,
    geom_type: values.geom_type === '',
    max_geom: maxGeomOf(values.max_geom) === null,
  };
}

/** The fields of `POST node` that the topic form sends (all but the project). */
export type TopicFields = Omit<JsonBodyOf<'post', '/api/node'>, 'project'>;

/** The wire fields of a topic from the form (boundary as one Polygon/MultiPolygon, + geometry_crs when imported). */
export function topicBody(values: TopicValues, boundary: GeometryValue): TopicFields {
  const geometry = geometryFields({ boundary });
  const sent = geometry.boundary as GeoJsonFeatureCollection | null;
  return {
    title: values.title,
    mname: values.mname,
    description: values.description,
    has_geometry: values.has_geometry,
    geom_type: values.has_geometry && values.geom_type ? values.geom_type : null,
    max_geom: values.has_geometry ? maxGeomOf(values.max_geom) : null,
    geom_color: values.geom_color,
    relative_documents: values.relative_documents,
    boundary: values.has_geometry ? polygonGeometryOf(sent) : null,
    ...(typeof geometry.geometry_crs === 'string' && geometry.geometry_crs && values.has_geometry
      ? { geometry_crs: geometry.geometry_crs }
      : {}),
  };
}
