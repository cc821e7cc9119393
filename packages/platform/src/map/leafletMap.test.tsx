import { useEffect, useRef, useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import type * as Leaflet from 'leaflet';
import { mockFetch, renderWeb } from '../../../../scripts/jest/web';
import { loadLeaflet, loadLeafletDraw, useLeafletMap } from './leafletMap';

const made: Leaflet.Map[] = [];
const unloaded: Leaflet.Map[] = [];

function Probe({ zoom }: { zoom: number }) {
  const box = useRef<HTMLDivElement>(null);
  const handle = useLeafletMap(box, { center: { lat: 38, lng: 23.7 }, zoom });
  useEffect(() => {
    if (!handle) return;
    made.push(handle.map);
    const map = handle.map;
    map.on('unload', () => unloaded.push(map));
  }, [handle]);
  return <div ref={box} data-testid="probe" data-ready={handle ? 'yes' : 'no'} />;
}

function Host() {
  const [zoom, setZoom] = useState(7);
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setZoom((z) => z + 1)}>zoom</button>
      <button onClick={() => setShown(false)}>hide</button>
      {shown && <Probe zoom={zoom} />}
    </>
  );
}

describe('useLeafletMap', () => {
  beforeEach(() => {
    made.length = 0;
    unloaded.length = 0;
    mockFetch({ 'GET /api/settings': { status: 503, body: { Error: 'service unavailable' } } });
  });

  it('makes the map once whatever the props do, and removes it with the component', async () => {
    await renderWeb(<Host />);
    await waitFor(() => expect(screen.getByTestId('probe').dataset.ready).toBe('yes'));
    expect(made).toHaveLength(1);
    // the first view only: later prop changes are the caller's to apply
    expect(made[0]?.getZoom()).toBe(7);

    await act(async () => screen.getByRole('button', { name: 'zoom' }).click());
    await act(async () => screen.getByRole('button', { name: 'zoom' }).click());
    expect(made).toHaveLength(1);
    expect(unloaded).toHaveLength(0);

    await act(async () => screen.getByRole('button', { name: 'hide' }).click());
    expect(unloaded).toEqual(made);
  });

  it('loads Leaflet once per page, leaflet-draw on the same copy', async () => {
    const [first, second] = await Promise.all([loadLeaflet(), loadLeaflet()]);
    expect(second).toBe(first);
    const withDraw = await loadLeafletDraw();
    expect(withDraw).toBe(first);
    expect(typeof withDraw.Control.Draw).toBe('function');
  });
});
