// The experts' map reads (issue 12): the compact points of every answer (clusters, heat map) and the counts per
// zone, each about a project and following the drawn-area filter (`withinOf`).

/** `GET data/scope/points/project/{project}[/within/{filter}]`: each attribute's answers as flat lon/lat pairs. */
export interface PointsAnswer {
  attributes: Array<{ attribute: string; count: number; coords: number[] }>;
}

/** One zone's counts: a topic with a boundary, or one polygon of the filter (`id` '1', '2', …). */
export interface ZoneCount {
  kind: 'topic' | 'filter';
  id: string;
  label: string;
  answers: number | null;
  respondents: number | null;
  weighted: number | null;
  /** a count of fewer respondents than `min_cell` was hidden */
  suppressed: boolean;
}

/** `GET data/scope/zones/project/{project}[/within/{filter}]`. */
export interface ZonesAnswer {
  min_cell: number;
  suppressed: boolean;
  zones: ZoneCount[];
}

const projectPath = (kind: string, project: string, within: string) =>
  `/api/data/scope/${kind}/project/${encodeURIComponent(project)}${within}`;

/** The answers' layer (`layer` all, top, mine) of a project, inside the filter when `within` is set. */
export const answersPath = (project: string, layer: string, within: string) =>
  `${projectPath('geojson', project, within)}?layer=${layer}`;
export const pointsPath = (project: string, within: string) => projectPath('points', project, within);
export const zonesPath = (project: string, within: string) => projectPath('zones', project, within);
