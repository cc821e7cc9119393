// The benchmarks' map: a project centre and a square topic boundary around it (EPSG:4326).

import { day } from './common.mjs';
/** A square boundary around the project centre (EPSG:4326). */
export const CENTRE = { lat: 40.6264, lng: 22.9484 };
export const HALF = 0.01;
export const BOUNDARY = {
  type: 'Polygon',
  coordinates: [
    [
      [CENTRE.lng - HALF, CENTRE.lat - HALF],
      [CENTRE.lng + HALF, CENTRE.lat - HALF],
      [CENTRE.lng + HALF, CENTRE.lat + HALF],
      [CENTRE.lng - HALF, CENTRE.lat + HALF],
      [CENTRE.lng - HALF, CENTRE.lat - HALF],
    ],
  ],
};

/**
 * A category open to everyone (autosubscribe) with one open project centred on the map and one point topic
 * inside BOUNDARY allowing `maxGeom` objects per participant, created by `admin` (the typed API client).
 */
export async function createMapTopic(admin, name, maxGeom) {
  const category = await admin.POST('/api/category', {
    body: {
      mname: `${name}-category`,
      title: `Bench ${name}`,
      summary: 'Bench',
      active: true,
      autosubscribe: true,
    },
  });
  const project = await admin.POST('/api/project', {
    body: {
      category: category.token,
      mname: `${name}-project`,
      title: `Bench ${name} project`,
      summary: 'Bench',
      active: true,
      start_date: day(-1),
      end_date: day(30),
      center: CENTRE,
      zoom: 15,
    },
  });
  const topic = await admin.POST('/api/node', {
    body: {
      project: project.token,
      title: `Bench ${name} topic`,
      mname: `${name}-topic`,
      has_geometry: true,
      boundary: BOUNDARY,
      geom_type: 'point',
      max_geom: maxGeom,
      geom_color: '#2b6cb0',
    },
  });
  return { category, project, topic };
}
