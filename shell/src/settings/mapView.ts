// The map view of the settings, apart from the Leaflet map itself (loaded only with the map).

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/** Coordinates to 6 decimals (about 10 cm): what the map reports. */
export function roundView(lat: number, lng: number, zoom: number): MapView {
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, zoom };
}
