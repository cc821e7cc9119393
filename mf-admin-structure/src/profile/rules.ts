import { checkField, type FieldError, type ScopeRules } from '@agora/contracts';
import { useApi } from '@agora/platform';

/** What the page knows before the rules load: the spec's "question, weight, content, icon are required". */
const FALLBACK: ScopeRules = {
  question: { required: true },
  weight: { required: true },
  content: { required: true },
  icon: { required: true },
};

/** The consultation-profile rules served by the server (`validation/scope/consultationProfile`). */
export function useProfileRules(): ScopeRules {
  const { data } = useApi<ScopeRules>('validation/scope/consultationProfile');
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

/** The fields whose value differs from the stored one (weights compared as numbers, sent as numbers). */
export function changes(stored: Record<string, string | number>, draft: Record<string, string>) {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(draft)) {
    const next = name === 'weight' ? Number(value) : value;
    if (next !== stored[name]) out[name] = next;
  }
  return out;
}
