import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLeafletMap } from '@agora/platform';
import type { PublishedResults } from './results';

/** The collections' colours, in turn (each with a dark outline, readable on the base tiles). */
export const COLLECTION_COLOURS = ['#1f6fb2', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0f766e'];

const colourOf = (index: number) => COLLECTION_COLOURS[index % COLLECTION_COLOURS.length]!;

/** The first view of a project without a centre of its own: Athens. */
const ATHENS = { lat: 37.98, lng: 23.73 };

/** The topics' boundaries: an outline, not filled, under the points. */
const BOUNDARY_STYLE = { color: '#1b1b1b', weight: 2, dashArray: '6 4', fill: false, interactive: false };

/**
 * The published (generalised) answers of every collection on the site's map, one colour per collection, inside
 * the outlines of the project's topics, with a legend that names each colour and its number of points and the
 * outline. The points are the open data's, never the answers.
 */
export function ResultsMap({ area, collections }: Pick<PublishedResults, 'area' | 'collections'>) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const handle = useLeafletMap(box, { center: area.center ?? ATHENS, zoom: area.zoom });

  useEffect(() => {
    if (!handle) return;
    const { L, map } = handle;
    const layer = L.featureGroup();
    for (const topic of area.topics)
      L.geoJSON(topic.boundary as GeoJSON.Geometry, { style: BOUNDARY_STYLE }).addTo(layer);
    collections.forEach((c, index) => {
      for (const f of c.features) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        L.circleMarker([lat, lng], {
          radius: 6,
          color: '#1b1b1b',
          weight: 1,
          fillColor: colourOf(index),
          fillOpacity: 0.85,
          interactive: false,
        }).addTo(layer);
      }
    });
    layer.addTo(map);
    const bounds = layer.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { maxZoom: 16, padding: [16, 16] });
    return () => {
      layer.remove();
    };
  }, [handle, area, collections]);

  const label = intl.formatMessage({ id: 'consultation.results.map' });
  return (
    <figure className="cons-results-map" data-testid="results-map">
      <div ref={box} className="ag-map" role="region" aria-label={label} />
      <figcaption>
        <FormattedMessage id="consultation.results.mapNote" />
        <ul className="cons-results-legend" data-testid="results-legend">
          {area.topics.length > 0 && (
            <li>
              <span className="cons-results-swatch cons-results-outline" aria-hidden="true" />
              <FormattedMessage id="consultation.results.legendArea" />
            </li>
          )}
          {collections.map((c, index) => (
            <li key={c.id}>
              <span
                className="cons-results-swatch"
                style={{ background: colourOf(index) }}
                aria-hidden="true"
              />
              <FormattedMessage
                id="consultation.results.legendItem"
                values={{ name: c.title, n: c.features.length }}
              />
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
