import type { LatLng, ProjectWire } from '@agora/contracts';
import { useApi } from '@agora/platform';

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
  return useApi<ProjectWire>(path);
}

/** Where a project's maps open: its centre (none set: the map's default) and zoom. */
export interface MapView {
  center: LatLng | null;
  zoom: number;
}

export const mapViewOf = (project: Pick<ProjectWire, 'center' | 'zoom'>): MapView => ({
  center: project.center ?? null,
  zoom: project.zoom,
});
