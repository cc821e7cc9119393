import { LINK_MESSAGE, LINK_PATTERN } from '../http/form.js';
import { MNAME_MESSAGE, MNAME_PATTERN, type ScopeDefinition } from '../validation/scope.js';

const DATE_PATTERN = '[0-9]{4}-[0-9]{2}-[0-9]{2}';
const DATE_MESSAGE = 'a date (yyyy-MM-dd)';

/**
 * The rules of a project's plain fields: served to the browser (`validation/scope/project`) and checked on every
 * write (`assertForm`). Dates default when absent (start today, end the day after the start, public date
 * tomorrow when the results will be published). `max_bytes` must also lie within the server's bounds, served by
 * `GET project/limits`; the map centre, WMS services and legislation are checked field by field.
 */
export const PROJECT_SCOPE: ScopeDefinition = {
  rules: {
    title: { required: true, max_size: 200 },
    mname: { required: true, max_size: 60, validation: MNAME_PATTERN, unique: true, message: MNAME_MESSAGE },
    summary: { required: false, max_size: 20000 },
    summary_img: { required: false, max_size: 500, validation: LINK_PATTERN, message: LINK_MESSAGE },
    summary_img_alt: { required: false, max_size: 300 },
    start_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
    end_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
    public_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
    max_bytes: { required: false, max_size: 15, validation: '[0-9]+', message: 'a whole number of bytes' },
    zoom: { required: false, validation: '[0-9]|1[0-9]|2[0-2]', message: 'a whole number from 0 to 22' },
  },
  unique: { mname: { table: 'project', column: 'mname' } },
};
