import type * as Leaflet from 'leaflet';
import { drawnGeometry, setUpDraw } from './drawControl';
import { loadLeafletDraw, type LeafletMapHandle } from './leafletMap';

let handle: LeafletMapHandle;

beforeEach(async () => {
  const L = await loadLeafletDraw();
  const box = document.createElement('div');
  document.body.appendChild(box);
  handle = { L, map: L.map(box, { center: [38, 23.7], zoom: 10 }) };
});

afterEach(() => {
  const box = handle.map.getContainer();
  handle.map.remove();
  box.remove();
});

const within = (selector: string) => handle.map.getContainer().querySelectorAll<HTMLElement>(selector);

describe('setUpDraw', () => {
  it('adds a toolbar of the tools given, in the language given, and takes it off', () => {
    const edit = new handle.L.FeatureGroup().addTo(handle.map);
    const undraw = setUpDraw(handle, { locale: 'el', toolbar: { tools: { polygon: {} }, edit } });
    expect(within('.leaflet-draw-draw-polygon')).toHaveLength(1);
    expect(within('.leaflet-draw-draw-polygon')[0]?.title).toBe('Σχεδίαση πολυγώνου');
    expect(within('.leaflet-draw-draw-marker')).toHaveLength(0);
    expect(within('.leaflet-draw-draw-circle')).toHaveLength(0);
    expect(within('.leaflet-draw-edit-edit')).toHaveLength(1);
    undraw();
    expect(within('.leaflet-draw')).toHaveLength(0);
  });

  it('hands on the created, edited and deleted shapes until it is taken off', () => {
    const { L, map } = handle;
    const created: Leaflet.Layer[] = [];
    const edited: Leaflet.LayerGroup[] = [];
    const deleted: Leaflet.LayerGroup[] = [];
    const undraw = setUpDraw(handle, {
      locale: 'en',
      toolbar: { tools: { marker: {} } },
      onCreated: (layer) => created.push(layer),
      onEdited: (layers) => edited.push(layers),
      onDeleted: (layers) => deleted.push(layers),
    });
    const point = L.marker([38, 23.7]);
    const layers = L.layerGroup([point]);
    map.fire(L.Draw.Event.CREATED, { layer: point, layerType: 'marker' });
    map.fire(L.Draw.Event.EDITED, { layers });
    map.fire(L.Draw.Event.DELETED, { layers });
    expect(created).toEqual([point]);
    expect(edited).toEqual([layers]);
    expect(deleted).toEqual([layers]);
    expect(drawnGeometry(point)).toEqual({ type: 'Point', coordinates: [23.7, 38] });

    undraw();
    map.fire(L.Draw.Event.CREATED, { layer: point, layerType: 'marker' });
    map.fire(L.Draw.Event.DELETED, { layers });
    expect(created).toHaveLength(1);
    expect(deleted).toHaveLength(1);
  });

  it("enables one tool's handler again after each shape, its mouse marker hidden from the keyboard", () => {
    const { L, map } = handle;
    const created: Leaflet.Layer[] = [];
    const undraw = setUpDraw(handle, {
      locale: 'en',
      handler: { tool: 'marker', options: {}, mouseOnly: true },
      onCreated: (layer) => created.push(layer),
    });
    const hidden = () => [...within('.leaflet-mouse-marker')].map((m) => m.getAttribute('aria-hidden'));
    expect(within('.leaflet-draw')).toHaveLength(0);
    expect(hidden()).toEqual(['true']);
    expect(within('.leaflet-mouse-marker')[0]?.getAttribute('tabindex')).toBe('-1');

    map.fire(L.Draw.Event.CREATED, { layer: L.marker([38, 23.7]), layerType: 'marker' });
    expect(created).toHaveLength(1);
    expect(hidden()).toEqual(['true']);

    undraw();
    expect(within('.leaflet-mouse-marker')).toHaveLength(0);
  });
});
