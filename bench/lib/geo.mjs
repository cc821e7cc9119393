// The benchmarks' map: a project centre and a square topic boundary around it (EPSG:4326).

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
