import { useEffect, useRef } from 'react';
import { useLeafletMap } from '@agora/platform';
import './settings.css';
import { roundView, type MapView } from './mapView';

export { roundView, type MapView };

export interface MapViewPickerProps {
  view: MapView;
  /** the map was panned or zoomed (by mouse, touch or keyboard) */
  onChange: (view: MapView) => void;
  label: string;
}

/**
 * The site map's default view picked on a map: pan and zoom until the map shows what visitors should see first;
 * the centre (marked by a cross) and the zoom are the picked values. Typed values move the map. The map is made
 * once; its handlers go away with it.
 */
export default function MapViewPicker({ view, onChange, label }: MapViewPickerProps) {
  const box = useRef<HTMLDivElement>(null);
  const handle = useLeafletMap(box, {
    center: { lat: view.lat, lng: view.lng },
    zoom: view.zoom,
    minZoom: 1,
    maxZoom: 19,
  });
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // a move the page asked for (typed values) is not reported back: the map would round the typed centre to its
  // pixels (hundreds of metres at a low zoom)
  const moving = useRef(false);

  useEffect(() => {
    if (!handle) return;
    const { map } = handle;
    const onMoveEnd = () => {
      if (moving.current) return;
      const c = map.getCenter();
      onChangeRef.current(roundView(c.lat, c.lng, map.getZoom()));
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [handle]);

  // typed values move the map (a move the map itself reported is already there)
  useEffect(() => {
    const map = handle?.map;
    if (!map || !Number.isFinite(view.lat) || !Number.isFinite(view.lng) || !Number.isFinite(view.zoom))
      return;
    const c = map.getCenter();
    const here = roundView(c.lat, c.lng, map.getZoom());
    if (here.lat === view.lat && here.lng === view.lng && here.zoom === view.zoom) return;
    moving.current = true;
    try {
      map.setView([view.lat, view.lng], view.zoom, { animate: false });
    } finally {
      moving.current = false;
    }
  }, [handle, view.lat, view.lng, view.zoom]);

  return (
    <div className="sh-mapview">
      <div
        ref={box}
        className="ag-map sh-mapview-map"
        role="application"
        aria-label={label}
        data-testid="settings-map"
      />
      <span className="sh-mapview-cross" aria-hidden="true" />
    </div>
  );
}
