/**
 * Choices with stable ids (docs/decisions/0055-stable-choice-ids.md): the choices of a radio or checkbox kind
 * (`options.choices`) and of a geometric kind (`options.geometricChoices`) are `{ id, label }`. An answer stores
 * the id; its label is joined when it is read, so a renamed or moved choice keeps its answers. The service gives
 * an id to a choice sent without one (the id of the variable's current choice of the same kind and label when
 * there is one, else a new one); ids are unique within a kind of a variable.
 */
import { z } from 'zod';
import type { Choice, ChoiceOption, VariableKind } from '../consultation.js';

/** A choice id: letters, digits, `_` and `-` (never `;`, which joins a checkbox's ids). */
export const CHOICE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A new choice id. */
export const newChoiceId = (): string => globalThis.crypto.randomUUID();

/** A choice as a write sends it: its id once it has one. */
export type ChoiceDraft<T extends Choice = Choice> = Omit<T, 'id'> & { id?: string };

/** A `variable_type` entry as a write sends it (choices without ids are new ones). */
export interface VariableKindDraft {
  kind: VariableKind['kind'];
  options: Omit<VariableKind['options'], 'choices' | 'geometricChoices'> & {
    choices?: ChoiceDraft[];
    geometricChoices?: Array<ChoiceDraft<ChoiceOption>>;
  };
}

/** The choices of a kind, radio/checkbox or geometric (a kind has one of the two lists at most). */
export function choicesOf(options: VariableKind['options']): Choice[] {
  return options.choices ?? options.geometricChoices ?? [];
}

function withIds<T extends Choice>(drafts: Array<ChoiceDraft<T>>, previous: readonly Choice[]): T[] {
  const taken = new Set(drafts.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  return drafts.map((draft) => {
    if (draft.id !== undefined) return draft as T;
    const kept = previous.find((p) => p.label === draft.label && !taken.has(p.id));
    let id = kept?.id ?? newChoiceId();
    while (taken.has(id)) id = newChoiceId();
    taken.add(id);
    return { ...draft, id } as T;
  });
}

/**
 * Every choice of `drafts` with its id: its own, else that of the choice of the same kind and label in `previous`
 * (the variable's current `variable_type`), else a new one.
 */
export function withChoiceIds(drafts: readonly VariableKindDraft[], previous: readonly VariableKind[] = []) {
  return drafts.map(({ kind, options }): VariableKind => {
    const before = choicesOf(previous.find((k) => k.kind === kind)?.options ?? {});
    const { choices, geometricChoices, ...rest } = options;
    return {
      kind,
      options: {
        ...rest,
        ...(choices ? { choices: withIds(choices, before) } : {}),
        ...(geometricChoices ? { geometricChoices: withIds(geometricChoices, before) } : {}),
      },
    };
  });
}

/** The label of a choice id among `choices` (the id itself when the choice is gone). */
export function choiceLabel(choices: readonly Choice[], id: string): string {
  return choices.find((c) => c.id === id)?.label ?? id;
}

/** The labels of `;`-joined choice ids, joined the same way. */
export function choiceLabels(choices: readonly Choice[], ids: string): string {
  return ids
    .split(';')
    .map((id) => choiceLabel(choices, id))
    .join(';');
}

/** The ids of `;`-joined labels among `choices`, joined the same way (a label of no choice stays as it is). */
export function choiceIdsOf(choices: readonly Choice[], labels: string): string {
  return labels
    .split(';')
    .map((label) => choices.find((c) => c.label === label)?.id ?? label)
    .join(';');
}

/** A radio or checkbox choice in an answer. */
export const ChoiceItemAnswer = z.object({
  id: z.string().meta({ description: 'stable: kept when the choice is renamed or moved' }),
  label: z.string(),
}) satisfies z.ZodType<Choice>;

/** A geometric choice in an answer. */
export const ChoiceOptionAnswer = ChoiceItemAnswer.extend({
  marker: z.string().optional(),
  color: z.string().optional(),
  transparency: z.number().optional(),
}) satisfies z.ZodType<ChoiceOption>;
