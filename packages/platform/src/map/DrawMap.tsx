import { lazy, Suspense } from 'react';
import { Loading } from '../ui/Loading';
import type { DrawMapProps } from './drawMapProps';

export type { DrawMapProps };

// Leaflet and leaflet-draw are loaded only by pages that draw.
const Canvas = lazy(() => import('./DrawMapCanvas'));

/**
 * A map to draw points, lines or polygons on (Leaflet + leaflet-draw), editing a GeoJSON feature collection in
 * EPSG:4326. Loaded on first use.
 */
export function DrawMap(props: DrawMapProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Canvas {...props} />
    </Suspense>
  );
}
