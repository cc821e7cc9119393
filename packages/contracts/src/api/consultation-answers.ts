import { z } from 'zod';
import { DeletedAnswer, pagedAnswer, UUID } from './common.js';
import { ANSWER_SEARCH_MAX, ANSWER_SUMMARY_SORTS } from './data-lists.js';
import { GeoJsonGeometryAnswer, VariableAnswer } from './consultation-structure.js';
import { GEOMETRY_VALUE_TYPES, VALUE_TYPES } from '../consultation.js';
import type { FieldRuleName } from '../http.js';

/**
 * The answers of the questionnaire (the spec's "choice"): a choice is one answer of a user to an attribute, with
 * its geometry on the map (or none), and the values of the attribute's variables. Bodies come as JSON or as
 * multipart/form-data with the same field names (`values[0][value]`, files `resource_0`); refusals are 400
 * `CONSULTATION.INVALID_FIELD` naming the field and its rule (decision 0033). Geometry is GeoJSON in EPSG:4326.
 */

const REQUIRED = 'This value is required.';
const UNKNOWN_FIELD = 'unknown field';

function rule(name: FieldRuleName, values?: Record<string, number | string>) {
  return { params: values ? { rule: name, values } : { rule: name } };
}

const missingOr = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : message),
});

/** A token (uuid), answered lower-cased. */
const token = z
  .string(missingOr('a token'))
  .trim()
  .refine((value) => UUID.test(value), { message: 'a token', ...rule('type') })
  .toLowerCase()
  .meta({ format: 'uuid' });

/** Exactly these fields (another is refused as an unknown field) and the multipart method override `_method`. */
function answerBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(
    {
      ...shape,
      _method: z
        .string({ error: 'only PUT' })
        .refine((method) => method.toUpperCase() === 'PUT', { message: 'only PUT', ...rule('choice') })
        .optional()
        .meta({ description: 'the method override of a multipart form: PUT' }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : 'the body must be a JSON object or a form',
    },
  );
}

/** The value kinds an answer value may be of: the ten value types and the geometric ones. */
export const ANSWER_VALUE_KINDS = [...VALUE_TYPES, ...GEOMETRY_VALUE_TYPES] as const;
export type AnswerValueKind = (typeof ANSWER_VALUE_KINDS)[number];

/** The longest text of one value (a geometric kind's FeatureCollection text included). */
export const ANSWER_VALUE_MAX = 1024 * 1024;

/** A GeoJSON geometry (Point, LineString, Polygon or their Multi kinds), checked by the service. */
const GeometryInput = z
  .looseObject(
    { type: z.string({ error: 'a GeoJSON geometry' }), coordinates: z.unknown() },
    { error: 'a GeoJSON geometry' },
  )
  .meta({
    description:
      'a GeoJSON geometry in EPSG:4326 (Point, LineString, Polygon, or their Multi kinds). A position is ' +
      '[longitude, latitude] or [longitude, latitude, height]: the height is dropped (geometries are stored and ' +
      'answered in 2D), and a position of 4 numbers or more is refused',
  });

/** `{predefined: id}`: a copy of one of the attribute's predefined features (its numeric id). */
const PredefinedRef = z
  .strictObject({
    predefined: z.int({ error: 'a feature id' }).min(0, 'a feature id').max(2_147_483_647, 'a feature id'),
  })
  .meta({ description: "one of the attribute's predefined features, by its id" });

/** `POST data/scope/attribute`: a new answer to an attribute, with its geometry when the attribute has one. */
export const NewChoiceBody = z.strictObject(
  {
    attribute: token.meta({ description: "the attribute's token" }),
    node: token.optional().meta({ description: "the topic's token (checked: the attribute's)" }),
    geometry: z
      .union([PredefinedRef, GeometryInput], { error: 'a GeoJSON geometry or {predefined: id}' })
      .nullable()
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : 'a JSON object') },
);
export type NewChoiceBody = z.infer<typeof NewChoiceBody>;

/** `PUT data/scope/attribute/choice/{choice}`: the answer's new geometry (moved when allow_drag, reshaped when allow_resize). */
export const ChoiceGeometryBody = z.strictObject(
  { geometry: GeometryInput },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : 'a JSON object') },
);
export type ChoiceGeometryBody = z.infer<typeof ChoiceGeometryBody>;

