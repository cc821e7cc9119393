import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Choices get stable ids (docs/decisions/0055-stable-choice-ids.md): every choice of a radio or checkbox kind
 * (`options.choices`, labels until now) becomes `{id, label}` and every geometric choice gets an `id`; the
 * answers store the id instead of the label (radio, checkbox) or of the choice's position (a drawn feature's
 * `properties.choice`). Everything is read and checked first: where a stored answer cannot be tied to one choice
 * (two choices of a variable with the same label, a label or position that is no choice) the migration stops
 * before it changes anything and names those variables, labels and values. Consultation-profile answers already
 * name their choice by its id (`profile_answer.choice`, a key of `profile_choice`): they stay as they are.
 */
export class StableChoiceIds1795400700000 implements MigrationInterface {
  name = 'StableChoiceIds1795400700000';

  async up(q: QueryRunner): Promise<void> {
    const variables = await variablesOf(q);
    const faults: string[] = [];
    const idOf = new Map<string, Map<string, string>>(); // `${variable}|${kind}` → label or position → id
    for (const v of variables)
      for (const k of v.variable_type) {
        const choices = k.options?.choices;
        const geometric = k.options?.geometricChoices;
        const ids = new Map<string, string>();
        if (Array.isArray(choices)) {
          const labels = choices.map((c) => (typeof c === 'string' ? c : c.label));
          labels.forEach((label, i) => {
            if (labels.indexOf(label) !== i)
              faults.push(`variable ${v.token} (${k.kind}): two choices are labelled "${label}"`);
          });
          k.options.choices = choices.map((c) => {
            const choice =
              typeof c === 'string' ? { id: randomUUID(), label: c } : { id: randomUUID(), ...c };
            ids.set(choice.label, choice.id);
            return choice;
          });
        }
        if (Array.isArray(geometric))
          k.options.geometricChoices = geometric.map((c, i) => {
            const choice = { id: randomUUID(), ...c };
            ids.set(String(i), choice.id);
            return choice;
          });
        idOf.set(`${v.token}|${k.kind}`, ids);
      }

    const values = (await q.query(
      `SELECT id::text AS id, variable::text AS variable, kind, text_value, list_value
       FROM consultation.answer_value
       WHERE kind IN ('radio', 'checkbox') OR (kind LIKE 'geom\\_%' AND text_value IS NOT NULL)
       ORDER BY id`,
    )) as ValueRow[];
    const changed: Array<{ id: string; text_value: string | null; list_value: string[] | null }> = [];
    for (const row of values) {
      const ids = idOf.get(`${row.variable}|${row.kind}`) ?? new Map<string, string>();
      const idFor = (label: string, what: string) => {
        const id = ids.get(label);
        if (id === undefined)
          faults.push(`answer value ${row.id} of variable ${row.variable} (${row.kind}): ${what} "${label}"`);
        return id ?? label;
      };
      if (row.kind === 'radio' || row.kind === 'checkbox')
        changed.push({
          id: row.id,
          text_value: row.text_value === null ? null : idFor(row.text_value, 'no choice is labelled'),
          list_value: row.list_value?.map((l) => idFor(l, 'no choice is labelled')) ?? null,
        });
      else {
        const drawn = readFeatures(row.text_value!);
        if (!drawn?.features.some((f) => f.properties && 'choice' in f.properties)) continue;
        for (const f of drawn.features)
          if (f.properties && 'choice' in f.properties)
            f.properties.choice = idFor(String(f.properties.choice), 'no geometric choice at position');
        changed.push({ id: row.id, text_value: JSON.stringify(drawn), list_value: null });
      }
    }
    if (faults.length > 0)
      throw new Error(
        `stable choice ids: ${faults.length} stored choices or answers name no single choice; fix them and run ` +
          `the migration again:\n  ${faults.slice(0, 50).join('\n  ')}` +
          (faults.length > 50 ? `\n  … and ${faults.length - 50} more` : ''),
      );
    await writeVariables(q, variables);
    await writeValues(q, changed);
  }

