/**
 * The request and answer bodies of the consultation structure: categories, projects, topics ("node"),
 * attributes and variables (spec part 2 §7). A write takes JSON or multipart/form-data with the same field names
 * (multipart values are text, read into each field's type before validation). Text fields follow the rules of
 * their validation scope (`*_RULES`, also served to the browser by `validation/scope/{scope}`): trimmed, then
 * checked in the spec's order with its messages. Checks that need the database (unique short names, the parent's
 * existence, geometry) stay in the service.
 *
 * One file for each reason to change (`structure/`): the scope rules, the order of items, categories, projects,
 * what the levels share, topics, attributes and variables; the field schemas every body uses are in `common.ts`.
 */
export {
  Flag,
  IsoDate,
  isHttpUrl,
  isLink,
  LINK_MESSAGE,
  LINK_PATTERN,
  OptionalIsoDate,
  ruledText,
  Text,
  TokenText,
  wholeNumber,
} from './common.js';
export * from './structure/rules.js';
export * from './structure/sort-order.js';
export {
  GeoJsonFeatureCollectionAnswer,
  GeoJsonGeometryAnswer,
  TitledFileAnswer,
  titledFiles,
} from './structure/tree.js';
export * from './structure/categories.js';
export * from './structure/projects.js';
export * from './structure/retention.js';
export * from './structure/topics.js';
export * from './structure/attributes.js';
export * from './structure/variables.js';
