import { geometryFields, type GeometryValue } from '@agora/platform';
import { maxGeomOf } from '../plan/formSupport';
import type { JsonBodyOf } from '../shared/jsonBody';
import type { AttributeAnswer } from '@agora/contracts/api';

/** The attribute form's plain fields (predefined features and context are kept apart, as map geometry). */
export interface AttributeValues {
  [name: string]: string | boolean;
  name: string;
  mname: string;
  icon: string;
  icon_alt: string;
  has_geometry: boolean;
  geom_type: string;
  geom_color: string;
  max_geom: string;
  allow_drag: boolean;
  allow_resize: boolean;
  has_predefined: boolean;
  has_context: boolean;
  is_visible: boolean;
}

export interface AttributeGeometry {
  predefined: GeometryValue;
  context: GeometryValue;
}

export const DEFAULT_ATTRIBUTE_COLOR = '#e02424';

export function attributeValues(a?: AttributeAnswer | null): AttributeValues {
  return {
    name: a?.name ?? '',
    mname: a?.mname ?? '',
    icon: a?.icon ?? '',
    icon_alt: a?.icon_alt ?? '',
    has_geometry: a?.has_geometry ?? false,
    geom_type: a?.geom_type ?? '',
    geom_color: a?.geom_color || DEFAULT_ATTRIBUTE_COLOR,
    max_geom: a?.max_geom != null ? String(a.max_geom) : '',
    allow_drag: a?.allow_drag ?? false,
    allow_resize: a?.allow_resize ?? false,
    has_predefined: a?.has_predefined ?? false,
    has_context: a?.has_context ?? false,
    is_visible: a?.is_visible ?? true,
  };
}

export function attributeGeometry(a?: AttributeAnswer | null): AttributeGeometry {
  return { predefined: { map: a?.predefined ?? null }, context: { map: a?.context ?? null } };
}

/**
 * Turning has_geometry off clears geom_type, max_geom, allow_drag, allow_resize and the predefined features
 * (spec part 2 §4); turning has_context off clears the context; has_predefined off clears the predefined features.
 */
export function withAttributeSwitch(
  values: AttributeValues,
  geometry: AttributeGeometry,
  name: 'has_geometry' | 'has_predefined' | 'has_context',
  on: boolean,
): { values: AttributeValues; geometry: AttributeGeometry } {
  const next = { ...values, [name]: on };
  if (on) return { values: next, geometry };
  if (name === 'has_context') return { values: next, geometry: { ...geometry, context: { map: null } } };
  if (name === 'has_predefined')
    return { values: next, geometry: { ...geometry, predefined: { map: null } } };
  return {
    values: {
      ...next,
      geom_type: '',
      max_geom: '',
      allow_drag: false,
      allow_resize: false,
      has_predefined: false,
    },
    geometry: { ...geometry, predefined: { map: null } },
  };
}

/** What is missing: geom_type and max_geom with geometry; the features when predefined or context is on. */
export function attributeProblems(values: AttributeValues, geometry: AttributeGeometry) {
  const none = (g: GeometryValue) => !g.map || g.map.features.length === 0;
  return {
    geom_type: values.has_geometry && values.geom_type === '',
    max_geom: values.has_geometry && maxGeomOf(values.max_geom) === null,
    predefined: values.has_geometry && values.has_predefined && none(geometry.predefined),
    context: values.has_context && none(geometry.context),
  };
}

/** The wire fields of an attribute from the form (+ geometry_crs when imported geometry goes as it was). */
/** The fields of `POST attribute` that the attribute form sends (all but the topic). */
export type AttributeFields = Omit<JsonBodyOf<'post', '/api/attribute'>, 'node'>;

export function attributeBody(values: AttributeValues, geometry: AttributeGeometry): AttributeFields {
  const hasPredefined = values.has_geometry && values.has_predefined;
  const geo = geometryFields({
    predefined: hasPredefined ? geometry.predefined : { map: null },
    context: values.has_context ? geometry.context : { map: null },
  });
  return {
    name: values.name,
    mname: values.mname,
    icon: values.icon,
    icon_alt: values.icon_alt,
    has_geometry: values.has_geometry,
    geom_type: values.has_geometry && values.geom_type ? values.geom_type : null,
    geom_color: values.geom_color,
    max_geom: values.has_geometry ? maxGeomOf(values.max_geom) : null,
    allow_drag: values.has_geometry && values.allow_drag,
    allow_resize: values.has_geometry && values.allow_resize,
    has_predefined: hasPredefined,
    predefined: hasPredefined ? geo.predefined : null,
    has_context: values.has_context,
    context: values.has_context ? geo.context : null,
    is_visible: values.is_visible,
    ...(typeof geo.geometry_crs === 'string' && geo.geometry_crs ? { geometry_crs: geo.geometry_crs } : {}),
  };
}
