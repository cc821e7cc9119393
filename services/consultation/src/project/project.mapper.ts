import type { Point } from 'typeorm';
import type { LatLng } from '@agora/contracts';
import type { ProjectAnswer } from '@agora/contracts/api';
import { summaryOf } from '../category/cards.js';
import type { Project } from './entities/project.entity.js';

/** GeoJSON point (`[lng, lat]`) → `{lat, lng}`. */
export function toLatLng(point: Point | null | undefined): LatLng | null {
  if (!point || point.type !== 'Point' || point.coordinates.length < 2) return null;
  const [lng, lat] = point.coordinates as [number, number];
  return { lat, lng };
}

/** `{lat, lng}` → GeoJSON point in EPSG:4326. */
export function toPoint(center: LatLng): Point {
  return { type: 'Point', coordinates: [center.lng, center.lat] };
}

export function toProjectResponse(project: Project): ProjectAnswer {
  return {
    ...summaryOf(project),
    start_date: project.start_date,
    end_date: project.end_date,
    retention_days: project.retention_days,
    personal_links_removed_at: project.personal_links_removed_at?.toISOString() ?? null,
    public_date: project.public_date,
    is_public: project.is_public,
    active: project.active,
    max_bytes: project.max_bytes,
    zoom: project.zoom,
    center: toLatLng(project.center),
    wms_services: project.wms_services.map(({ title, WMSurl, layers }) => ({ title, WMSurl, layers })),
    legislation: project.legislation.map(({ title, file }) => ({ title, file })),
    open_data_free_text: project.open_data_free_text,
    erase_answers_on_account_deletion: project.erase_answers_on_account_deletion,
    open_data_grid_m: project.open_data_grid_m,
    forum_topic_id: project.forum_topic_id,
    forum_topic_url: project.forum_topic_url,
    sort_order: project.sort_order,
    category: project.category
      ? { token: project.category.token, mname: project.category.mname, title: project.category.title }
      : null,
  };
}
