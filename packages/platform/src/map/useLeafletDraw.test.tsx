import { useRef, useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWeb } from '../../../../scripts/jest/web';
import { useLeafletDraw, useLeafletMap, type LeafletModule } from './leafletMap';

/** leaflet-draw's additions to `L`, once it has run */
const drawOf = (L: LeafletModule | undefined) => (L as { Draw?: unknown } | undefined)?.Draw;

function Probe() {
  const box = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const handle = useLeafletMap(box, { center: { lat: 38, lng: 23.7 }, zoom: 7 });
  const tools = useLeafletDraw(handle, wanted);
  return (
    <>
      <button onClick={() => setWanted(true)}>draw</button>
      <div
        ref={box}
        data-testid="probe"
        data-map={handle ? 'yes' : 'no'}
        data-tools={tools ? 'yes' : 'no'}
        data-draw={typeof drawOf(tools?.L)}
      />
    </>
  );
}

describe('useLeafletDraw', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/settings': { status: 503, body: { Error: 'service unavailable' } } });
  });

  it('loads leaflet-draw only when wanted, then answers the same map with L.Draw', async () => {
    await renderWeb(<Probe />);
    const probe = screen.getByTestId('probe');
    await waitFor(() => expect(probe.dataset.map).toBe('yes'));
    // the map is there, leaflet-draw is not: nothing has run it on the page's `L`
    expect(probe.dataset.tools).toBe('no');
    expect(drawOf((globalThis as { L?: LeafletModule }).L)).toBeUndefined();

    await act(async () => screen.getByRole('button', { name: 'draw' }).click());
    await waitFor(() => expect(probe.dataset.tools).toBe('yes'));
    expect(probe.dataset.draw).toBe('object');
  });
});
