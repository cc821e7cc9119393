import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import { Route, Routes } from 'react-router-dom';
import { formatAreaFilter, type AreaPolygon } from '@agora/contracts';
import { useLeafletMap, type LeafletMapHandle } from '@agora/platform';
import {
  click,
  mockFetch,
  participantUser,
  renderWeb,
  type FakeCall,
  type FakeRoutes,
} from '../../../../scripts/jest/web';
import { messages } from '../../i18n';
import QuestionnairePage from '../../questionnaire/QuestionnairePage';
import { NO_ANSWERS, POINT_ATTR, PROJECT, questionnaire, TOPIC, topic } from '../../questionnaire/testData';
import { LARGE_LAYER, type Questionnaire } from '../../questionnaire/types';
import { areaFilterAtom } from '../areaFilter';
import type { PointsAnswer, ZonesAnswer } from './api';
import { typedPolygon, useMapAnalytics } from './MapAnalytics';

const LOAD = 'GET /api/data/scope/questionnaire/category/urban-mobility/project/buses';
const BASE = `/api/data/scope`;
const TRIANGLE: AreaPolygon = [
  [23.72, 37.96],
  [23.74, 37.96],
  [23.73, 37.98],
];
const WITHIN = `/within/${encodeURIComponent(formatAreaFilter([TRIANGLE]) ?? '')}`;
const geojson = (within: string, layer = 'all') => `GET ${BASE}/geojson/project/${PROJECT}${within}?layer=${layer}`;
const zones = (within: string) => `GET ${BASE}/zones/project/${PROJECT}${within}`;
const points = (within: string) => `GET ${BASE}/points/project/${PROJECT}${within}`;

const ZONES: ZonesAnswer = {
  min_cell: 5,
  suppressed: true,
  zones: [
    { kind: 'topic', id: TOPIC, label: 'Centre', answers: 120, respondents: 40, weighted: 37.5, suppressed: false },
    { kind: 'filter', id: '1', label: '1', answers: null, respondents: null, weighted: null, suppressed: true },
  ],
};

/** Points spread around the demo topic, `n` of them. */
function somePoints(n: number): PointsAnswer {
  const coords: number[] = [];
  for (let i = 0; i < n; i++) coords.push(23.72 + (i % 50) * 0.0004, 37.96 + Math.floor(i / 50) * 0.0004);
  return { attributes: [{ attribute: POINT_ATTR, count: n, coords }] };
}

function page(data: Questionnaire, routes: FakeRoutes = {}): FakeCall[] {
  return mockFetch({
    'GET /api/settings': { status: 503, body: { Error: 'service unavailable' } },
    [LOAD]: { status: 200, body: data },
    [geojson('', 'mine')]: { status: 200, body: NO_ANSWERS },
    [geojson('')]: { status: 200, body: NO_ANSWERS },
    [geojson(WITHIN)]: { status: 200, body: NO_ANSWERS },
    [zones('')]: { status: 200, body: { ...ZONES, zones: ZONES.zones.slice(0, 1), suppressed: false } },
    [zones(WITHIN)]: { status: 200, body: ZONES },
    [points('')]: { status: 200, body: somePoints(400) },
    [points(WITHIN)]: { status: 200, body: somePoints(345) },
    ...routes,
  });
}

const expert = questionnaire({ access: { role: 'expert', can_answer: true, see_all: true, answers_on_map: 0 } });

async function show() {
  return renderWeb(
    <Routes>
      <Route
        path="/participate/category/:category/project/:project"
        element={<QuestionnairePage basePath="" />}
      />
    </Routes>,
    { route: '/participate/category/urban-mobility/project/buses', user: participantUser, messages },
  );
}

/** The map needs a size to have a view to cluster (jsdom lays nothing out); undone after each test. */
function giveMapsASize() {
  for (const [key, value] of [
    ['clientWidth', 800],
    ['clientHeight', 600],
  ] as const)
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
}

const urls = (calls: FakeCall[]) => calls.map((c) => `${c.method} ${c.url}`);

