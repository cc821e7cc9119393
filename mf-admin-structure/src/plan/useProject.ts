import type { LatLng } from '@agora/contracts';
import { useApi } from '@agora/platform';
import type { ProjectAnswer } from '@agora/contracts/api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The project of a route's `:project`: its short name (spec: "parameter: project short name",
 * `GET project/mname/{mname}`) or its token (`GET project/token/{token}`).
 */
export function useProject(param: string | undefined) {
  const path = !param
    ? null
    : UUID.test(param)
      ? `project/token/${encodeURIComponent(param)}`
      : `project/mname/${encodeURIComponent(param)}`;
  return useApi<ProjectAnswer>(path);
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
