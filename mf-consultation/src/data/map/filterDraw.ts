// The drawn-area filter on the map: leaflet-draw's polygon tool with edit and delete, the polygons kept in
// `areaFilterAtom` (the map draws what the atom holds, and every change on the map writes the atom).
import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import { AREA_FILTER_LIMITS, type AreaPolygon } from '@agora/contracts';
import { setUpDraw, useLeafletDraw, type LeafletMapHandle } from '@agora/platform';
import type { AreaFilter } from '../areaFilter';

export const FILTER_COLOR = '#6b21a8';
const PAINT = { color: FILTER_COLOR, weight: 2, dashArray: '4 4', fillOpacity: 0.08 };

/** A polygon layer's outer ring as filter vertices (`[lon, lat]`, open). */
export function ringOf(layer: Leaflet.Polygon): AreaPolygon {
  const rings = layer.getLatLngs() as Leaflet.LatLng[][];
  return (rings[0] ?? []).map((p) => [p.lng, p.lat] as const);
}

/** Why a change on the map was refused (said to the user). */
export type FilterRefusal = 'tooMany' | 'selfIntersection';

/** leaflet-draw adds `intersects` to polylines and polygons. */
const intersects = (layer: Leaflet.Polygon) =>
  !!(layer as Leaflet.Polygon & { intersects?: () => boolean }).intersects?.();

/**
 * The filter's draw control (experts and staff: `enabled`), top left on the map. A polygon may not cross itself
 * (refused while drawing and on edit); an eleventh one is refused.
 */
export function useAreaFilterDraw(
  map: LeafletMapHandle | null,
  enabled: boolean,
  filter: AreaFilter,
  project: string,
  onChange: (polygons: AreaPolygon[]) => void,
  onRefused: (why: FilterRefusal) => void,
  locale: string,
): void {
  // leaflet-draw, loaded for experts and staff only (a map made without `draw` gets it here)
  const handle = useLeafletDraw(map, enabled);
  const latest = useRef({ onChange, onRefused });
  useEffect(() => {
    latest.current = { onChange, onRefused };
  });
  /** the polygons last written by the map, not drawn again when they come back from the atom */
  const written = useRef('');
  const redrawRef = useRef<((rings: readonly AreaPolygon[]) => void) | null>(null);
  const mine = filter.project === project ? filter.polygons : [];
  const lastFilter = useRef(mine);
  const key = JSON.stringify(mine);

  useEffect(() => {
    if (!handle || !enabled) return;
    const { L, map } = handle;
    const group = new L.FeatureGroup().addTo(map);
    written.current = '';
    const polygons = () => group.getLayers().map((l) => ringOf(l as Leaflet.Polygon));
    const write = () => {
      const next = polygons();
      written.current = JSON.stringify(next);
      latest.current.onChange(next);
    };
    const onEdited = () => {
      const crossed = group.getLayers().some((l) => intersects(l as Leaflet.Polygon));
      if (!crossed) return write();
      // a polygon that crosses itself is not kept: the map goes back to the atom's polygons
      latest.current.onRefused('selfIntersection');
      redraw(lastFilter.current);
    };
    const redraw = (rings: readonly AreaPolygon[]) => {
      group.clearLayers();
      for (const ring of rings) {
        const layer = L.polygon(
          ring.map(([lon, lat]) => L.latLng(lat, lon)),
          PAINT,
        );
        (layer.options as { poly?: object }).poly = { allowIntersection: false };
        group.addLayer(layer);
      }
      written.current = JSON.stringify(rings);
    };
    redrawRef.current = redraw;
    const undraw = setUpDraw(handle, {
      locale,
      toolbar: {
        tools: {
          polygon: { allowIntersection: false, showArea: true, shapeOptions: PAINT },
          rectangle: { shapeOptions: PAINT, showArea: true },
        },
        edit: group,
      },
      onCreated: (created) => {
        const layer = created as Leaflet.Polygon;
        if (group.getLayers().length >= AREA_FILTER_LIMITS.maxPolygons) {
          latest.current.onRefused('tooMany');
          return;
        }
        (layer.options as { poly?: object }).poly = { allowIntersection: false };
        group.addLayer(layer);
        write();
      },
      onEdited,
      onDeleted: write,
    });
    return () => {
      undraw();
      group.remove();
      redrawRef.current = null;
    };
  }, [handle, enabled, locale]);

  // the atom's polygons on the map (after a clear, a typed polygon, or on first show)
  useEffect(() => {
    lastFilter.current = JSON.parse(key) as AreaPolygon[];
    if (key !== written.current) redrawRef.current?.(lastFilter.current);
  }, [key, handle, enabled]);
}
