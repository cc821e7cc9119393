// The props of the drawing map, apart from it: `DrawMap` loads `DrawMapCanvas` lazily and both read them.
import type { GeoJsonFeatureCollection, GeomType, LatLng } from '@agora/contracts';

export interface DrawMapProps {
  /** the shapes drawn, EPSG:4326 */
  value: GeoJsonFeatureCollection | null;
  /** after every create, edit or delete on the map */
  onChange: (value: GeoJsonFeatureCollection) => void;
  /** the kind of shape the toolbar offers ('any': points, lines and polygons) */
  shape: GeomType | 'any';
  /** colour of the shapes (#rrggbb) */
  color?: string;
  /** at most this many shapes; a further one is refused with `onRefused` ('you cannot add other objects') */
  maxFeatures?: number | null;
  onRefused?: () => void;
  /** an outline shown for reference (e.g. the topic's boundary), not editable */
  reference?: GeoJsonFeatureCollection | null;
  center?: LatLng;
  zoom?: number;
  /** the accessible name of the map */
  label: string;
  readOnly?: boolean;
  testId?: string;
}
