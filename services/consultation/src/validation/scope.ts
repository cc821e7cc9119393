import { checkForm, type FieldValue, type FormMode, type ScopeRules } from '@agora/contracts';
import { ValidationErrors } from './validation.errors.js';

/**
 * Where a unique field's values live: `column` of `consultation.<table>`, unique within the row's parent when
 * `parent` is set (the `parent` query parameter of `checkIfExists` then names it, e.g. a topic's project).
 */
export interface UniqueField {
  table: string;
  column: string;
  parent?: string;
}

/** A validation scope: its rules (spec part 2 §5, served to the browser) and where its unique fields live. */
export interface ScopeDefinition {
  rules: ScopeRules;
  unique: Readonly<Record<string, UniqueField>>;
}

/** Throws 400 `CONSULTATION.INVALID_FIELD` ("field: message") for the first field that breaks the rules. */
export function assertForm(rules: ScopeRules, values: Record<string, FieldValue>, mode: FormMode): void {
  const errors = checkForm(rules, values, mode);
  const first = Object.entries(errors)[0];
  if (!first) return;
  const [field, error] = first;
  throw error.rule === 'pattern'
    ? ValidationErrors.pattern(field, error.message)
    : ValidationErrors.invalidField(field, error.message, error.rule, error.values);
}
