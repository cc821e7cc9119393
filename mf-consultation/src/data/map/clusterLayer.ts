// The answers' points as clusters (supercluster): the index is built once per set of points, and the clusters of
// the view are drawn when the map stops moving, as circle markers on one canvas with their counts as labels. A
// click on a cluster zooms in until it splits.
import { useEffect, useMemo } from 'react';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import type * as Leaflet from 'leaflet';
import type { LeafletMapHandle } from '@agora/platform';
import { hasCanvas } from './points';

const COLOR = '#b45309';

/** The clustering index of the points (flat `[lon, lat, …]`). */
export function clusterIndex(coords: Float64Array): Supercluster {
  const features: Array<PointFeature<Record<string, never>>> = [];
  for (let i = 0; i + 1 < coords.length; i += 2)
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [coords[i]!, coords[i + 1]!] },
    });
  return new Supercluster({ radius: 60, maxZoom: 17 }).load(features);
}

/** A cluster's radius in pixels: grows with the logarithm of its count. */
export const clusterRadius = (count: number) => Math.min(30, 6 + 8 * Math.log10(count));

export function useClusterLayer(handle: LeafletMapHandle | null, coords: Float64Array | null): void {
  const index = useMemo(() => (coords ? clusterIndex(coords) : null), [coords]);
  useEffect(() => {
    if (!handle || !index) return;
    const { L, map } = handle;
    const renderer = hasCanvas() ? L.canvas({ padding: 0.5 }) : L.svg({ padding: 0.5 });
    const group = L.featureGroup().addTo(map);
    const draw = () => {
      group.clearLayers();
      const b = map.getBounds().pad(0.5);
      const west = Math.max(-180, b.getWest());
      const east = Math.min(180, b.getEast());
      const items = index.getClusters(
        [west, Math.max(-85, b.getSouth()), east, Math.min(85, b.getNorth())],
        Math.round(map.getZoom()),
      );
      for (const item of items) {
        const [lon, lat] = item.geometry.coordinates as [number, number];
        const props = item.properties as Partial<ClusterProperties>;
        const count = props.cluster ? (props.point_count ?? 1) : 1;
        const at = L.latLng(lat, lon);
        const circle: Leaflet.CircleMarker = L.circleMarker(at, {
          renderer,
          radius: clusterRadius(count),
          color: '#fff',
          weight: 1,
          fillColor: COLOR,
          fillOpacity: count > 1 ? 0.75 : 0.9,
        }).addTo(group);
        if (count === 1) continue;
        circle.on('click', () =>
          map.setView(at, Math.min(index.getClusterExpansionZoom(Number(props.cluster_id)), 18)),
        );
        L.marker(at, {
          icon: L.divIcon({ className: 'cons-cluster-count', html: String(count), iconSize: [40, 16] }),
          interactive: false,
          keyboard: false,
        }).addTo(group);
      }
      map.getContainer().dataset['clustersDrawn'] = String(items.length);
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      group.remove();
      // the renderer is a layer of its own: left on the map, its canvas would keep the last clusters drawn
      renderer.remove();
      delete map.getContainer().dataset['clustersDrawn'];
    };
  }, [handle, index]);
}
