// The questionnaire map's layers, each an effect over the one map of the screen (`useLeafletMap`): every Leaflet
// object made once per change of its inputs and removed by reference in the cleanup.
import { useCallback, useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import type { GeoJsonGeometry, LatLng, WmsService } from '@agora/contracts';
import {
  drawnGeometry,
  setUpDraw,
  type DrawHandler,
  useLeafletDraw,
  type LeafletMapHandle,
  type LeafletModule,
} from '@agora/platform';
import type { Draft } from './draft';
import type {
  AnswerCollection,
  AnswerFeature,
  AnswerLayer,
  QuestionnaireAttribute,
  QuestionnaireTopic,
} from './types';

const DEFAULT_COLOR = '#1a56db';

/** The latest value of a callback, for handlers made once. */
export function useLatest<T>(value: T): { current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** A stable function that calls the latest `fn` (for listeners added once). */
export function useLatestCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const ref = useLatest(fn);
  return useCallback((...args: A) => ref.current(...args), [ref]);
}

/** A marker icon: the attribute's library marker, or a pin in its colour. */
export function markerIcon(
  L: LeafletModule,
  attribute?: QuestionnaireAttribute,
): Leaflet.Icon | Leaflet.DivIcon {
  if (attribute?.icon) return L.icon({ iconUrl: attribute.icon, iconSize: [32, 32], iconAnchor: [16, 32] });
  const color = attribute?.geom_color || DEFAULT_COLOR;
  return L.divIcon({
    className: 'ag-map-marker',
    iconSize: [22, 22],
    iconAnchor: [11, 22],
    html: `<span style="display:block;width:100%;height:100%;border-radius:50% 50% 50% 0;background:${color}"></span>`,
  });
}

/** The project's WMS services as overlays, in a layer control (titles as the layers' names). */
export function useWmsLayers(handle: LeafletMapHandle | null, wms: readonly WmsService[]): void {
  const key = JSON.stringify(wms);
  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const rows = (JSON.parse(key) as WmsService[]).filter((s) => s.WMSurl.trim() && s.layers.trim());
    if (rows.length === 0) return;
    const overlays: Record<string, Leaflet.Layer> = {};
    for (const s of rows) {
      const layer = L.tileLayer.wms(s.WMSurl.trim(), {
        layers: s.layers.trim(),
        format: 'image/png',
        transparent: true,
      });
      layer.addTo(map);
      overlays[s.title || s.layers] = layer;
    }
    const control = L.control.layers({}, overlays, { collapsed: true, position: 'topright' }).addTo(map);
    return () => {
      control.remove();
      for (const layer of Object.values(overlays)) layer.remove();
    };
  }, [handle, key]);
}

/**
 * The structure on the map: each topic's boundary (dashed, its colour), and for each visible attribute its
 * context (grey) and predefined features (its colour; clicking one picks it while answering).
 */
export function useStructureLayers(
  handle: LeafletMapHandle | null,
  topics: readonly QuestionnaireTopic[],
  hidden: ReadonlySet<string>,
  onPredefined: (attribute: string, id: number) => void,
): void {
  const pick = useLatest(onPredefined);
  const hiddenKey = [...hidden].sort().join(',');
  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const group = L.featureGroup().addTo(map);
    for (const topic of topics) {
      if (topic.boundary)
        L.geoJSON(topic.boundary as GeoJSON.Geometry, {
          style: () => ({ color: topic.geom_color || '#4a5568', weight: 2, dashArray: '6 4', fill: false }),
          interactive: false,
        }).addTo(group);
      for (const attribute of topic.attributes) {
        if (hidden.has(attribute.token)) continue;
        if (attribute.has_context && attribute.context?.features.length)
          L.geoJSON(attribute.context as GeoJSON.FeatureCollection, {
            style: () => ({ color: '#718096', weight: 2, fillOpacity: 0.1 }),
            pointToLayer: (_f, at) => L.circleMarker(at, { radius: 5, color: '#718096' }),
            interactive: false,
          }).addTo(group);
        if (attribute.has_predefined && attribute.predefined?.features.length)
          L.geoJSON(attribute.predefined as GeoJSON.FeatureCollection, {
            style: () => ({ color: attribute.geom_color || DEFAULT_COLOR, weight: 3, fillOpacity: 0.15 }),
            pointToLayer: (_f, at) =>
              L.circleMarker(at, { radius: 7, color: attribute.geom_color || DEFAULT_COLOR }),
            onEachFeature: (feature, layer) =>
              layer.on('click', () => {
                if (typeof feature.id === 'number') pick.current(attribute.token, feature.id);
              }),
          }).addTo(group);
      }
    }
    return () => {
      group.remove();
    };
    // hiddenKey stands for `hidden`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, topics, hiddenKey, pick]);
}

/**
 * Above this many answers on the map they are drawn on one shared canvas (points as circle markers) instead of
 * one DOM element each: thousands of markers make panning stutter.
 */
export const CANVAS_ANSWERS = 500;

/**
 * The answers of the checked layers, styled by their attribute (colour, marker icon), without the hidden
 * attributes'; a click (or Enter on a marker) opens the answer. The map element carries `data-answers-drawn`,
 * the number of answers drawn, once they are on the map.
 */
