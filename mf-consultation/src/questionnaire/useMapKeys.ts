// Keys on the map while drawing: Enter places at the crosshair, Delete removes the selected vertex, [ and ]
// select, M moves the selected vertex to the crosshair, Escape cancels (arrows move the map: Leaflet's own).
import { useEffect, type RefObject } from 'react';
import type { LatLng } from '@agora/contracts';
import type { DraftAction } from './draft';
import { useLatestCallback } from './mapLayers';

export interface MapKeys {
  /** drawing now: 'draw' a new shape (Enter places), 'edit' an answer's; null: the keys do nothing */
  drawing: 'draw' | 'edit' | null;
  /** a predefined feature is picked instead (Enter does not place) */
  picking: boolean;
  crosshair: () => LatLng | null;
  dispatch: (action: DraftAction) => void;
  cancel: () => void;
}

export function useMapKeys(box: RefObject<HTMLElement | null>, keys: MapKeys): void {
  const onMapKey = useLatestCallback((event: KeyboardEvent) => {
    const { drawing, picking, crosshair, dispatch, cancel } = keys;
    const at = crosshair();
    if (!drawing || !at) return;
    const act = (action: DraftAction) => {
      event.preventDefault();
      dispatch(action);
    };
    if (event.key === 'Enter' && drawing === 'draw' && !picking) act({ type: 'place', at });
    else if (event.key === 'Delete' || event.key === 'Backspace') act({ type: 'delete' });
    else if (event.key === ']') act({ type: 'step', by: 1 });
    else if (event.key === '[') act({ type: 'step', by: -1 });
    else if (event.key === 'm' || event.key === 'M') act({ type: 'move', at });
    else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  });
  const drawingNow = keys.drawing !== null;
  useEffect(() => {
    const element = box.current;
    if (!element || !drawingNow) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.target === element) onMapKey(event);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [box, drawingNow, onMapKey]);
}