describe('map analytics on the questionnaire screen', () => {
  afterEach(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it('gives a normal participant no filter control, no analysis panel and no analysis request', async () => {
    const calls = page(questionnaire({ access: { role: 'normal', can_answer: true, see_all: true, answers_on_map: 0 } }));
    await show();
    await waitFor(() => expect(document.querySelector('.leaflet-container')).toBeTruthy());
    await waitFor(() => expect(urls(calls)).toContain(geojson('', 'mine')));
    expect(screen.queryByTestId('map-analytics')).toBeNull();
    expect(document.querySelector('.leaflet-draw-draw-polygon')).toBeNull();
    expect(calls.some((c) => /\/(points|zones)\/|\/within\//.test(c.url))).toBe(false);
  });

  it('gives an expert the draw control, and the filter in the atom puts /within/ into the requests', async () => {
    const calls = page(expert);
    const { store } = await show();
    await waitFor(() => expect(document.querySelector('.leaflet-draw-draw-polygon')).toBeTruthy());
    expect(screen.getByTestId('filter-summary').textContent).toBe('No area drawn: every answer is counted.');
    expect((screen.getByTestId('filter-clear') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => store.set(areaFilterAtom, { project: PROJECT, polygons: [TRIANGLE] }));
    await waitFor(() =>
      expect(screen.getByTestId('filter-summary').textContent).toBe('1 area drawn, 345 answers inside'),
    );
    expect(urls(calls)).toEqual(expect.arrayContaining([geojson(WITHIN), zones(WITHIN), points(WITHIN)]));
    // the participant's own answers are not filtered
    expect(urls(calls)).not.toContain(geojson(WITHIN, 'mine'));

    await click(screen.getByTestId('filter-clear'));
    expect(store.get(areaFilterAtom).polygons).toEqual([]);
    expect(screen.getByTestId('filter-summary').textContent).toBe('No area drawn: every answer is counted.');
  });

  it('ignores a filter drawn on another project', async () => {
    const calls = page(expert);
    const { store } = await show();
    await waitFor(() => expect(screen.getByTestId('map-analytics')).toBeTruthy());
    await act(async () => store.set(areaFilterAtom, { project: 'another', polygons: [TRIANGLE] }));
    await waitFor(() => expect(urls(calls)).toContain(zones('')));
    expect(calls.some((c) => c.url.includes('/within/'))).toBe(false);
  });

  it('adds a typed polygon to the filter, and refuses vertices that make none', async () => {
    const calls = page(expert);
    const { store } = await show();
    await waitFor(() => expect(screen.getByTestId('map-analytics')).toBeTruthy());
    fireEvent.change(screen.getByTestId('filter-typed'), { target: { value: '23.72, 37.96\n23.74 37.96' } });
    await click(screen.getByTestId('filter-typed-add'));
    expect(screen.getByRole('alert').textContent).toMatch(/do not make an area/);
    expect(store.get(areaFilterAtom).polygons).toEqual([]);
    fireEvent.change(screen.getByTestId('filter-typed'), {
      target: { value: '23.72, 37.96\n23.74 37.96\n23.73,37.98' },
    });
    await click(screen.getByTestId('filter-typed-add'));
    expect(store.get(areaFilterAtom)).toEqual({ project: PROJECT, polygons: [TRIANGLE] });
    await waitFor(() => expect(urls(calls)).toContain(zones(WITHIN)));
  });

  it('switches the answers between each answer, clusters and the heat map, per attribute', async () => {
    giveMapsASize();
    const calls = page(expert);
    await show();
    await waitFor(() => expect(screen.getByTestId('map-analytics')).toBeTruthy());
    const radio = (v: string) => screen.getByLabelText(v) as HTMLInputElement;
    expect(radio('Each answer').checked).toBe(true);
    // no points are loaded before they are needed
    expect(urls(calls)).not.toContain(points(''));
    expect(screen.queryByTestId('map-attribute')).toBeNull();

    const map = screen.getByTestId('questionnaire-map');
    const surfaces = (m: HTMLElement) =>
      m.querySelectorAll('.leaflet-overlay-pane svg, .leaflet-overlay-pane canvas:not(.cons-heat)').length;
    const before = surfaces(map);
    await click(radio('Clusters'));
    await waitFor(() => expect(urls(calls)).toContain(points('')));
    await waitFor(() => expect(Number(map.dataset['clustersDrawn'])).toBeGreaterThan(0));
    const select = screen.getByLabelText('Answers of') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Every attribute', 'Bus stop (400)']);

    await waitFor(() => expect(map.querySelectorAll('.cons-cluster-count').length).toBeGreaterThan(0));
    await click(radio('Heat map'));
    expect(map.dataset['clustersDrawn']).toBeUndefined();
    // no cluster, nor its count, stays on the heat map
    expect(map.querySelectorAll('.cons-cluster-count')).toHaveLength(0);
    expect(map.querySelectorAll('.leaflet-interactive')).toHaveLength(0);
    // nor the surface the clusters were drawn on (a canvas keeps its last picture): only the map's own are left
    expect(surfaces(map)).toBe(before);
    expect(radio('Heat map').checked).toBe(true);

    await click(radio('Each answer'));
    expect(screen.queryByTestId('map-attribute')).toBeNull();
  });

  it('opens a layer too large to draw one by one as clusters, the layer of all answers unticked until asked', async () => {
    giveMapsASize();
    const large = questionnaire({
      access: { role: 'expert', can_answer: true, see_all: true, answers_on_map: LARGE_LAYER + 1 },
    });
    const calls = page(large);
    await show();
    await waitFor(() => expect(screen.getByTestId('map-analytics')).toBeTruthy());
    const map = screen.getByTestId('questionnaire-map');
    // the points come at once and are drawn as clusters; every answer's GeoJSON is not asked for
    await waitFor(() => expect(Number(map.dataset['clustersDrawn'])).toBeGreaterThan(0));
    expect((screen.getByLabelText('Clusters') as HTMLInputElement).checked).toBe(true);
    const all = screen.getByTestId('layer-all') as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(urls(calls)).not.toContain(geojson(''));
    expect(screen.getByTestId('layer-all-large').textContent).toBe(
      '5,001 answers: too many to draw one by one, so the map shows them as clusters. Tick “All answers” to draw each one.',
    );
    // ticking the layer draws each answer
    await click(all);
    await waitFor(() => expect(urls(calls)).toContain(geojson('')));
    expect(screen.queryByTestId('layer-all-large')).toBeNull();
  });

  it('draws each answer of a layer of up to LARGE_LAYER answers at first', async () => {
    const calls = page(
      questionnaire({ access: { role: 'expert', can_answer: true, see_all: true, answers_on_map: LARGE_LAYER } }),
    );
    await show();
    await waitFor(() => expect(urls(calls)).toContain(geojson('')));
    expect((screen.getByTestId('layer-all') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Each answer') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('layer-all-large')).toBeNull();
    expect(urls(calls)).not.toContain(points(''));
  });

  it('shows the counts per zone as a table and as labels, hidden cells and the suppression note', async () => {
    page(expert);
    const { store } = await show();
    await waitFor(() => expect(screen.getByTestId('zones-table')).toBeTruthy());
    const row = (id: string) => [...screen.getByTestId(id).children].map((c) => c.textContent);
    expect(row(`zone-topic-${TOPIC}`)).toEqual(['Centre', '120', '40', '37.5']);
    expect(screen.queryByTestId('zones-suppressed')).toBeNull();
    await act(async () => store.set(areaFilterAtom, { project: PROJECT, polygons: [TRIANGLE] }));
    await waitFor(() => expect(screen.getByTestId('zone-filter-1')).toBeTruthy());
    expect(row('zone-filter-1')).toEqual(['Drawn area 1', 'hidden', 'hidden', 'hidden']);
    expect(screen.getByTestId('zones-suppressed').textContent).toBe(
      'Counts of fewer than 5 respondents are hidden.',
    );
    await waitFor(() =>
      expect([...document.querySelectorAll('.cons-zone-count')].map((e) => e.textContent)).toEqual([
        '120',
        '< min',
      ]),
    );
  });
});

/** The analysis on a bare map, to draw on it as leaflet-draw does. */
function Harness({ onMap }: { onMap: (handle: LeafletMapHandle) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const handle = useLeafletMap(box, { center: { lat: 37.97, lng: 23.73 }, zoom: 14, draw: true });
  const analytics = useMapAnalytics(handle, PROJECT, [topic()], true);
  useEffect(() => {
    if (handle) onMap(handle);
  }, [handle, onMap]);
  return (
    <>
      <div ref={box} style={{ width: 400, height: 300 }} />
      {analytics.panel}
    </>
  );
}

describe('the drawn-area filter control', () => {
  it('writes the polygons drawn, edited and deleted on the map into the atom', async () => {
    const calls = page(expert);
    let handle: LeafletMapHandle | null = null;
    const { store } = await renderWeb(<Harness onMap={(h) => (handle = h)} />, {
      user: participantUser,
      messages,
    });
    await waitFor(() => expect(handle).not.toBeNull());
    const { L, map } = handle!;
    const polygon = L.polygon(TRIANGLE.map(([lon, lat]) => L.latLng(lat, lon)));
    await act(async () => {
      map.fire(L.Draw.Event.CREATED, { layer: polygon, layerType: 'polygon' });
    });
    expect(store.get(areaFilterAtom)).toEqual({ project: PROJECT, polygons: [TRIANGLE] });
    await waitFor(() => expect(urls(calls)).toContain(zones(WITHIN)));
    expect(screen.getByTestId('filter-summary').textContent).toMatch(/^1 area drawn/);

    // an edit that makes the polygon cross itself is undone
    polygon.setLatLngs([
      [37.96, 23.72],
      [37.98, 23.74],
      [37.96, 23.74],
      [37.98, 23.72],
    ]);
    await act(async () => {
      map.fire(L.Draw.Event.EDITED, { layers: L.layerGroup([polygon]) });
    });
    expect(formatAreaFilter(store.get(areaFilterAtom).polygons)).toBe(formatAreaFilter([TRIANGLE]));

    // leaflet-draw's delete takes the polygon out of the control's group, then says so
    const groups: Leaflet.FeatureGroup[] = [];
    map.eachLayer((layer) => {
      if (layer instanceof L.FeatureGroup && layer.getLayers().some((l) => l instanceof L.Polygon))
        groups.push(layer);
    });
    expect(groups).toHaveLength(1);
    groups[0]!.clearLayers();
    await act(async () => {
      map.fire(L.Draw.Event.DELETED, { layers: L.layerGroup([]) });
    });
    expect(store.get(areaFilterAtom).polygons).toEqual([]);
  });

  it('keeps at most 10 areas: an eleventh drawn is refused', async () => {
    page(expert);
    let handle: LeafletMapHandle | null = null;
    const { store } = await renderWeb(<Harness onMap={(h) => (handle = h)} />, {
      user: participantUser,
      messages,
    });
    await waitFor(() => expect(handle).not.toBeNull());
    const { L, map } = handle!;
    for (let i = 0; i < 11; i++) {
      const ring = TRIANGLE.map(([lon, lat]) => L.latLng(lat + i * 0.03, lon));
      await act(async () => {
        map.fire(L.Draw.Event.CREATED, { layer: L.polygon(ring), layerType: 'polygon' });
      });
    }
    expect(store.get(areaFilterAtom).polygons).toHaveLength(10);
    expect(screen.getByTestId('filter-summary').textContent).toMatch(/^10 areas drawn/);
  });

  it('reads typed vertices as one polygon', () => {
    expect(typedPolygon('23.72,37.96\n 23.74 37.96 \n23.73; 37.98\n')).toEqual(TRIANGLE);
    expect(typedPolygon('23.72,37.96\n23.74,37.96')).toBeNull();
    expect(typedPolygon('x,y\n1,2\n3,4')).toBeNull();
  });
});
