import { CATEGORY_RULES } from '@agora/contracts/api';
import type { ScopeDefinition } from '../validation/scope.js';

/**
 * The rules of a category's text fields (`CATEGORY_RULES`): served to the browser (`validation/scope/category`)
 * and checked on every write by the body's schema. `summary_img` is the URL of a library image.
 */
export const CATEGORY_SCOPE: ScopeDefinition = {
  rules: CATEGORY_RULES,
  unique: { mname: { table: 'category', column: 'mname' } },
};
