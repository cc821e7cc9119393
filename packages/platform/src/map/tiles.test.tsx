import { act, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWeb, type FakeAnswer, type FakeReply } from '../../../../scripts/jest/web';
import PointMap from './PointMap';

const tileSources = (map: HTMLElement) =>
  Array.from(map.querySelectorAll('img.leaflet-tile'), (img) => img.getAttribute('src') ?? '');

async function showMap(settings: FakeAnswer | (() => FakeAnswer)): Promise<HTMLElement> {
  mockFetch({ 'GET /api/settings': settings });
  await renderWeb(
    <PointMap center={{ lat: 38.02, lng: 23.8 }} zoom={12} point={null} onMove={() => {}} label="Where" />,
  );
  const map = screen.getByTestId('point-map');
  // Leaflet is loaded lazily: the map exists once its zoom buttons do
  await waitFor(() => expect(map.querySelector('.leaflet-control-zoom')).not.toBeNull());
  return map;
}

describe('the base tile layer of a map', () => {
  it("waits for the site settings, then asks the deployment's tile server, {s} filled in", async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const pending = new Promise<FakeReply>((resolve) => {
      answer = resolve;
    });
    const map = await showMap(() => pending);
    expect(tileSources(map)).toEqual([]); // no tile asked of a server the site may not use

    await act(async () => {
      answer({
        status: 200,
        body: {
          tileUrl: 'https://{s}.tiles.example.gov/osm/{z}/{x}/{y}.png',
          tileAttribution: 'Tiles: City of Example',
        },
      });
    });
    await waitFor(() => expect(tileSources(map).length).toBeGreaterThan(0));
    for (const src of tileSources(map)) {
      expect(src).toMatch(/^https:\/\/[abc]\.tiles\.example\.gov\/osm\/12\/\d+\/\d+\.png$/);
    }
    expect(map.querySelector('.leaflet-control-attribution')?.textContent).toContain(
      'Tiles: City of Example',
    );
  });

  it("uses OpenStreetMap's tiles when the settings cannot be read", async () => {
    const map = await showMap({ status: 503, body: { Error: 'service unavailable' } });
    await waitFor(() => expect(tileSources(map).length).toBeGreaterThan(0));
    for (const src of tileSources(map)) expect(src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/12\//);
    expect(map.querySelector('.leaflet-control-attribution')?.textContent).toContain(
      'OpenStreetMap contributors',
    );
  });
});
