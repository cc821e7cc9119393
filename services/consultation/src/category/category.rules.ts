import { LINK_MESSAGE, LINK_PATTERN } from '../http/form.js';
import { MNAME_MESSAGE, MNAME_PATTERN, type ScopeDefinition } from '../validation/scope.js';

/**
 * The rules of a category's text fields: served to the browser (`validation/scope/category`) and checked on every
 * write (`assertForm`). `summary_img` is the URL of a library image: a site link (`/…`) or http(s).
 */
export const CATEGORY_SCOPE: ScopeDefinition = {
  rules: {
    title: { required: true, max_size: 200 },
    mname: { required: true, max_size: 60, validation: MNAME_PATTERN, unique: true, message: MNAME_MESSAGE },
    summary: { required: false, max_size: 20000 },
    summary_img: { required: false, max_size: 500, validation: LINK_PATTERN, message: LINK_MESSAGE },
    summary_img_alt: { required: false, max_size: 300 },
    forum_welcome_message: { required: false, max_size: 4000 },
  },
  unique: { mname: { table: 'category', column: 'mname' } },
};
