import { act, screen, waitFor } from '@testing-library/react';
import type * as Leaflet from 'leaflet';
import { loadLeafletDraw } from '@agora/platform';
import { mockFetch, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import GeometryMap, { type GeometryMapProps } from './GeometryMap';
import type { Shape } from './geometry';

const maps: Leaflet.Map[] = [];
let hooked = false;
const LINE = {
  type: 'LineString' as const,
  coordinates: [
    [23.7, 37.9],
    [23.8, 38],
  ],
};

async function show(props: Partial<GeometryMapProps> = {}) {
  const L = await loadLeafletDraw();
  if (!hooked) {
    hooked = true;
    L.Map.addInitHook(function (this: Leaflet.Map) {
      maps.push(this);
    });
  }
  const handlers = { onAdd: jest.fn(), onReplace: jest.fn(), onRemove: jest.fn(), onRefused: jest.fn() };
  const shapes: Shape[] = [
    { geometry: { type: 'Point', coordinates: [23.73, 37.97] }, choice: 'tree' },
    { geometry: LINE, choice: 'bench' },
  ];
  await renderWeb(
    <GeometryMap
      shapes={shapes}
      choices={[
        { id: 'bench', label: 'Bench', color: '#00aa00' },
        { id: 'tree', label: 'Tree', marker: '/tree.png' },
      ]}
      types={['Point', 'LineString', 'Polygon']}
      readOnly={false}
      around={null}
      full={false}
      label="Map: Places"
      {...handlers}
      {...props}
    />,
    { messages, locale: 'en' },
  );
  await waitFor(() => expect(document.querySelector('.leaflet-marker-icon')).not.toBeNull());
  return { L, map: maps[maps.length - 1]!, handlers };
}

describe('GeometryMap', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/settings': { status: 503, body: { Error: 'service unavailable' } } });
  });

  it('paints the shapes by their choice, with the toolbar, and gives a drawn shape back', async () => {
    const { L, map, handlers } = await show();
    expect(screen.getByRole('application', { name: 'Map: Places' })).toBeTruthy();
    expect((document.querySelector('img.leaflet-marker-icon') as HTMLImageElement).src).toContain(
      '/tree.png',
    );
    expect(document.querySelector('path')?.getAttribute('stroke')).toBe('#00aa00');
    expect(document.querySelector('.leaflet-draw')).not.toBeNull();
    const layer = L.polyline([
      [38, 23],
      [38.1, 23.1],
    ]);
    act(() => {
      map.fire(L.Draw.Event.CREATED, { layer, layerType: 'polyline' });
    });
    expect(handlers.onAdd).toHaveBeenCalledWith({
      type: 'LineString',
      coordinates: [
        [23, 38],
        [23.1, 38.1],
      ],
    });
  });

  it('refuses a shape drawn when full and gives deleted shapes back by their index', async () => {
    const { L, map, handlers } = await show({ full: true });
    act(() => {
      map.fire(L.Draw.Event.CREATED, { layer: L.marker([38, 23]), layerType: 'marker' });
    });
    expect(handlers.onRefused).toHaveBeenCalled();
    expect(handlers.onAdd).not.toHaveBeenCalled();
    const drawn: Leaflet.Layer[] = [];
    map.eachLayer((layer) => {
      if (layer instanceof L.Polyline) drawn.push(layer);
    });
    act(() => {
      map.fire(L.Draw.Event.DELETED, { layers: L.layerGroup(drawn) });
    });
    expect(handlers.onRemove).toHaveBeenCalledWith([1]);
  });

  it('shows the shapes without a toolbar read-only', async () => {
    await show({ readOnly: true });
    expect(document.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);
    expect(document.querySelector('.leaflet-draw')).toBeNull();
  });
});
