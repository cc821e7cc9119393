import { ATTRIBUTE_SCOPE } from '../attribute/attribute.rules.js';
import { CATEGORY_SCOPE } from '../category/category.rules.js';
import { NODE_SCOPE } from '../node/node.rules.js';
import { PROFILE_SCOPE } from '../profile/profile.rules.js';
import { PROJECT_SCOPE } from '../project/project.rules.js';
import { VARIABLE_SCOPE } from '../variable/variable.rules.js';
import type { ScopeDefinition } from './scope.js';

/** The consultation service's validation scopes, by lower-cased name (`topic` is the spec's name for a node). */
export const SCOPES: Readonly<Record<string, ScopeDefinition>> = {
  category: CATEGORY_SCOPE,
  project: PROJECT_SCOPE,
  node: NODE_SCOPE,
  topic: NODE_SCOPE,
  attribute: ATTRIBUTE_SCOPE,
  variable: VARIABLE_SCOPE,
  consultationprofile: PROFILE_SCOPE,
};
