import { useEffect, useRef } from 'react';
import type { LatLng } from '@agora/contracts';
import 'leaflet/dist/leaflet.css';
import { useTileLayer } from './tiles';

export interface PointMapProps {
  center: LatLng;
  zoom: number;
  /** the marker; none when null */
  point: LatLng | null;
  /** the marker was dragged, or the map clicked */
  onMove: (point: LatLng) => void;
  label: string;
}

/**
 * A Leaflet map with one draggable marker. Loaded lazily (it pulls Leaflet in); tiles come from the site's tile
 * server and simply stay grey offline, the marker keeps working.
 */
export default function PointMap({ center, zoom, point, onMove, label }: PointMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const state = useRef<{
    map?: import('leaflet').Map;
    marker?: import('leaflet').Marker;
    L?: typeof import('leaflet');
    detachTiles?: () => void;
  }>({});
  const attachTiles = useTileLayer();
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);

  useEffect(() => {
    let cancelled = false;
    void import('leaflet').then((mod) => {
      const L = (mod as { default?: typeof import('leaflet') }).default ?? mod;
      if (cancelled || !box.current) return;
      const map = L.map(box.current, { center: [center.lat, center.lng], zoom });
      const detachTiles = attachTiles(L, map);
      map.on('click', (e: import('leaflet').LeafletMouseEvent) =>
        onMoveRef.current({ lat: e.latlng.lat, lng: e.latlng.lng }),
      );
      state.current = { map, L, detachTiles };
      setMarker(point);
    });
    return () => {
      cancelled = true;
      state.current.detachTiles?.();
      state.current.map?.remove();
      state.current = {};
    };
    // The map is made once; later changes go through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function setMarker(p: LatLng | null) {
    const { map, L } = state.current;
    if (!map || !L) return;
    if (!p) {
      state.current.marker?.remove();
      state.current.marker = undefined;
      return;
    }
    if (!state.current.marker) {
      const icon = L.divIcon({ className: 'ag-map-marker', iconSize: [22, 22], iconAnchor: [11, 22] });
      const marker = L.marker([p.lat, p.lng], { draggable: true, icon, keyboard: true, title: label });
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        onMoveRef.current({ lat: at.lat, lng: at.lng });
      });
      marker.addTo(map);
      state.current.marker = marker;
    } else {
      state.current.marker.setLatLng([p.lat, p.lng]);
    }
    map.panTo([p.lat, p.lng]);
  }

  useEffect(() => {
    setMarker(point);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [point?.lat, point?.lng]);

  return <div ref={box} className="ag-map" role="application" aria-label={label} data-testid="point-map" />;
}
