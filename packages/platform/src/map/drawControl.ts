// The one way the site wires leaflet-draw onto a map made by `useLeafletMap({ draw: true })`: its texts in the
// user's language, a toolbar (or one tool's handler without a toolbar), the created, edited and deleted events,
// and a clean-up that takes all of it off by reference.
import type * as Leaflet from 'leaflet';
import type { GeoJsonGeometry } from '@agora/contracts';
import { applyDrawLocale } from './drawLocal';
import type { LeafletMapHandle, LeafletModule } from './leafletMap';

/** The site's colour of drawn shapes when none is given. */
export const DRAW_COLOR = '#1a56db';

/** The site's map pin (`ag-map-marker`), the marker tool's and drawn points' icon. */
export function pinIcon(L: LeafletModule): Leaflet.DivIcon {
  return L.divIcon({ className: 'ag-map-marker', iconSize: [22, 22], iconAnchor: [11, 22] });
}

/** The tools of a toolbar: each one given is offered with its options, the others (and circles) are not. */
export interface DrawTools {
  polygon?: Leaflet.DrawOptions.PolygonOptions | false;
  rectangle?: Leaflet.DrawOptions.RectangleOptions | false;
  polyline?: Leaflet.DrawOptions.PolylineOptions | false;
  marker?: Leaflet.DrawOptions.MarkerOptions | false;
}

/** One tool enabled without a toolbar, enabled again after each shape. */
export type DrawHandler =
  | { tool: 'marker'; options: Leaflet.DrawOptions.MarkerOptions }
  | { tool: 'polyline'; options: Leaflet.DrawOptions.PolylineOptions }
  | { tool: 'polygon'; options: Leaflet.DrawOptions.PolygonOptions };

export interface DrawSetup {
  /** the user's language: leaflet-draw's texts ('el' Greek, otherwise English) */
  locale: string;
  /** leaflet-draw's toolbar, top left, with these tools; with `edit` also editing and deleting its shapes */
  toolbar?: { tools: DrawTools; edit?: Leaflet.FeatureGroup };
  /** or one tool's handler; `mouseOnly`: the marker that follows the mouse is hidden from the keyboard */
  handler?: DrawHandler & { mouseOnly?: boolean };
  onCreated?: (layer: Leaflet.Layer) => void;
  onEdited?: (layers: Leaflet.LayerGroup) => void;
  onDeleted?: (layers: Leaflet.LayerGroup) => void;
}

/** The geometry of a layer leaflet-draw made or edited, as GeoJSON. */
export function drawnGeometry(layer: Leaflet.Layer): GeoJsonGeometry | null {
  const feature = (layer as Leaflet.Polyline).toGeoJSON?.() as GeoJSON.Feature | undefined;
  return (feature?.geometry as GeoJsonGeometry | undefined) ?? null;
}

/**
 * leaflet-draw's marker that follows the mouse is for the mouse only: hidden from the keyboard and screen readers
 * (they have a keyboard panel of their own).
 */
function hideMouseMarker(map: Leaflet.Map): void {
  map
    .getContainer()
    .querySelectorAll<HTMLElement>('.leaflet-mouse-marker')
    .forEach((marker) => {
      marker.setAttribute('aria-hidden', 'true');
      marker.setAttribute('tabindex', '-1');
      marker.removeAttribute('role');
    });
}

function makeHandler(L: LeafletModule, map: Leaflet.Map, handler: DrawHandler): Leaflet.Draw.Feature {
  const drawMap = map as unknown as Leaflet.DrawMap;
  if (handler.tool === 'marker') return new L.Draw.Marker(drawMap, handler.options);
  if (handler.tool === 'polyline') return new L.Draw.Polyline(drawMap, handler.options);
  return new L.Draw.Polygon(drawMap, handler.options);
}

/**
 * Wires leaflet-draw onto the map as `setup` says, and answers the clean-up (for an effect's return): the events
 * off, the handler disabled, the toolbar removed. The groups of shapes stay the caller's.
 */
export function setUpDraw({ L, map }: LeafletMapHandle, setup: DrawSetup): () => void {
  applyDrawLocale(L, setup.locale);
  let control: Leaflet.Control.Draw | undefined;
  if (setup.toolbar) {
    const { tools, edit } = setup.toolbar;
    control = new L.Control.Draw({
      position: 'topleft',
      draw: {
        polygon: tools.polygon ?? false,
        rectangle: tools.rectangle ?? false,
        polyline: tools.polyline ?? false,
        marker: tools.marker ?? false,
        circle: false,
        circlemarker: false,
      },
      ...(edit ? { edit: { featureGroup: edit, remove: true } } : {}),
    });
    map.addControl(control);
  }
  const handler = setup.handler ? makeHandler(L, map, setup.handler) : undefined;
  const enable = () => {
    if (!handler) return;
    handler.enable();
    if (setup.handler?.mouseOnly) hideMouseMarker(map);
  };
  const listeners: Array<[string, Leaflet.LeafletEventHandlerFn]> = [];
  const listen = (type: string, fn: Leaflet.LeafletEventHandlerFn) => {
    map.on(type, fn);
    listeners.push([type, fn]);
  };
  listen(L.Draw.Event.CREATED, (event) => {
    setup.onCreated?.((event as Leaflet.DrawEvents.Created).layer);
    enable();
  });
  const { onEdited, onDeleted } = setup;
  if (onEdited) listen(L.Draw.Event.EDITED, (event) => onEdited((event as Leaflet.DrawEvents.Edited).layers));
  if (onDeleted)
    listen(L.Draw.Event.DELETED, (event) => onDeleted((event as Leaflet.DrawEvents.Deleted).layers));
  enable();
  return () => {
    for (const [type, fn] of listeners) map.off(type, fn);
    handler?.disable();
    if (control) map.removeControl(control);
  };
}
