// The experts' map reads (issue 12): the compact points of every answer (clusters, heat map) and the counts per
// zone, each about a project and following the drawn-area filter (`withinOf`).

import type { AnswerPointsAnswer, AnswerZonesAnswer } from '@agora/contracts/api';

/** `GET data/scope/points/project/{project}[/within/{filter}]`: each attribute's answers as flat lon/lat pairs. */
export type PointsAnswer = AnswerPointsAnswer;
/** `GET data/scope/zones/project/{project}[/within/{filter}]`: counts per topic boundary and drawn polygon. */
export type ZonesAnswer = AnswerZonesAnswer;
/** One zone's counts: a topic with a boundary, or one polygon of the filter (`id` '1', '2', …). */
export type ZoneCount = ZonesAnswer['zones'][number];

/** The reads of a project's answers (each with its documented `/within/{filter}` form, `useApiGetWithin`). */
export const ANSWERS_PATH = '/api/data/scope/geojson/project/{project}';
export const POINTS_PATH = '/api/data/scope/points/project/{project}';
export const ZONES_PATH = '/api/data/scope/zones/project/{project}';
