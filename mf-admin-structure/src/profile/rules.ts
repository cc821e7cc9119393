import { checkField, type FieldError, type ScopeRules } from '@agora/contracts';
import { useApiGet } from '@agora/platform';

/** What the page knows before the rules load: the spec's "question, weight, content, icon are required". */
const FALLBACK: ScopeRules = {
  question: { required: true },
  weight: { required: true },
  content: { required: true },
  icon: { required: true },
};

/** The consultation-profile rules served by the server (`validation/scope/consultationProfile`). */
export function useProfileRules(): ScopeRules {
  const { data } = useApiGet('/api/validation/scope/{scope}', {
    params: { path: { scope: 'consultationProfile' } },
  });
  return data ?? FALLBACK;
}

export type FieldErrors = Partial<Record<string, FieldError>>;

/** The rule errors of some values, by field. */
export function checkValues(rules: ScopeRules, values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(values)) {
    const error = checkField(rules[name], value);
    if (error) errors[name] = error;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** A choice while being edited (weight as the input's text). */
export type ChoiceDraft = {
  content: string;
  icon: string;
  weight: string;
};

export const emptyChoice = (): ChoiceDraft => ({ content: '', icon: '', weight: '' });

/** Changed fields of a draft: the weight as a number, the others as text. */
export type Changes<K extends string> = { [P in K]?: P extends 'weight' ? number : string };

/** The fields whose value differs from the stored one (weights compared as numbers, sent as numbers). */
export function changes<K extends string>(
  stored: Record<K, string | number>,
  draft: Record<K, string>,
): Changes<K> {
  const out: Record<string, string | number> = {};
  for (const name of Object.keys(draft) as K[]) {
    const next = name === 'weight' ? Number(draft[name]) : draft[name];
    if (next !== stored[name]) out[name] = next;
  }
  return out as Changes<K>;
}
