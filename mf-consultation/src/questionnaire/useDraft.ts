// The shape drawn with the keyboard (or being edited): the draft's state, its ref (what handlers read between
// renders), and each change announced in the live region.
import { useCallback, useRef, useState } from 'react';
import type { GeoJsonGeometry, GeomType, LatLng } from '@agora/contracts';
import { announce, draftReducer, emptyDraft, type Announcement, type Draft, type DraftAction } from './draft';

export interface DraftState {
  draft: Draft;
  /** the draft as it is now, between renders */
  current: () => Draft;
  dispatch: (action: DraftAction) => void;
  /** starts again with this shape (and these vertices: an answer being edited) */
  reset: (shape: GeomType, vertices?: LatLng[]) => void;
  /** moves every vertex by this much */
  translate: (by: { lat: number; lng: number }) => void;
}

export function useDraft(
  boundary: GeoJsonGeometry | null,
  sayAnnouncement: (a: Announcement) => void,
  onMoved: () => void,
): DraftState {
  const [draft, setDraft] = useState<Draft>(() => emptyDraft('point'));
  const draftRef = useRef(draft);
  const dispatch = useCallback(
    (action: DraftAction) => {
      const before = draftRef.current;
      const after = draftReducer(before, action);
      draftRef.current = after;
      setDraft(after);
      const a = announce(before, after, action, boundary);
      if (a) sayAnnouncement(a);
    },
    [boundary, sayAnnouncement],
  );
  const reset = (shape: GeomType, vertices?: LatLng[]) => {
    const next = draftReducer(draftRef.current, { type: 'reset', shape, vertices });
    draftRef.current = next;
    setDraft(next);
  };
  const translate = (by: { lat: number; lng: number }) => {
    const moved = draftRef.current.vertices.map((v) => ({ lat: v.lat + by.lat, lng: v.lng + by.lng }));
    reset(draftRef.current.shape, moved);
    onMoved();
  };
  return { draft, current: () => draftRef.current, dispatch, reset, translate };
}
