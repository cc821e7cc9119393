import { ATTRIBUTE_RULES } from '@agora/contracts/api';
import type { ScopeDefinition } from '../validation/scope.js';

/** An attribute (`ATTRIBUTE_RULES`): its short name is unique within its topic. `icon` is a marker's URL. */
export const ATTRIBUTE_SCOPE: ScopeDefinition = {
  rules: ATTRIBUTE_RULES,
  unique: { mname: { table: 'attribute', column: 'mname', parent: 'node' } },
};
