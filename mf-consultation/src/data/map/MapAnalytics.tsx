import { useMemo, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { AREA_FILTER_LIMITS, parseAreaFilter, type AreaPolygon } from '@agora/contracts';
import { useApiGetWithin, useNotify, type LeafletMapHandle } from '@agora/platform';
import type { QuestionnaireTopic } from '../../questionnaire/types';
import { areaFilterAtom, withinOf } from '../areaFilter';
import { POINTS_PATH, ZONES_PATH } from './api';
import { useClusterLayer } from './clusterLayer';
import { useAreaFilterDraw, type FilterRefusal } from './filterDraw';
import { useHeatLayer } from './heatLayer';
import { coordsOf, countOf } from './points';
import { ZonesTable } from './ZonesTable';
import { useZoneLabels } from './zoneLabels';
import './map.css';

/** How the answers are shown on the map: each one, as clusters, or as a heat map. */
export type MapView = 'answers' | 'clusters' | 'heat';
export const MAP_VIEWS: readonly MapView[] = ['answers', 'clusters', 'heat'];

/** The `{filter}` of the project's requests' `/within/{filter}` form: only experts and staff (`enabled`) filter. */
export function useAreaWithin(project: string, enabled: boolean): string | null {
  const filter = useAtomValue(areaFilterAtom);
  return enabled ? withinOf(filter, project) : null;
}

/** Typed vertices, one `lon, lat` (or `lon lat`) a line, as a filter polygon; null when they do not make one. */
export function typedPolygon(text: string): AreaPolygon | null {
  const vertices = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/[\s,;]+/).join(','));
  const parsed = parseAreaFilter(vertices.join('_'));
  return parsed.ok && parsed.polygons.length === 1 ? parsed.polygons[0]! : null;
}

export interface MapAnalytics {
  /** how the answers are shown: the plain answers layer only in the 'answers' view */
  view: MapView;
  /** the panel for the aside (null for a normal participant) */
  panel: React.ReactNode;
}

/**
 * The experts' and staff's analysis on the questionnaire map (issue 12): the drawn-area filter (leaflet-draw,
 * or typed vertices), the answers as clusters or a heat map per attribute, and the counts per zone as labels and
 * a table. A normal participant (`enabled` false) gets none of it and no request is made.
 */
