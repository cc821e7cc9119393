import { lazy, Suspense } from 'react';
import { Loading } from '../ui/Loading';
import type { PointMapProps } from './PointMap';

// Leaflet is loaded only by pages that show a map.
const Inner = lazy(() => import('./PointMap'));

/** The one-marker map (click or drag to place the point), loaded on first use. */
export function PointMap(props: PointMapProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Inner {...props} />
    </Suspense>
  );
}