/** One answer (choice). */
export const ChoiceAnswer = z.object({
  token: z.guid(),
  project: z.guid().meta({ description: "the project's token" }),
  node: z.guid().meta({ description: "the topic's token" }),
  attribute: z.guid().meta({ description: "the attribute's token" }),
  geometry: GeoJsonGeometryAnswer.nullable().meta({
    description: 'EPSG:4326; null for an answer without one',
  }),
  predefined: z.int().nullable().meta({ description: 'the predefined feature it was copied from' }),
  isOwner: z.boolean(),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
});
export type ChoiceAnswer = z.infer<typeof ChoiceAnswer>;

export const DeletedChoiceAnswer = DeletedAnswer;
export type DeletedChoiceAnswer = DeletedAnswer;

/** One value of a variable as sent: its kind, its text (wire formats in decision 0037) and, for resource, `lat;lon`. */
export const AnswerValueInput = z.strictObject(
  {
    variable_type: z
      .string(missingOr('a value type'))
      .pipe(z.enum(ANSWER_VALUE_KINDS, { message: 'a value type of the variable' }))
      .meta({ enum: [...ANSWER_VALUE_KINDS] }),
    value: z
      .preprocess(
        (raw) => (typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : (raw ?? '')),
        z.string({ error: 'a text' }).max(ANSWER_VALUE_MAX, `Maximum size is ${ANSWER_VALUE_MAX}.`),
      )
      .optional()
      .meta({
        type: 'string',
        description:
          "the value's text ('' or missing: no value; for photo/document the file resource_i). A geometric " +
          "kind's FeatureCollection loses the height of its positions, as the geometry input does",
      }),
    location: z
      .string({ error: 'lat;lon' })
      .max(100, 'lat;lon')
      .optional()
      .meta({ description: "resource: the address's location 'lat;lon'" }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : '{variable_type, value, location}',
  },
);
export type AnswerValueInput = z.infer<typeof AnswerValueInput>;

/** The most values of one variable in one request (one per value kind). */
export const MAX_ANSWER_VALUES = ANSWER_VALUE_KINDS.length;

const valueList = z
  .array(AnswerValueInput, {
    error: (issue) => (issue.input === undefined ? REQUIRED : 'a list of values'),
  })
  .max(MAX_ANSWER_VALUES, `at most ${MAX_ANSWER_VALUES} values`)
  .meta({
    description: 'values[i][variable_type|value|location]; the file of values[i] is the part resource_i',
  });

/**
 * `POST data/scope/variable`: the values of one variable of an answer, one per value kind of the variable (a
 * photo or document value's file in the part `resource_i`).
 */
export const NewAnswerValuesBody = answerBody({
  choice: token.meta({ description: "the answer's token" }),
  variable: token.meta({ description: "the variable's token" }),
  values: valueList,
});
export type NewAnswerValuesBody = z.infer<typeof NewAnswerValuesBody>;

/** `PUT data/scope/variable/choice/{choice}/variable/{variable}`: only the changed values (choice and variable from the path). */
export const AnswerValuesChangeBody = answerBody({
  choice: z.unknown().optional().meta({ description: 'ignored: the path’s' }),
  variable: z.unknown().optional().meta({ description: 'ignored: the path’s' }),
  values: valueList,
});
export type AnswerValuesChangeBody = z.infer<typeof AnswerValuesChangeBody>;

/** An uploaded file of a photo or document value. */
export const AnswerFileAnswer = z.object({
  id: z.guid(),
  name: z.string(),
  mime: z.string(),
  bytes: z.int().min(0),
  url: z.string().meta({ example: '/api/data/scope/file/0b7c…' }),
});
export type AnswerFileAnswer = z.infer<typeof AnswerFileAnswer>;

/** One stored value. */
/** The labels of a radio or checkbox value's choice ids, joined from the variable's current choices. */
const LabelOfValue = z
  .string()
  .nullable()
  .meta({ description: "radio, checkbox: the chosen choices' labels, joined by ';'; null for other kinds" });

export const AnswerValueAnswer = z.object({
  variable_type: z.enum(ANSWER_VALUE_KINDS),
  value: z.string().meta({
    description:
      "the wire text (radio, checkbox: the choice ids, joined by ';'; photo/document: the file's name)",
  }),
  label: LabelOfValue,
  location: z.string().nullable().meta({ description: "resource: 'lat;lon'" }),
  file: AnswerFileAnswer.nullable(),
});
export type AnswerValueAnswer = z.infer<typeof AnswerValueAnswer>;

/** The answer of `POST data/scope/variable` and its PUT: every stored value of that variable. */
export const VariableValuesAnswer = z.object({
  choice: z.guid(),
  variable: z.guid(),
  values: z.array(AnswerValueAnswer),
});
export type VariableValuesAnswer = z.infer<typeof VariableValuesAnswer>;

/** `GET data/scope/answers/choice/{choice}`: an answer and all its values. */
export const ChoiceValuesAnswer = z.object({
  choice: ChoiceAnswer,
  values: z.array(AnswerValueAnswer.extend({ variable: z.guid() })),
});
export type ChoiceValuesAnswer = z.infer<typeof ChoiceValuesAnswer>;

/** The layers of answers: the caller's, everyone's, everyone's by likes. */
export const ANSWER_LAYERS = ['mine', 'all', 'top'] as const;
export type AnswerLayer = (typeof ANSWER_LAYERS)[number];

/** `?layer=mine|all|top` (default: mine for the normal role, all for experts and staff). */
export const AnswerLayerQuery = z.strictObject(
  {
    layer: z
      .enum(ANSWER_LAYERS, { message: 'mine, all or top' })
      .optional()
      .meta({ description: 'default: mine for the normal role, all for experts and staff' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : 'a query') },
);
export type AnswerLayerQuery = z.infer<typeof AnswerLayerQuery>;

/** What a layer tells of each answer. */
export const ChoicePropertiesAnswer = z.object({
  token: z.guid(),
  attribute: z.guid(),
  node: z.guid(),
  isOwner: z.boolean(),
  likes: z.int().min(0),
  dislikes: z.int().min(0),
  reaction: z.enum(['like', 'dislike']).nullable().meta({ description: "the caller's reaction" }),
  created: z.iso.datetime(),
});
export type ChoicePropertiesAnswer = z.infer<typeof ChoicePropertiesAnswer>;

/** `GET data/scope/geojson/project/{project}`: the answers with a geometry (top: by likes, most first). */
export const ChoiceLayerAnswer = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.guid(),
      geometry: GeoJsonGeometryAnswer,
      properties: ChoicePropertiesAnswer,
    }),
  ),
});
export type ChoiceLayerAnswer = z.infer<typeof ChoiceLayerAnswer>;

