/**
 * The fixed lists and limits of the data pages' requests that the browser needs as values (the answers list's
 * orders and search limit, the export's coordinate systems). No schema code: the browser takes this file through
 * `@agora/contracts`, so zod stays out of the bundles; the schemas of `consultation-answers.ts` and
 * `consultation-export.ts` are built on it.
 */

/** How `GET data/scope/list/page/{page}/attribute/{attr}` orders the answers. */
export const ANSWER_SUMMARY_SORTS = ['newest', 'oldest', 'likes'] as const;
export type AnswerSummarySort = (typeof ANSWER_SUMMARY_SORTS)[number];

/** The longest search text of an answers list. */
export const ANSWER_SEARCH_MAX = 100;

/** The coordinate systems an export may be written in (EPSG codes): WGS 84, Greek Grid (GGRS87), Web Mercator. */
export const EXPORT_CRSS = [4326, 2100, 3857] as const;
export type ExportCrs = (typeof EXPORT_CRSS)[number];
