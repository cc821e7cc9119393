import { lazy, Suspense } from 'react';
import type { LibrarySelectModalProps } from './LibrarySelectModal';
import type { MarkerSelectModalProps } from './MarkerSelectModal';

// The modals load on first use: the platform kit is part of the shell's bundle, so their code stays out of every
// page's cold load.
const SelectModal = lazy(() =>
  import('./LibrarySelectModal').then((m) => ({ default: m.LibrarySelectModal })),
);
const MarkerModal = lazy(() => import('./MarkerSelectModal').then((m) => ({ default: m.MarkerSelectModal })));

/** The gallery's select mode as a modal (multi or single select, accept button); loaded on first use. */
export function LibrarySelectModal(props: LibrarySelectModalProps) {
  return (
    <Suspense fallback={null}>
      <SelectModal {...props} />
    </Suspense>
  );
}

/** The marker selection modal with SVG upload; loaded on first use. */
export function MarkerSelectModal(props: MarkerSelectModalProps) {
  return (
    <Suspense fallback={null}>
      <MarkerModal {...props} />
    </Suspense>
  );
}
