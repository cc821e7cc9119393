import { useEffect, useRef } from 'react';
import { useTileLayer } from '@agora/platform';
import 'leaflet/dist/leaflet.css';
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
 * the centre (marked by a cross) and the zoom are the picked values. Typed values move the map. Leaflet is created
 * once; its handlers go away with it.
 */
export default function MapViewPicker({ view, onChange, label }: MapViewPickerProps) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<import('leaflet').Map | null>(null);
  const attachTiles = useTileLayer();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const initial = useRef(view);
  // a move the page asked for (typed values) is not reported back: the map would round the typed centre to its
  // pixels (hundreds of metres at a low zoom)
  const moving = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let detachTiles: (() => void) | undefined;
    void import('leaflet').then((mod) => {
      const L = (mod as { default?: typeof import('leaflet') }).default ?? mod;
      if (cancelled || !box.current) return;
      const { lat, lng, zoom } = initial.current;
      const map = L.map(box.current, { center: [lat, lng], zoom, minZoom: 1, maxZoom: 19 });
      detachTiles = attachTiles(L, map);
      map.on('moveend', () => {
        if (moving.current) return;
        const c = map.getCenter();
        onChangeRef.current(roundView(c.lat, c.lng, map.getZoom()));
      });
      mapRef.current = map;
    });
    return () => {
      cancelled = true;
      detachTiles?.();
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, [attachTiles]);

  // typed values move the map (a move the map itself reported is already there)
  useEffect(() => {
    const map = mapRef.current;
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
  }, [view.lat, view.lng, view.zoom]);

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
