import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { GeoJsonFeatureCollection } from '@agora/contracts';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet-draw/dist/leaflet.draw.css';
import type { DrawMapProps } from './DrawMap';
import { applyDrawLocale } from './drawLocal';
import { useTileLayer } from './tiles';
import './map.css';

type L = typeof Leaflet;

const EMPTY: GeoJsonFeatureCollection = { type: 'FeatureCollection', features: [] };

/** Leaflet, then leaflet-draw (a plugin that extends the global `L`). */
async function loadLeafletDraw(): Promise<L> {
  const mod = await import('leaflet');
  const L = (mod as { default?: L }).default ?? mod;
  (globalThis as { L?: L }).L = L;
  await import('leaflet-draw');
  return L;
}

function styleOf(color: string): Leaflet.PathOptions {
  return { color, weight: 3, fillOpacity: 0.25 };
}

/**
 * The Leaflet drawing map (loaded lazily by `DrawMap`): leaflet-draw's toolbar limited to the shape asked for,
 * every Leaflet object made once and removed by reference, the drawn shapes given back as a GeoJSON feature
 * collection in EPSG:4326 after each create, edit or delete.
 */
export default function DrawMapCanvas(props: DrawMapProps) {
  const { value, shape, color = '#1a56db', reference, label, maxFeatures, readOnly } = props;
  const box = useRef<HTMLDivElement>(null);
  const state = useRef<{ L?: L; map?: Leaflet.Map; items?: Leaflet.FeatureGroup; ref?: Leaflet.GeoJSON }>({});
  /** the collection last given to onChange, so that it is not drawn again when it comes back as `value` */
  const emitted = useRef<string>('');
  const attachTiles = useTileLayer();
  const { locale } = useIntl();
  const latest = useRef({ ...props, locale });
  useEffect(() => {
    latest.current = { ...props, locale };
  });

  const showValue = (collection: GeoJsonFeatureCollection | null, fit: boolean) => {
    const { L, map, items } = state.current;
    if (!L || !map || !items) return;
    items.clearLayers();
    const paint = latest.current.color ?? '#1a56db';
    L.geoJSON((collection ?? EMPTY) as GeoJSON.FeatureCollection, {
      style: () => styleOf(paint),
      pointToLayer: (_f, at) => L.marker(at, { icon: markerIcon(L), keyboard: true }),
    }).eachLayer((layer) => items.addLayer(layer));
    const bounds = items.getBounds();
    if (fit && bounds.isValid()) map.fitBounds(bounds, { maxZoom: 16 });
  };

  useEffect(() => {
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    void loadLeafletDraw().then((L) => {
      if (cancelled || !box.current) return;
      const first = latest.current;
      applyDrawLocale(L, first.locale);
      const map = L.map(box.current, {
        center: [first.center?.lat ?? 38.02, first.center?.lng ?? 23.8],
        zoom: first.zoom ?? 7,
      });
      const detachTiles = attachTiles(L, map);
      const items = new L.FeatureGroup();
      map.addLayer(items);
      state.current = { L, map, items };
      drawReference(first.reference ?? null);
      showValue(first.value, true);
      emitted.current = JSON.stringify(first.value ?? EMPTY);

      let control: Leaflet.Control.Draw | undefined;
      if (!first.readOnly) {
        const kind = first.shape;
        const may = (k: string) => kind === 'any' || kind === k;
        const paint = styleOf(first.color ?? '#1a56db');
        control = new L.Control.Draw({
          position: 'topleft',
          draw: {
            polygon: may('polygon')
              ? { allowIntersection: false, showArea: true, shapeOptions: paint }
              : false,
            rectangle: may('polygon') ? { shapeOptions: paint, showArea: true } : false,
            polyline: may('line') ? { shapeOptions: paint } : false,
            marker: may('point') ? { icon: markerIcon(L) } : false,
            circle: false,
            circlemarker: false,
          },
          edit: { featureGroup: items, remove: true },
        });
        map.addControl(control);
      }

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
      const onCreated = (event: Leaflet.LeafletEvent) => {
        const max = latest.current.maxFeatures;
        if (max && items.getLayers().length >= max) {
          latest.current.onRefused?.();
          return;
        }
        items.addLayer((event as Leaflet.DrawEvents.Created).layer);
        emit();
      };
      map.on(L.Draw.Event.CREATED, onCreated);
      map.on(L.Draw.Event.EDITED, emit);
      map.on(L.Draw.Event.DELETED, emit);
      cleanup = () => {
        map.off(L.Draw.Event.CREATED, onCreated);
        map.off(L.Draw.Event.EDITED, emit);
        map.off(L.Draw.Event.DELETED, emit);
        if (control) map.removeControl(control);
        detachTiles();
        map.remove();
      };
    });
    return () => {
      cancelled = true;
      cleanup?.();
      state.current = {};
    };
    // The map is made once; later changes of the props go through the effects below.
  }, [attachTiles]);

  function drawReference(collection: GeoJsonFeatureCollection | null) {
    const { L, map } = state.current;
    if (!L || !map) return;
    state.current.ref?.remove();
    state.current.ref = undefined;
    if (!collection || collection.features.length === 0) return;
    const layer = L.geoJSON(collection as GeoJSON.FeatureCollection, {
      style: () => ({ color: '#4a5568', weight: 2, dashArray: '6 4', fill: false, interactive: false }),
    }).addTo(map);
    state.current.ref = layer;
    if (!latest.current.value?.features.length) map.fitBounds(layer.getBounds(), { maxZoom: 16 });
  }

  const valueKey = JSON.stringify(value ?? EMPTY);
  useEffect(() => {
    if (valueKey === emitted.current) return;
    emitted.current = valueKey;
    showValue(JSON.parse(valueKey) as GeoJsonFeatureCollection, true);
  }, [valueKey]);

  const referenceKey = JSON.stringify(reference ?? null);
  useEffect(() => {
    drawReference(JSON.parse(referenceKey) as GeoJsonFeatureCollection | null);
  }, [referenceKey]);

  useEffect(() => {
    state.current.items?.setStyle(styleOf(color));
  }, [color]);

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

function markerIcon(L: L): Leaflet.DivIcon {
  return L.divIcon({ className: 'ag-map-marker', iconSize: [22, 22], iconAnchor: [11, 22] });
}
