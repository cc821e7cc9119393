import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import type { LatLng, WmsService } from '@agora/contracts';
import { useLeafletMap } from '@agora/platform';

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
  const handle = useLeafletMap(box, { center, zoom });
  const marker = useRef<Leaflet.Marker | null>(null);
  const handlers = useRef({ onCenter, onZoom });
  useEffect(() => {
    handlers.current = { onCenter, onZoom };
  }, [onCenter, onZoom]);

  useEffect(() => {
    if (!handle) return;
    const { L, map: m } = handle;
    const at0 = m.getCenter();
    const icon = L.divIcon({ className: 'ag-map-marker', iconSize: [22, 22], iconAnchor: [11, 22] });
    const pin = L.marker(at0, { draggable: true, icon, keyboard: true, title: label });
    const onClick = (e: Leaflet.LeafletMouseEvent) =>
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
    marker.current = pin;
    return () => {
      m.off('click', onClick);
      m.off('zoomend', onZoomEnd);
      pin.off('dragend', onDragEnd);
      pin.remove();
      marker.current = null;
    };
    // Made once per map; the effects below follow the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle]);

  useEffect(() => {
    marker.current?.setLatLng([center.lat, center.lng]);
    const m = handle?.map;
    if (m && !m.getBounds().contains([center.lat, center.lng])) m.panTo([center.lat, center.lng]);
  }, [handle, center.lat, center.lng]);

  useEffect(() => {
    const m = handle?.map;
    if (m && m.getZoom() !== zoom) m.setZoom(zoom);
  }, [handle, zoom]);

  const wmsKey = JSON.stringify(wms);
  useEffect(() => {
    if (!handle) return;
    const { L, map: m } = handle;
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
    return () => {
      for (const layer of layers) layer.remove();
    };
    // wmsKey stands for the rows' content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, wmsKey]);

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
