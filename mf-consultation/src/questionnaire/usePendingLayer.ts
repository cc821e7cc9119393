// The answers kept offline on the questionnaire's map (decision 0093): dashed outlines, and points as a hollow
// "pending" marker, each titled "<attribute>: not sent yet" (the text alternative); a predefined feature's answer
// has no shape of its own and is in the list only. The map's element counts them in `data-pending-drawn`.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { LeafletMapHandle, OutboxEntry } from '@agora/platform';
import { colorOf, type Entry } from './task';

export function usePendingLayer(
  handle: LeafletMapHandle | null,
  pending: readonly OutboxEntry[],
  entries: ReadonlyMap<string, Entry>,
  hidden: ReadonlySet<string>,
): void {
  const intl = useIntl();
  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const group = L.featureGroup().addTo(map);
    let drawn = 0;
    for (const kept of pending) {
      const { geometry } = kept;
      if (!geometry || !('type' in geometry) || hidden.has(kept.attribute)) continue;
      const entry = entries.get(kept.attribute);
      const color = (entry && colorOf(entry)) || '#1a56db';
      const title = intl.formatMessage(
        { id: 'consultation.outbox.mapTitle' },
        { name: entry?.attribute.name ?? '', refused: String(kept.state === 'refused') },
      );
      L.geoJSON(geometry as GeoJSON.Geometry, {
        style: () => ({ color, weight: 3, dashArray: '6 6', fillOpacity: 0.1 }),
        pointToLayer: (_f, at) =>
          L.marker(at, {
            title,
            alt: title,
            keyboard: false,
            icon: L.divIcon({
              className: 'cons-pending-marker',
              iconSize: [24, 24],
              iconAnchor: [12, 24],
              html: `<span style="border-color:${color}" aria-hidden="true">…</span>`,
            }),
          }),
        onEachFeature: (_f, layer) => {
          if (!('getLatLng' in layer)) layer.bindTooltip(title);
        },
      }).addTo(group);
      drawn += 1;
    }
    const element = map.getContainer();
    element.dataset['pendingDrawn'] = String(drawn);
    return () => {
      group.remove();
      delete element.dataset['pendingDrawn'];
    };
  }, [handle, pending, entries, hidden, intl]);
}