/** `GET data/scope/choices/project/{project}`: the answers without a geometry, as the layer lists them. */
export const ChoiceListAnswer = z.object({ values: z.array(ChoicePropertiesAnswer) });
export type ChoiceListAnswer = z.infer<typeof ChoiceListAnswer>;

/** `GET variable/attribute/{attribute}/case/map`: the attribute's visible variables, in order. */
export const AnswerVariablesAnswer = z.array(VariableAnswer);
export type AnswerVariablesAnswer = z.infer<typeof AnswerVariablesAnswer>;

/** `GET data/scope/list/page/{page}/attribute/{attr}/variable/{var}`: the values of one variable, newest first. */
export const AnswerListAnswer = pagedAnswer(
  z.object({
    choice: z.guid(),
    variable_type: z.enum(ANSWER_VALUE_KINDS),
    value: z.string(),
    label: LabelOfValue,
    created: z.iso.datetime(),
  }),
);
export type AnswerListAnswer = z.infer<typeof AnswerListAnswer>;

/** The query of `GET data/scope/list/page/{page}/attribute/{attr}`: a search text and an order. */
export const AnswerSummaryQuery = z.strictObject(
  {
    q: z
      .string({ error: 'a text' })
      .max(ANSWER_SEARCH_MAX, `Maximum size is ${ANSWER_SEARCH_MAX}.`)
      .optional()
      .meta({
        description: "words each found in one of the answer's values (any case); empty: every answer",
      }),
    sort: z
      .enum(ANSWER_SUMMARY_SORTS, { message: 'newest, oldest or likes' })
      .optional()
      .meta({ description: 'default: newest first' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : 'a query') },
);
export type AnswerSummaryQuery = z.infer<typeof AnswerSummaryQuery>;

/**
 * `GET data/scope/list/page/{page}/attribute/{attr}`: the answers of one attribute, a page at a time, each with
 * its date, reactions and the values of its visible variables in the variables' order (choices by their labels,
 * files by their names).
 */
export const AnswerSummariesAnswer = pagedAnswer(
  z.object({
    choice: z.guid(),
    created: z.iso.datetime(),
    isOwner: z.boolean(),
    likes: z.int().min(0),
    dislikes: z.int().min(0),
    values: z.array(
      z.object({
        variable: z.guid(),
        variable_type: z.enum(ANSWER_VALUE_KINDS),
        value: z.string(),
        label: LabelOfValue,
      }),
    ),
  }),
);
export type AnswerSummariesAnswer = z.infer<typeof AnswerSummariesAnswer>;
