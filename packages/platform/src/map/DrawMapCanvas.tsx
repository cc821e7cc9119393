import { useEffect, useRef } from 'react';
import type { GeoJsonFeatureCollection } from '@agora/contracts';
import type * as Leaflet from 'leaflet';
import { DRAW_COLOR, pinIcon, setUpDraw, type DrawTools } from './drawControl';
import type { DrawMapProps } from './drawMapProps';
import { useLatestProps, useLeafletMap } from './leafletMap';
import './map.css';

const EMPTY: GeoJsonFeatureCollection = { type: 'FeatureCollection', features: [] };

function styleOf(color: string): Leaflet.PathOptions {
  return { color, weight: 3, fillOpacity: 0.25 };
}

/**
 * The Leaflet drawing map (loaded lazily by `DrawMap`): leaflet-draw's toolbar limited to the shape asked for,
 * every Leaflet object made once and removed by reference, the drawn shapes given back as a GeoJSON feature
 * collection in EPSG:4326 after each create, edit or delete.
 */
export default function DrawMapCanvas(props: DrawMapProps) {
  const { value, shape, color = DRAW_COLOR, reference, label, maxFeatures, readOnly } = props;
  const box = useRef<HTMLDivElement>(null);
  const handle = useLeafletMap(box, {
    center: { lat: props.center?.lat ?? 38.02, lng: props.center?.lng ?? 23.8 },
    zoom: props.zoom ?? 7,
    draw: true,
  });
  const layers = useRef<{ items?: Leaflet.FeatureGroup; ref?: Leaflet.GeoJSON }>({});
  /** the collection last given to onChange, so that it is not drawn again when it comes back as `value` */
  const emitted = useRef<string>('');
  const latest = useLatestProps(props);

  // the shapes' layer, the toolbar and its handlers: made once per map
  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const first = latest.current;
    const items = new L.FeatureGroup();
    map.addLayer(items);
    layers.current = { items };
    emitted.current = '';

    const kind = first.shape;
    const may = (k: string) => kind === 'any' || kind === k;
    const paint = styleOf(first.color ?? DRAW_COLOR);
    const tools: DrawTools = {
      polygon: may('polygon') ? { allowIntersection: false, showArea: true, shapeOptions: paint } : false,
      rectangle: may('polygon') ? { shapeOptions: paint, showArea: true } : false,
      polyline: may('line') ? { shapeOptions: paint } : false,
      marker: may('point') ? { icon: pinIcon(L) } : false,
    };

    const emit = () => {
      const collection = items.toGeoJSON() as GeoJsonFeatureCollection;
      const clean: GeoJsonFeatureCollection = {
        type: 'FeatureCollection',
        features: collection.features.map((f) => ({
          type: 'Feature',
          geometry: f.geometry,
          properties: f.properties && Object.keys(f.properties).length > 0 ? f.properties : null,
        })),
      };
      emitted.current = JSON.stringify(clean);
      latest.current.onChange(clean);
    };
    const undraw = setUpDraw(handle, {
      locale: first.locale,
      toolbar: first.readOnly ? undefined : { tools, edit: items },
      onCreated: (layer) => {
        const max = latest.current.maxFeatures;
        if (max && items.getLayers().length >= max) {
          latest.current.onRefused?.();
          return;
        }
        items.addLayer(layer);
        emit();
      },
      onEdited: emit,
      onDeleted: emit,
    });
    return () => {
      undraw();
      items.remove();
      layers.current.ref?.remove();
      layers.current = {};
    };
  }, [handle, latest]);

  // the reference outline (before the shapes: the shapes, if any, decide the view)
  const referenceKey = JSON.stringify(reference ?? null);
  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const collection = JSON.parse(referenceKey) as GeoJsonFeatureCollection | null;
    layers.current.ref?.remove();
    layers.current.ref = undefined;
    if (!collection || collection.features.length === 0) return;
    const layer = L.geoJSON(collection as GeoJSON.FeatureCollection, {
      style: () => ({ color: '#4a5568', weight: 2, dashArray: '6 4', fill: false, interactive: false }),
    }).addTo(map);
    layers.current.ref = layer;
    if (!latest.current.value?.features.length) map.fitBounds(layer.getBounds(), { maxZoom: 16 });
  }, [handle, latest, referenceKey]);

  // the shapes given as `value`, unless they are the ones the map has just given back
  const valueKey = JSON.stringify(value ?? EMPTY);
  useEffect(() => {
    const { items } = layers.current;
    if (!handle || !items || valueKey === emitted.current) return;
    const { L, map } = handle;
    emitted.current = valueKey;
    items.clearLayers();
    const paint = latest.current.color ?? DRAW_COLOR;
    L.geoJSON(JSON.parse(valueKey) as GeoJSON.FeatureCollection, {
      style: () => styleOf(paint),
      pointToLayer: (_f, at) => L.marker(at, { icon: pinIcon(L), keyboard: true }),
    }).eachLayer((layer) => items.addLayer(layer));
    const bounds = items.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { maxZoom: 16 });
  }, [handle, latest, valueKey]);

  useEffect(() => {
    layers.current.items?.setStyle(styleOf(color));
  }, [handle, color]);

  return (
    <div
      ref={box}
      className="ag-map ag-draw-map"
      style={{ height: 'min(500px, 70vh)' }}
      role="application"
      aria-label={label}
      data-testid={props.testId ?? 'draw-map'}
      data-shape={shape}
      data-max={maxFeatures ?? undefined}
      data-readonly={readOnly ? 'true' : undefined}
    />
  );
}
