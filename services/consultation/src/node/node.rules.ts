import { NODE_RULES } from '@agora/contracts/api';
import type { ScopeDefinition } from '../validation/scope.js';

/**
 * A topic ("node", `NODE_RULES`): its short name is unique within its project. Geometry (boundary, geom_type,
 * max_geom) is required when has_geometry is set: checked by the service, which answers 'please draw the boundary'.
 */
export const NODE_SCOPE: ScopeDefinition = {
  rules: NODE_RULES,
  unique: { mname: { table: 'node', column: 'mname', parent: 'project' } },
};
