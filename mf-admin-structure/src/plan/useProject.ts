import type { ProjectWire } from '@agora/contracts';
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
