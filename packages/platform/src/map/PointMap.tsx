import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import type { LatLng } from '@agora/contracts';
import { useLeafletMap } from './leafletMap';

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
  const handle = useLeafletMap(box, { center, zoom });
  const marker = useRef<Leaflet.Marker | null>(null);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);

  useEffect(() => {
    if (!handle) return;
    const onClick = (e: Leaflet.LeafletMouseEvent) =>
      onMoveRef.current({ lat: e.latlng.lat, lng: e.latlng.lng });
    handle.map.on('click', onClick);
    return () => {
      handle.map.off('click', onClick);
      marker.current?.remove();
      marker.current = null;
    };
  }, [handle]);

  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    if (lat === undefined || lng === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      const icon = L.divIcon({ className: 'ag-map-marker', iconSize: [22, 22], iconAnchor: [11, 22] });
      const pin = L.marker([lat, lng], { draggable: true, icon, keyboard: true, title: label });
      pin.on('dragend', () => {
        const at = pin.getLatLng();
        onMoveRef.current({ lat: at.lat, lng: at.lng });
      });
      pin.addTo(map);
      marker.current = pin;
    } else {
      marker.current.setLatLng([lat, lng]);
    }
    map.panTo([lat, lng]);
    // the marker's title is set when it is made
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, lat, lng]);

  return <div ref={box} className="ag-map" role="application" aria-label={label} data-testid="point-map" />;
}
