// The counts per zone as labels on the map: each topic's boundary and each drawn polygon shows its answers.
import { useEffect } from 'react';
import type * as Leaflet from 'leaflet';
import type { AreaPolygon } from '@agora/contracts';
import type { LeafletMapHandle } from '@agora/platform';
import type { QuestionnaireTopic } from '../../questionnaire/types';
import type { ZoneCount } from './api';

/** A zone's count as a label: the number, or `suppressed` when it is hidden (too few respondents). */
export const zoneText = (zone: ZoneCount, suppressed: string) =>
  zone.answers === null ? suppressed : String(zone.answers);

export function useZoneLabels(
  handle: LeafletMapHandle | null,
  zones: readonly ZoneCount[] | null,
  topics: readonly QuestionnaireTopic[],
  polygons: readonly AreaPolygon[],
  suppressed: string,
): void {
  useEffect(() => {
    if (!handle || !zones) return;
    const { L, map } = handle;
    const group = L.featureGroup().addTo(map);
    for (const zone of zones) {
      let bounds: Leaflet.LatLngBounds | null = null;
      if (zone.kind === 'topic') {
        const boundary = topics.find((t) => t.token === zone.id)?.boundary;
        if (boundary) bounds = L.geoJSON(boundary as GeoJSON.Geometry).getBounds();
      } else {
        const ring = polygons[Number(zone.id) - 1];
        if (ring) bounds = L.latLngBounds(ring.map(([lon, lat]) => L.latLng(lat, lon)));
      }
      if (!bounds?.isValid()) continue;
      L.marker(bounds.getCenter(), {
        icon: L.divIcon({
          className: `cons-zone-count is-${zone.kind}`,
          html: `<span>${zoneText(zone, suppressed)}</span>`,
          iconSize: [48, 20],
        }),
        interactive: false,
        keyboard: false,
      }).addTo(group);
    }
    return () => {
      group.remove();
    };
  }, [handle, zones, topics, polygons, suppressed]);
}
