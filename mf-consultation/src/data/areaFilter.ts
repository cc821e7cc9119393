import { atom } from 'jotai';
import { withinSuffix, type AreaPolygon } from '@agora/contracts';

/** The area an expert or an administrator drew on a project's map: the data views follow it. */
export interface AreaFilter {
  /** the project's token */
  project: string;
  polygons: AreaPolygon[];
}

/** The drawn-area filter; the map's draw control writes it, the lists, statistics and exports read it. */
export const areaFilterAtom = atom<AreaFilter | null>(null);

/** The `/within/{filter}` suffix of the data calls of `project`: `''` with no filter or one of another project. */
export function withinOf(filter: AreaFilter | null, project: string): string {
  return filter && filter.project === project ? withinSuffix(filter.polygons) : '';
}
