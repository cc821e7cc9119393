import type { VariableKind } from '@agora/contracts';
import type { OpenDataValue } from '@agora/contracts/api';

/**
 * Which value kinds the open data publish (decision 0085): numbers, dates, choices (by their labels) and library
 * items always; the free texts (`text`, `string`) only when the project allows it. Never files (documents,
 * photos), addresses (`resource`) nor geometric values: they can name or show a person, or draw their place.
 */
export const PUBLISHED_KINDS: ReadonlyArray<VariableKind['kind']> = [
  'number',
  'date',
  'radio',
  'checkbox',
  'library',
];
export const FREE_TEXT_KINDS: ReadonlyArray<VariableKind['kind']> = ['text', 'string'];

/** The properties every feature has, before the variables'. */
export const FIXED_PROPERTIES = {
  topic: { type: 'string', title: 'Topic' },
  answered_on: { type: 'string', format: 'date', title: 'Day of the answer' },
  drawn_as: {
    type: 'string',
    enum: ['point', 'line', 'polygon'],
    title: 'Shape drawn (published as a point)',
  },
} as const;

/** One published property of a variable: its key, where its value comes from, and its JSON Schema. */
export interface OpenDataProperty {
  key: string;
  /** `variable:kind`, as the value query names it */
  source: string;
  schema: Record<string, unknown>;
}

/** A variable of the collection's attribute, as the plan reads it. */
export interface PlanVariable {
  token: string;
  mname: string;
  variable_type: VariableKind[];
}

function schemaOf(kind: VariableKind['kind'], labels: string[], title: string): Record<string, unknown> {
  switch (kind) {
    case 'number':
      return { type: 'number', title };
    case 'date':
      return { type: 'string', format: 'date', title };
    case 'radio':
      return { type: 'string', enum: labels, title };
    case 'checkbox':
      return { type: 'array', items: { type: 'string', enum: labels }, title };
    case 'library':
      return { type: 'array', items: { type: 'string' }, title };
    default:
      return { type: 'string', title };
  }
}

/**
 * The published properties of an attribute's variables (in their order): one per published value kind, keyed by
 * the variable's short name (with `_kind` when it has several kinds), made unique against the fixed properties.
 */
export function propertiesOf(variables: PlanVariable[], freeText: boolean): OpenDataProperty[] {
  const kinds = new Set([...PUBLISHED_KINDS, ...(freeText ? FREE_TEXT_KINDS : [])]);
  const taken = new Set<string>(Object.keys(FIXED_PROPERTIES));
  return variables.flatMap((v) => {
    const several = v.variable_type.length > 1;
    return v.variable_type
      .filter(({ kind }) => kinds.has(kind))
      .map(({ kind, options }): OpenDataProperty => {
        const wanted = several ? `${v.mname}_${kind}` : v.mname;
        let key = wanted;
        for (let n = 2; taken.has(key); n++) key = `${wanted}_${n}`;
        taken.add(key);
        const labels = (options.choices ?? []).map((c) => c.label);
        return {
          key,
          source: `${v.token}:${kind}`,
          schema: schemaOf(kind, labels, options.label || v.mname),
        };
      });
  });
}

/** A feature's properties: the fixed ones, then every published property (null when the answer has no value). */
export function featureProperties(
  fixed: { topic: string; answered_on: string; drawn_as: string },
  properties: OpenDataProperty[],
  values: Record<string, OpenDataValue> | null,
): Record<string, OpenDataValue> {
  const out: Record<string, OpenDataValue> = { ...fixed };
  for (const p of properties) out[p.key] = values?.[p.source] ?? null;
  return out;
}
