import type { FieldRule, ScopeRules } from '../../validation.js';
import { DATE_MESSAGE, DATE_PATTERN, LINK_MESSAGE, LINK_PATTERN } from '../common.js';

/**
 * The rules of the structure's validation scopes (`validation/scope/{scope}`): served to the browser as they are,
 * and applied by the write bodies of each level.
 */

/** A short name: lowercase Latin letters, digits, '-' and '_', starting with a letter or digit. */
export const MNAME_PATTERN = '[a-z0-9][a-z0-9_-]*';
export const MNAME_MESSAGE = "lowercase Latin letters, digits, '-' and '_'";

/** '#rrggbb' */
export const COLOR_PATTERN = '#[0-9a-fA-F]{6}';
export const COLOR_MESSAGE = 'a colour #rrggbb';
/** a whole number from 1 */
export const MAX_GEOM_PATTERN = '[1-9][0-9]{0,5}';
export const MAX_GEOM_MESSAGE = 'a whole number, at least 1';

const mname: FieldRule = {
  required: true,
  max_size: 60,
  validation: MNAME_PATTERN,
  unique: true,
  message: MNAME_MESSAGE,
};

/** `validation/scope/category`. `summary_img` is the URL of a library image: a site link (`/…`) or http(s). */
export const CATEGORY_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname,
  summary: { required: false, max_size: 20000 },
  summary_img: { required: false, max_size: 500, validation: LINK_PATTERN, message: LINK_MESSAGE },
  summary_img_alt: { required: false, max_size: 300 },
  forum_welcome_message: { required: false, max_size: 4000 },
};

/**
 * `validation/scope/project`. Dates default when absent (start today, end the day after the start, public date
 * tomorrow when the results will be published). `max_bytes` must also lie within the server's bounds, served by
 * `GET project/limits`; the map centre, WMS services and legislation are checked field by field.
 */
export const PROJECT_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname,
  summary: { required: false, max_size: 20000 },
  summary_img: { required: false, max_size: 500, validation: LINK_PATTERN, message: LINK_MESSAGE },
  summary_img_alt: { required: false, max_size: 300 },
  start_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
  end_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
  public_date: { required: false, validation: DATE_PATTERN, message: DATE_MESSAGE },
  max_bytes: { required: false, max_size: 15, validation: '[0-9]+', message: 'a whole number of bytes' },
  zoom: { required: false, validation: '[0-9]|1[0-9]|2[0-2]', message: 'a whole number from 0 to 22' },
};

/**
 * `validation/scope/node` (a topic): its short name is unique within its project. Geometry (boundary, geom_type,
 * max_geom) is required when has_geometry is set: checked by the service, which answers 'please draw the boundary'.
 */
export const NODE_RULES: ScopeRules = {
  title: { required: true, max_size: 200 },
  mname,
  description: { required: false, max_size: 4000 },
  geom_color: { required: false, validation: COLOR_PATTERN, message: COLOR_MESSAGE },
  max_geom: { required: false, validation: MAX_GEOM_PATTERN, message: MAX_GEOM_MESSAGE },
};

/** `validation/scope/attribute`: its short name is unique within its topic. `icon` is a marker's URL. */
export const ATTRIBUTE_RULES: ScopeRules = {
  name: { required: true, max_size: 200 },
  mname,
  icon: { required: false, max_size: 2000 },
  icon_alt: { required: false, max_size: 300 },
  geom_color: { required: false, validation: COLOR_PATTERN, message: COLOR_MESSAGE },
  max_geom: { required: false, validation: MAX_GEOM_PATTERN, message: MAX_GEOM_MESSAGE },
};

/**
 * `validation/scope/variable`: its short name is unique within its attribute. `icon` is a marker's URL;
 * `variable_type` (at least one kind, each with its options) is checked by the service.
 */
export const VARIABLE_RULES: ScopeRules = {
  mname,
  description: { required: false, max_size: 4000 },
  tooltip: { required: false, max_size: 500 },
  icon: { required: false, max_size: 2000 },
};
