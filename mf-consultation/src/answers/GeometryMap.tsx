import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import type { ChoiceOption, GeoJsonGeometry, LatLng } from '@agora/contracts';
import { drawnGeometry, pinIcon, setUpDraw, useLatestProps, useLeafletMap } from '@agora/platform';
import { styleOfChoice, type Shape, type ShapeType } from './geometry';

export interface GeometryMapProps {
  shapes: readonly Shape[];
  choices: readonly ChoiceOption[];
  /** the shape types the toolbar draws; none: read-only */
  types: readonly ShapeType[];
  readOnly: boolean;
  /** the answer's own geometry: the view when no shape is drawn */
  around: GeoJsonGeometry | null;
  /** the first view (the project's); Greece when absent */
  view?: { center: LatLng; zoom: number };
  /** true when no other shape may be drawn */
  full: boolean;
  label: string;
  onAdd(geometry: GeoJsonGeometry): void;
  onReplace(index: number, geometry: GeoJsonGeometry): void;
  onRemove(indexes: number[]): void;
  /** a shape drawn beyond the most */
  onRefused(): void;
}

const COLOR = '#1a56db';
const INDEX = '_agShape';

type Indexed = Leaflet.Layer & { [INDEX]?: number };

/**
 * The small map of a geometric kind: the drawn shapes painted by their choice, and (editable) leaflet-draw's
 * toolbar for the kind's shape types; shapes drawn, edited or deleted go back by their index.
 */
export default function GeometryMap(props: GeometryMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const handle = useLeafletMap(box, {
    center: props.view?.center ?? { lat: 38.02, lng: 23.8 },
    zoom: props.view?.zoom ?? 7,
    draw: !props.readOnly,
  });
  const items = useRef<Leaflet.FeatureGroup | null>(null);
  const latest = useLatestProps(props);

  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const first = latest.current;
    const group = new L.FeatureGroup();
    map.addLayer(group);
    items.current = group;
    if (first.around) {
      const bounds = L.geoJSON(first.around as GeoJSON.Geometry).getBounds();
      if (bounds.isValid()) map.fitBounds(bounds, { maxZoom: 16 });
    }
    if (first.readOnly) {
      return () => {
        group.remove();
        items.current = null;
      };
    }
    const may = (t: ShapeType) => first.types.includes(t);
    const paint = { color: COLOR, weight: 3 };
    const undraw = setUpDraw(handle, {
      locale: first.locale,
      toolbar: {
        tools: {
          polygon: may('Polygon') ? { allowIntersection: false, shapeOptions: paint } : false,
          polyline: may('LineString') ? { shapeOptions: paint } : false,
          marker: may('Point') ? { icon: pinIcon(L) } : false,
        },
        edit: group,
      },
      onCreated: (layer) => {
        if (latest.current.full) {
          latest.current.onRefused();
          return;
        }
        const geometry = drawnGeometry(layer);
        if (geometry) latest.current.onAdd(geometry);
      },
      onEdited: (layers) =>
        layers.eachLayer((layer) => {
          const index = (layer as Indexed)[INDEX];
          const geometry = drawnGeometry(layer);
          if (index !== undefined && geometry) latest.current.onReplace(index, geometry);
        }),
      onDeleted: (layers) => {
        const indexes: number[] = [];
        layers.eachLayer((layer) => {
          const index = (layer as Indexed)[INDEX];
          if (index !== undefined) indexes.push(index);
        });
        if (indexes.length > 0) latest.current.onRemove(indexes);
      },
    });
    return () => {
      undraw();
      group.remove();
      items.current = null;
    };
  }, [handle, latest]);

  // the shapes, drawn again whenever they (or their choices) change
  const shapesKey = JSON.stringify(props.shapes);
  useEffect(() => {
    const group = items.current;
    if (!handle || !group) return;
    const { L, map } = handle;
    group.clearLayers();
    const shapes = JSON.parse(shapesKey) as Shape[];
    shapes.forEach((shape, index) => {
      const style = styleOfChoice(
        latest.current.choices.find((c) => c.id === shape.choice),
        COLOR,
      );
      L.geoJSON(shape.geometry as GeoJSON.Geometry, {
        style: () => ({ color: style.color, fillOpacity: style.fillOpacity, weight: 3 }),
        pointToLayer: (_f, at) =>
          L.marker(at, {
            keyboard: true,
            icon: style.marker
              ? L.icon({ iconUrl: style.marker, iconSize: [26, 26], iconAnchor: [13, 26] })
              : pinIcon(L),
          }),
      }).eachLayer((layer) => {
        (layer as Indexed)[INDEX] = index;
        group.addLayer(layer);
      });
    });
    const bounds = group.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { maxZoom: 16 });
  }, [handle, latest, shapesKey]);

  return (
    <div
      ref={box}
      className="ag-map cons-ans-geom-map"
      style={{ height: 'min(300px, 50vh)' }}
      role="application"
      aria-label={props.label}
      data-testid="geometry-map"
    />
  );
}
