import { lazy, Suspense } from 'react';
import { Loading } from '../ui/Loading';
import type { CoordinateInputProps } from './CoordinateInput';

// proj4 (through @agora/contracts/crs) is loaded only by pages that show coordinates.
const Inner = lazy(() => import('./CoordinateInput').then((m) => ({ default: m.CoordinateInput })));

/** The coordinate input, loaded on first use. */
export function CoordinateInput(props: CoordinateInputProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Inner {...props} />
    </Suspense>
  );
}