export function useAnswerLayers(
  handle: LeafletMapHandle | null,
  shown: ReadonlyArray<{ layer: AnswerLayer; collection: AnswerCollection | undefined }>,
  attributes: ReadonlyMap<string, { attribute: QuestionnaireAttribute; topic: QuestionnaireTopic }>,
  hidden: ReadonlySet<string>,
  onOpen: (feature: AnswerFeature) => void,
): void {
  const open = useLatest(onOpen);
  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const group = L.featureGroup().addTo(map);
    const seen = new Set<string>();
    const features: AnswerFeature[] = [];
    for (const { collection } of shown) {
      for (const feature of collection?.features ?? []) {
        if (!feature.geometry || hidden.has(feature.properties.attribute) || seen.has(feature.id)) continue;
        seen.add(feature.id);
        features.push(feature);
      }
    }
    const canvas = features.length > CANVAS_ANSWERS ? L.canvas({ padding: 0.5 }) : null;
    for (const feature of features) {
      const entry = attributes.get(feature.properties.attribute);
      const color = entry?.attribute.geom_color || entry?.topic.geom_color || DEFAULT_COLOR;
      const name = entry?.attribute.name ?? '';
      const weight = feature.properties.isOwner ? 4 : 3;
      L.geoJSON(feature as unknown as GeoJSON.Feature, {
        ...(canvas ? { renderer: canvas } : {}),
        style: () => ({ color, weight, fillOpacity: 0.3 }),
        pointToLayer: (_f, at) =>
          canvas
            ? L.circleMarker(at, { renderer: canvas, radius: 6, color, weight: weight - 2, fillOpacity: 0.7 })
            : L.marker(at, { icon: markerIcon(L, entry?.attribute), keyboard: true, title: name, alt: name }),
        onEachFeature: (_f, layer) => {
          layer.on('click', () => open.current(feature));
          layer.on('keypress', (e) => {
            if ((e as Leaflet.LeafletKeyboardEvent).originalEvent.key === 'Enter') open.current(feature);
          });
        },
      }).addTo(group);
    }
    const element = map.getContainer();
    element.dataset['answersDrawn'] = String(features.length);
    return () => {
      group.remove();
      delete element.dataset['answersDrawn'];
    };
  }, [handle, shown, attributes, hidden, open]);
}

/**
 * Drawing with the mouse: leaflet-draw's handler for the shape (marker, polyline, polygon), enabled while
 * `drawing` is set; each finished shape is handed to `onShape` and the handler starts again. leaflet-draw is
 * loaded when `prepare` (a task has started: the participant is about to draw) or `drawing` is first set, not with
 * the map. While the handler is on, the map's element has `data-mouse-drawing` (the shape).
 */
export function useMouseDrawing(
  handle: LeafletMapHandle | null,
  drawing: { shape: 'point' | 'line' | 'polygon'; attribute: QuestionnaireAttribute; color: string } | null,
  onShape: (geometry: GeoJsonGeometry) => void,
  locale: string,
  prepare = false,
): void {
  const done = useLatest(onShape);
  const shape = drawing?.shape;
  const attribute = drawing?.attribute;
  const color = drawing?.color;
  const tools = useLeafletDraw(handle, prepare || drawing !== null);
  useEffect(() => {
    if (!tools || !shape || !attribute) return;
    const paint = { color: color || DEFAULT_COLOR, weight: 3, fillOpacity: 0.25 };
    const handler: DrawHandler =
      shape === 'point'
        ? { tool: 'marker', options: { icon: markerIcon(tools.L, attribute) as Leaflet.Icon } }
        : shape === 'line'
          ? { tool: 'polyline', options: { shapeOptions: paint } }
          : { tool: 'polygon', options: { allowIntersection: false, showArea: true, shapeOptions: paint } };
    const undraw = setUpDraw(tools, {
      locale,
      handler: { ...handler, mouseOnly: true },
      onCreated: (layer) => {
        const geometry = drawnGeometry(layer);
        if (geometry) done.current(geometry);
      },
    });
    const element = tools.map.getContainer();
    element.dataset['mouseDrawing'] = shape;
    return () => {
      undraw();
      delete element.dataset['mouseDrawing'];
    };
  }, [tools, shape, attribute, color, done, locale]);
}

/** How the shape being drawn may be changed with the mouse: its vertices dragged, or moved as a whole. */
export type DraftEditing = 'vertices' | 'move' | 'none';

/**
 * The shape drawn without a mouse (or being edited): its line or polygon, a handle per vertex (the selected one
 * larger), draggable as `editing` allows.
 */
export function useDraftLayer(
  handle: LeafletMapHandle | null,
  draft: Draft | null,
  color: string,
  editing: DraftEditing,
  onVertex: (index: number, at: LatLng) => void,
  onMove: (by: { lat: number; lng: number }) => void,
): void {
  const vertexMoved = useLatest(onVertex);
  const moved = useLatest(onMove);
  useEffect(() => {
    if (!handle || !draft || draft.vertices.length === 0) return;
    const { L, map } = handle;
    const group = L.featureGroup().addTo(map);
    const at = draft.vertices.map((v) => L.latLng(v.lat, v.lng));
    const paint = { color: color || DEFAULT_COLOR, weight: 3, fillOpacity: 0.25, interactive: false };
    if (draft.shape === 'line' && at.length > 1) L.polyline(at, paint).addTo(group);
    if (draft.shape === 'polygon' && at.length > 1)
      (at.length > 2 ? L.polygon(at, paint) : L.polyline(at, paint)).addTo(group);
    at.forEach((point, i) => {
      const selected = draft.selected === i;
      const vertex = L.marker(point, {
        icon: L.divIcon({
          className: `cons-vertex${selected ? ' is-selected' : ''}`,
          iconSize: selected ? [18, 18] : [12, 12],
        }),
        draggable: editing !== 'none',
        keyboard: false,
      }).addTo(group);
      vertex.on('dragend', () => {
        const to = vertex.getLatLng();
        if (editing === 'vertices') vertexMoved.current(i, { lat: to.lat, lng: to.lng });
        else moved.current({ lat: to.lat - point.lat, lng: to.lng - point.lng });
      });
    });
    return () => {
      group.remove();
    };
  }, [handle, draft, color, editing, vertexMoved, moved]);
}
