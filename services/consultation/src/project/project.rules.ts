import { PROJECT_RULES } from '@agora/contracts/api';
import type { ScopeDefinition } from '../validation/scope.js';

/**
 * The rules of a project's plain fields (`PROJECT_RULES`): served to the browser (`validation/scope/project`) and
 * checked on every write by the body's schema. `max_bytes` must also lie within the server's bounds, served by
 * `GET project/limits` and checked by the service.
 */
export const PROJECT_SCOPE: ScopeDefinition = {
  rules: PROJECT_RULES,
  unique: { mname: { table: 'project', column: 'mname' } },
};
