import type { LatLng } from '@agora/contracts';
import { useApiGet } from '@agora/platform';
import type { ProjectAnswer } from '@agora/contracts/api';
import { isToken } from '../projects/base';

/**
 * The project of a route's `:project`: its short name (spec: "parameter: project short name",
 * `GET project/mname/{mname}`) or its token (`GET project/token/{token}`).
 */
export function useProject(param: string | undefined) {
  const byToken = param !== undefined && isToken(param);
  const token = useApiGet(
    '/api/project/token/{token}',
    byToken ? { params: { path: { token: param } } } : null,
  );
  const mname = useApiGet(
    '/api/project/mname/{mname}',
    param && !byToken ? { params: { path: { mname: param } } } : null,
  );
  return byToken ? token : mname;
}

/** Where a project's maps open: its centre (none set: the map's default) and zoom. */
export interface MapView {
  center: LatLng | null;
  zoom: number;
}

export const mapViewOf = (project: Pick<ProjectAnswer, 'center' | 'zoom'>): MapView => ({
  center: project.center ?? null,
  zoom: project.zoom,
});
