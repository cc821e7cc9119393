import { atom } from 'jotai';
import { formatAreaFilter, type AreaPolygon } from '@agora/contracts';

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

/**
 * The `{filter}` of the `/within/{filter}` form of a request about `project` (`useApiGetWithin`), and of an
 * export job's body: null without a filter or for another project.
 */
export function withinOf(filter: AreaFilter, project: string): string | null {
  return filter.project === project ? formatAreaFilter(filter.polygons) : null;
}
