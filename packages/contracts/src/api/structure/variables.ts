import { z } from 'zod';
import {
  DOCUMENT_ACCEPTS,
  GEOMETRY_VALUE_TYPES,
  VALUE_TYPES,
  type VariableKind,
  type VariableWire,
} from '../../consultation.js';
import { ChoiceItemAnswer, ChoiceOptionAnswer } from '../choices.js';
import { Flag, jsonField, partial, ruledText, writeBody } from '../common.js';
import { parseVariableType, VariableTypeFault } from '../variable-type.js';
import { VARIABLE_RULES } from './rules.js';
import { Forum, markerIcon, parentRef, TREE_READ_ONLY } from './tree.js';

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
