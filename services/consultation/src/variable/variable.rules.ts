import { MNAME_MESSAGE, MNAME_PATTERN, type ScopeDefinition } from '../validation/scope.js';

/**
 * A variable: its short name is unique within its attribute. `icon` is a marker's URL; `variable_type` (at least
 * one kind, each with its options) is checked by `variable-type.ts`.
 */
export const VARIABLE_SCOPE: ScopeDefinition = {
  rules: {
    mname: { required: true, max_size: 60, validation: MNAME_PATTERN, unique: true, message: MNAME_MESSAGE },
    description: { required: false, max_size: 4000 },
    tooltip: { required: false, max_size: 500 },
    icon: { required: false, max_size: 2000 },
  },
  unique: { mname: { table: 'variable', column: 'mname', parent: 'attribute' } },
};
