import { atom } from 'jotai';
import { withinSuffix, type AreaPolygon } from '@agora/contracts';

/**
 * The drawn-area filter of the data views: the polygons an expert or an administrator drew on a project's map.
 * The map's draw control writes it; the answers layer, lists, statistics and exports read it (`withinOf`).
 */
export interface AreaFilter {
  /** the project (token) the polygons were drawn on: another project's views ignore them */
  project: string | null;
  polygons: readonly AreaPolygon[];
}

export const areaFilterAtom = atom<AreaFilter>({ project: null, polygons: [] });

/** The `/within/{filter}` suffix of a request about `project`: `''` without a filter or for another project. */
export function withinOf(filter: AreaFilter, project: string): string {
  return filter.project === project ? withinSuffix(filter.polygons) : '';
}