export function useMapAnalytics(
  handle: LeafletMapHandle | null,
  project: string,
  topics: readonly QuestionnaireTopic[],
  enabled: boolean,
  initialView: MapView = 'answers',
): MapAnalytics {
  const intl = useIntl();
  const notify = useNotify();
  const [filter, setFilter] = useAtom(areaFilterAtom);
  const within = enabled ? withinOf(filter, project) : null;
  const polygons = useMemo(
    () => (filter.project === project ? filter.polygons : []),
    [filter, project],
  );
  const [view, setView] = useState<MapView>(initialView);
  const [attribute, setAttribute] = useState('');
  const once = { revalidateOnFocus: false };
  const init = { params: { path: { project } } };
  const points = useApiGetWithin(
    POINTS_PATH,
    enabled && (view !== 'answers' || within !== null) ? init : null,
    within,
    once,
  );
  const zones = useApiGetWithin(ZONES_PATH, enabled ? init : null, within, once);
  const coords = useMemo(() => coordsOf(points.data, attribute), [points.data, attribute]);
  useClusterLayer(handle, enabled && view === 'clusters' && points.data ? coords : null);
  useHeatLayer(handle, enabled && view === 'heat' && points.data ? coords : null);

  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `consultation.analytics.${id}` }, values);
  const setPolygons = (next: readonly AreaPolygon[]) => setFilter({ project, polygons: next });
  useAreaFilterDraw(
    handle,
    enabled,
    filter,
    project,
    setPolygons,
    (why: FilterRefusal) => notify({ type: 'warning', body: t(`refusal.${why}`) }),
    intl.locale,
  );
  useZoneLabels(handle, enabled ? (zones.data?.zones ?? null) : null, topics, polygons, t('suppressedShort'));

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const topic of topics) for (const a of topic.attributes) map.set(a.token, a.name);
    return map;
  }, [topics]);

  if (!enabled) return { view: 'answers', panel: null };
  const panel = (
    <section className="cons-aside-block cons-analytics" aria-labelledby="cons-analytics-title" data-testid="map-analytics">
      <h2 id="cons-analytics-title" className="cons-subtitle">
        {t('title')}
      </h2>
      <FilterBlock
        polygons={polygons}
        inside={within && points.data ? countOf(points.data) : null}
        onClear={() => setPolygons([])}
        onAdd={(ring) => setPolygons([...polygons, ring])}
      />
      <fieldset className="cons-analytics-views" data-testid="map-views">
        <legend className="cons-subtitle">{t('view.title')}</legend>
        {MAP_VIEWS.map((v) => (
          <label key={v} className="cons-check">
            <input
              type="radio"
              name="cons-map-view"
              value={v}
              checked={view === v}
              onChange={() => setView(v)}
              data-testid={`map-view-${v}`}
            />
            {t(`view.${v}`)}
          </label>
        ))}
      </fieldset>
      {view !== 'answers' && (
        <div className="cons-analytics-attribute">
          <label className="ag-field-label" htmlFor="cons-analytics-attribute">
            {t('attribute')}
          </label>
          <select
            id="cons-analytics-attribute"
            className="ag-input"
            value={attribute}
            onChange={(e) => setAttribute(e.target.value)}
            data-testid="map-attribute"
          >
            <option value="">{t('attributeAll')}</option>
            {(points.data?.attributes ?? []).map((a) => (
              <option key={a.attribute} value={a.attribute}>
                {t('attributeItem', { name: names.get(a.attribute) ?? a.attribute, count: a.count })}
              </option>
            ))}
          </select>
          {points.error && (
            <p className="cons-hint" role="alert">
              {t('pointsFailed')}
            </p>
          )}
        </div>
      )}
      <ZonesTable zones={zones.data} failed={!!zones.error} />
    </section>
  );
  return { view, panel };
}

interface FilterBlockProps {
  polygons: readonly AreaPolygon[];
  /** the answers inside the filter, once known */
  inside: number | null;
  onClear: () => void;
  onAdd: (ring: AreaPolygon) => void;
}

/** The filter's summary, its clear button and the typed polygon (the way without a mouse). */
function FilterBlock({ polygons, inside, onClear, onAdd }: FilterBlockProps) {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState(false);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `consultation.analytics.filter.${id}` }, values);
  const full = polygons.length >= AREA_FILTER_LIMITS.maxPolygons;
  const add = () => {
    const ring = typedPolygon(typed);
    setWrong(!ring);
    if (!ring) return;
    onAdd(ring);
    setTyped('');
  };
  return (
    <div className="cons-analytics-filter">
      <p role="status" data-testid="filter-summary">
        {polygons.length === 0
          ? t('none')
          : inside === null
            ? t('areas', { areas: polygons.length })
            : t('summary', { areas: polygons.length, answers: inside })}
      </p>
      <p className="cons-hint">{t('help')}</p>
      <button
        type="button"
        className="ag-button"
        disabled={polygons.length === 0}
        onClick={onClear}
        data-testid="filter-clear"
      >
        {t('clear')}
      </button>
      <details className="cons-analytics-typed">
        <summary>{t('typeTitle')}</summary>
        <label className="ag-field-label" htmlFor="cons-filter-typed">
          {t('typeLabel')}
        </label>
        <textarea
          id="cons-filter-typed"
          className="ag-input"
          rows={4}
          value={typed}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? 'cons-filter-typed-error' : undefined}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="filter-typed"
        />
        {wrong && (
          <p id="cons-filter-typed-error" className="ag-field-error" role="alert">
            {t('typeWrong')}
          </p>
        )}
        <button
          type="button"
          className="ag-button"
          disabled={full || typed.trim() === ''}
          onClick={add}
          data-testid="filter-typed-add"
        >
          {t('typeAdd')}
        </button>
      </details>
    </div>
  );
}
