import { COLOR_MESSAGE, COLOR_PATTERN, MAX_GEOM_MESSAGE, MAX_GEOM_PATTERN } from '../node/node.rules.js';
import { MNAME_MESSAGE, MNAME_PATTERN, type ScopeDefinition } from '../validation/scope.js';

/** An attribute: its short name is unique within its topic. `icon` is a marker's URL. */
export const ATTRIBUTE_SCOPE: ScopeDefinition = {
  rules: {
    name: { required: true, max_size: 200 },
    mname: { required: true, max_size: 60, validation: MNAME_PATTERN, unique: true, message: MNAME_MESSAGE },
    icon: { required: false, max_size: 2000 },
    icon_alt: { required: false, max_size: 300 },
    geom_color: { required: false, validation: COLOR_PATTERN, message: COLOR_MESSAGE },
    max_geom: { required: false, validation: MAX_GEOM_PATTERN, message: MAX_GEOM_MESSAGE },
  },
  unique: { mname: { table: 'attribute', column: 'mname', parent: 'node' } },
};
