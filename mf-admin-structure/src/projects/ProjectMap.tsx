import { useEffect, useRef } from 'react';
import L from 'leaflet';
import type { LatLng, WmsService } from '@agora/contracts';
import { useTileLayer } from '@agora/platform';
import 'leaflet/dist/leaflet.css';

export interface ProjectMapProps {
  center: LatLng;
  zoom: number;
  /** the project's WMS services, shown as layers on top of the base map */
  wms: readonly WmsService[];
  /** the map was clicked or the marker dragged */
  onCenter: (center: LatLng) => void;
  /** the user zoomed the map */
  onZoom: (zoom: number) => void;
  label: string;
}

const round = (n: number) => Math.round(n * 1e8) / 1e8;

/**
 * The project map preview (400 px high): the site's base tiles, a marker on the centre (click the map or drag the
 * marker to move it), zooming sets the project's zoom, and each complete WMS row is drawn with `L.tileLayer.wms`.
 * Every Leaflet object is created once and updated when the props change.
 */
export default function ProjectMap({ center, zoom, wms, onCenter, onZoom, label }: ProjectMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const overlays = useRef<L.TileLayer.WMS[]>([]);
  const attachTiles = useTileLayer();
  const handlers = useRef({ onCenter, onZoom });
  useEffect(() => {
    handlers.current = { onCenter, onZoom };
  }, [onCenter, onZoom]);

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: [center.lat, center.lng], zoom });
    const icon = L.divIcon({ className: 'ag-map-marker', iconSize: [22, 22], iconAnchor: [11, 22] });
    const pin = L.marker([center.lat, center.lng], { draggable: true, icon, keyboard: true, title: label });
    const onClick = (e: L.LeafletMouseEvent) =>
      handlers.current.onCenter({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) });
    const onDragEnd = () => {
      const at = pin.getLatLng();
      handlers.current.onCenter({ lat: round(at.lat), lng: round(at.lng) });
    };
    const onZoomEnd = () => handlers.current.onZoom(m.getZoom());
    m.on('click', onClick);
    m.on('zoomend', onZoomEnd);
    pin.on('dragend', onDragEnd);
    pin.addTo(m);
    const detachTiles = attachTiles(L, m);
    map.current = m;
    marker.current = pin;
    return () => {
      m.off('click', onClick);
      m.off('zoomend', onZoomEnd);
      pin.off('dragend', onDragEnd);
      detachTiles();
      m.remove();
      map.current = null;
      marker.current = null;
      overlays.current = [];
    };
    // Made once; the effects below follow the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    marker.current?.setLatLng([center.lat, center.lng]);
    const m = map.current;
    if (m && !m.getBounds().contains([center.lat, center.lng])) m.panTo([center.lat, center.lng]);
  }, [center.lat, center.lng]);

  useEffect(() => {
    const m = map.current;
    if (m && m.getZoom() !== zoom) m.setZoom(zoom);
  }, [zoom]);

  const wmsKey = JSON.stringify(wms);
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const layers = wms
      .filter((s) => s.WMSurl.trim() && s.layers.trim())
      .map((s) =>
        L.tileLayer.wms(s.WMSurl.trim(), {
          layers: s.layers.trim(),
          format: 'image/png',
          transparent: true,
        }),
      );
    for (const layer of layers) layer.addTo(m);
    overlays.current = layers;
    return () => {
      for (const layer of layers) layer.remove();
    };
    // wmsKey stands for the rows' content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wmsKey]);

  return (
    <div
      ref={box}
      className="ag-map st-project-map"
      role="application"
      aria-label={label}
      data-testid="project-map"
      data-wms-layers={wms.filter((s) => s.WMSurl.trim() && s.layers.trim()).length}
    />
  );
}
