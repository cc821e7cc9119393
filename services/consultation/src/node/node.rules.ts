import { MNAME_MESSAGE, MNAME_PATTERN, type ScopeDefinition } from '../validation/scope.js';

/** '#rrggbb' */
export const COLOR_PATTERN = '#[0-9a-fA-F]{6}';
export const COLOR_MESSAGE = 'a colour #rrggbb';
/** a whole number from 1 */
export const MAX_GEOM_PATTERN = '[1-9][0-9]{0,5}';
export const MAX_GEOM_MESSAGE = 'a whole number, at least 1';

/**
 * A topic ("node"): its short name is unique within its project. Geometry (boundary, geom_type, max_geom) is
 * required when has_geometry is set: checked by the service, which answers 'please draw the boundary'.
 */
export const NODE_SCOPE: ScopeDefinition = {
  rules: {
    title: { required: true, max_size: 200 },
    mname: { required: true, max_size: 60, validation: MNAME_PATTERN, unique: true, message: MNAME_MESSAGE },
    description: { required: false, max_size: 4000 },
    geom_color: { required: false, validation: COLOR_PATTERN, message: COLOR_MESSAGE },
    max_geom: { required: false, validation: MAX_GEOM_PATTERN, message: MAX_GEOM_MESSAGE },
  },
  unique: { mname: { table: 'node', column: 'mname', parent: 'project' } },
};
