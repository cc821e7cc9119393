// The experts' map reads (issue 12): the compact points of every answer (clusters, heat map) and the counts per
// zone, each about a project and following the drawn-area filter (`withinOf`).

import type { AnswerPointsAnswer, AnswerZonesAnswer } from '@agora/contracts/api';

/** `GET data/scope/points/project/{project}[/within/{filter}]`: each attribute's answers as flat lon/lat pairs. */
export type PointsAnswer = AnswerPointsAnswer;
/** `GET data/scope/zones/project/{project}[/within/{filter}]`: counts per topic boundary and drawn polygon. */
export type ZonesAnswer = AnswerZonesAnswer;
/** One zone's counts: a topic with a boundary, or one polygon of the filter (`id` '1', '2', …). */
export type ZoneCount = ZonesAnswer['zones'][number];

const projectPath = (kind: string, project: string, within: string) =>
  `/api/data/scope/${kind}/project/${encodeURIComponent(project)}${within}`;

/** The answers' layer (`layer` all, top, mine) of a project, inside the filter when `within` is set. */
export const answersPath = (project: string, layer: string, within: string) =>
  `${projectPath('geojson', project, within)}?layer=${layer}`;
export const pointsPath = (project: string, within: string) => projectPath('points', project, within);
export const zonesPath = (project: string, within: string) => projectPath('zones', project, within);