  /** Back to labels and positions (an id of no current choice stays as it is). */
  async down(q: QueryRunner): Promise<void> {
    const variables = await variablesOf(q);
    const back = new Map<string, Map<string, string>>();
    for (const v of variables)
      for (const k of v.variable_type) {
        const labels = new Map<string, string>();
        const choices = k.options?.choices;
        if (Array.isArray(choices))
          k.options.choices = choices.map((c) => {
            const label = typeof c === 'string' ? c : c.label;
            if (typeof c !== 'string' && c.id !== undefined) labels.set(c.id, label);
            return label;
          });
        const geometric = k.options?.geometricChoices;
        if (Array.isArray(geometric))
          k.options.geometricChoices = geometric.map(({ id, ...c }, i) => {
            if (id !== undefined) labels.set(id, String(i));
            return c;
          });
        back.set(`${v.token}|${k.kind}`, labels);
      }
    const values = (await q.query(
      `SELECT id::text AS id, variable::text AS variable, kind, text_value, list_value
       FROM consultation.answer_value
       WHERE kind IN ('radio', 'checkbox') OR (kind LIKE 'geom\\_%' AND text_value IS NOT NULL)`,
    )) as ValueRow[];
    const changed = values.flatMap((row) => {
      const labels = back.get(`${row.variable}|${row.kind}`) ?? new Map<string, string>();
      const label = (id: string) => labels.get(id) ?? id;
      if (row.kind === 'radio' || row.kind === 'checkbox')
        return [
          {
            id: row.id,
            text_value: row.text_value === null ? null : label(row.text_value),
            list_value: row.list_value?.map(label) ?? null,
          },
        ];
      const drawn = readFeatures(row.text_value!);
      if (!drawn) return [];
      for (const f of drawn.features)
        if (f.properties && typeof f.properties.choice === 'string') {
          const position = labels.get(f.properties.choice);
          if (position !== undefined) f.properties.choice = Number(position);
        }
      return [{ id: row.id, text_value: JSON.stringify(drawn), list_value: null }];
    });
    await writeVariables(q, variables);
    await writeValues(q, changed);
  }
}

interface StoredChoice {
  id?: string;
  label: string;
  [key: string]: unknown;
}
interface StoredKind {
  kind: string;
  options: {
    choices?: Array<string | StoredChoice>;
    geometricChoices?: StoredChoice[];
    [key: string]: unknown;
  };
}
interface ValueRow {
  id: string;
  variable: string;
  kind: string;
  text_value: string | null;
  list_value: string[] | null;
}
interface Drawn {
  features: Array<{ properties?: Record<string, unknown> | null }>;
}

type VariableRow = { token: string; variable_type: StoredKind[] };

const variablesOf = async (q: QueryRunner): Promise<VariableRow[]> =>
  (await q.query(
    `SELECT token::text AS token, variable_type FROM consultation.variable ORDER BY token`,
  )) as VariableRow[];

function readFeatures(text: string): Drawn | null {
  try {
    const drawn = JSON.parse(text) as Partial<Drawn> | null;
    return Array.isArray(drawn?.features) ? (drawn as Drawn) : null;
  } catch {
    return null;
  }
}

async function writeVariables(q: QueryRunner, variables: VariableRow[]): Promise<void> {
  if (variables.length === 0) return;
  await q.query(
    `UPDATE consultation.variable v SET variable_type = x.variable_type
     FROM jsonb_to_recordset($1::jsonb) AS x(token uuid, variable_type jsonb) WHERE v.token = x.token`,
    [JSON.stringify(variables)],
  );
}

async function writeValues(
  q: QueryRunner,
  values: Array<{ id: string; text_value: string | null; list_value: string[] | null }>,
): Promise<void> {
  for (let i = 0; i < values.length; i += 5_000)
    await q.query(
      `UPDATE consultation.answer_value v SET text_value = x.text_value,
         list_value = CASE WHEN x.list_value IS NULL THEN NULL
           ELSE ARRAY(SELECT jsonb_array_elements_text(x.list_value)) END
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, text_value text, list_value jsonb) WHERE v.id = x.id`,
      [JSON.stringify(values.slice(i, i + 5_000))],
    );
}
