import { VARIABLE_RULES } from '@agora/contracts/api';
import type { ScopeDefinition } from '../validation/scope.js';

/**
 * A variable (`VARIABLE_RULES`): its short name is unique within its attribute. `icon` is a marker's URL;
 * `variable_type` (at least one kind, each with its options) is checked by its schema (`variable-type.ts` of
 * `@agora/contracts/api`).
 */
export const VARIABLE_SCOPE: ScopeDefinition = {
  rules: VARIABLE_RULES,
  unique: { mname: { table: 'variable', column: 'mname', parent: 'attribute' } },
};
