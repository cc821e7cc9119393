import { atom } from 'jotai';
import { formatAreaFilter, type AreaPolygon } from '@agora/contracts';

/** The area drawn on a project's map to filter the data views (the map's draw control writes it). */
export interface AreaFilter {
  /** the project's token */
  project: string;
  polygons: readonly AreaPolygon[];
}

/** The drawn-area filter of the data views; null when nothing is drawn. */
export const areaFilterAtom = atom<AreaFilter | null>(null);

/** The `within/{filter}` text of the filter drawn on `project`'s map; null when none is drawn there. */
export function withinOf(filter: AreaFilter | null, project: string): string | null {
  if (!filter || filter.project !== project) return null;
  return formatAreaFilter(filter.polygons);
}
