import type { GeoJsonGeometry } from '@agora/contracts';
import type {
  AnswerValueAnswer,
  AnswerValueKind,
  ChoiceAnswer,
  ChoicePropertiesAnswer,
} from '@agora/contracts/api';

/** An answer row as the queries select it (`CHOICE_COLUMNS`). */
export interface ChoiceRow {
  token: string;
  project: string;
  node: string;
  attribute: string;
  owner: string;
  geometry: GeoJsonGeometry | null;
  predefined: string | null;
  created: Date;
  updated: Date;
}

/** The columns of `ChoiceRow` from `consultation.answer` aliased `a`. */
export const CHOICE_COLUMNS = `a.token, a.project, a.node, a.attribute, a.owner,
  public.ST_AsGeoJSON(a.geom)::jsonb AS geometry, a.predefined::text AS predefined, a.created, a.updated`;

export function choiceAnswer(row: ChoiceRow, viewer: string): ChoiceAnswer {
  return {
    token: row.token,
    project: row.project,
    node: row.node,
    attribute: row.attribute,
    geometry: row.geometry,
    predefined: row.predefined === null ? null : Number(row.predefined),
    isOwner: row.owner === viewer,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

/** A value row as the queries select it (`VALUE_COLUMNS`). */
export interface ValueRow {
  variable: string;
  kind: AnswerValueKind;
  text_value: string | null;
  number_value: string | null;
  date_value: string | null;
  list_value: string[] | null;
  location: string | null;
  file_id: string | null;
  file_name: string | null;
  file_mime: string | null;
  file_bytes: number | null;
  /** radio, checkbox: the labels of the stored choice ids (`choiceLabelsSql`) */
  label: string | null;
}

/**
 * The labels of a radio or checkbox value's choice ids (`consultation.answer_value` aliased `v`), joined by ';'
 * (`as` 'array': a text array) in the order of the ids, from its variable's current choices (an id whose choice is
 * gone stands for itself); NULL for the other kinds.
 */
export const choiceLabelsSql = (
  v = 'v',
  as: 'text' | 'array' = 'text',
) => `CASE WHEN ${v}.kind IN ('radio', 'checkbox') THEN (
    SELECT ${as === 'text' ? "string_agg(coalesce(c.label, e.id), ';' ORDER BY e.n)" : 'array_agg(coalesce(c.label, e.id) ORDER BY e.n)'}
    FROM unnest(coalesce(${v}.list_value, ARRAY[${v}.text_value])) WITH ORDINALITY AS e(id, n)
    LEFT JOIN LATERAL (
      SELECT ch->>'label' AS label FROM consultation.variable cv,
        jsonb_array_elements(cv.variable_type) AS k, jsonb_array_elements(k->'options'->'choices') AS ch
      WHERE cv.token = ${v}.variable AND k->>'kind' = ${v}.kind AND ch->>'id' = e.id LIMIT 1) c ON true)
  END`;

/** The columns of `ValueRow` from `consultation.answer_value` `v` left-joined with `consultation.answer_file` `f`. */
export const VALUE_COLUMNS = `v.variable, v.kind, v.text_value, v.number_value::text AS number_value,
  v.date_value::text AS date_value, v.list_value,
  CASE WHEN v.location IS NULL THEN NULL
    ELSE public.ST_Y(v.location)::text || ';' || public.ST_X(v.location)::text END AS location,
  f.id AS file_id, f.name AS file_name, f.mime AS file_mime, f.bytes AS file_bytes, ${choiceLabelsSql()} AS label`;

/** The wire text of a stored value (decision 0037): lists joined by ';', a file by its name. */
export function valueText(row: ValueRow): string {
  if (row.list_value) return row.list_value.join(';');
  return row.text_value ?? row.number_value ?? row.date_value ?? row.file_name ?? '';
}

export const fileUrl = (id: string) => `/api/data/scope/file/${id}`;

export function valueAnswer(row: ValueRow): AnswerValueAnswer {
  return {
    variable_type: row.kind,
    value: valueText(row),
    label: row.label,
    location: row.location,
    file:
      row.file_id === null
        ? null
        : {
            id: row.file_id,
            name: row.file_name ?? '',
            mime: row.file_mime ?? 'application/octet-stream',
            bytes: row.file_bytes ?? 0,
            url: fileUrl(row.file_id),
          },
  };
}

/** A layer's row: the answer, its reactions and the caller's. */
export interface LayerRow {
  token: string;
  attribute: string;
  node: string;
  owner: string;
  geometry: GeoJsonGeometry | null;
  created: Date;
  likes: number;
  dislikes: number;
  reaction: 'like' | 'dislike' | null;
}

export function choiceProperties(row: LayerRow, viewer: string): ChoicePropertiesAnswer {
  return {
    token: row.token,
    attribute: row.attribute,
    node: row.node,
    isOwner: row.owner === viewer,
    likes: row.likes,
    dislikes: row.dislikes,
    reaction: row.reaction,
    created: row.created.toISOString(),
  };
}
