import { ConfigError } from '@agora/common';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '@agora/contracts';
import { loadAccountsConfig } from './accounts.config.js';

describe('loadAccountsConfig: map tiles', () => {
  it("serves OpenStreetMap's tiles when MAP_TILE_URL is unset or empty", () => {
    const want = { tileUrl: DEFAULT_TILE_URL, tileAttribution: DEFAULT_TILE_ATTRIBUTION };
    expect(loadAccountsConfig({}).tiles).toEqual(want);
    expect(loadAccountsConfig({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' }).tiles).toEqual(want);
  });

  it("takes a deployment's own tile server and attribution", () => {
    const config = loadAccountsConfig({
      MAP_TILE_URL: ' https://{s}.tiles.example.gov/{z}/{x}/{y}.png ',
      MAP_TILE_ATTRIBUTION: '&copy; City of Example, OpenStreetMap contributors',
    });
    expect(config.tiles).toEqual({
      tileUrl: 'https://{s}.tiles.example.gov/{z}/{x}/{y}.png',
      tileAttribution: '&copy; City of Example, OpenStreetMap contributors',
    });
  });

  it.each([
    ['ftp://tiles.example.gov/{z}/{x}/{y}.png', 'must be an http(s) URL template'],
    ['https://tiles.example.gov/tiles.png', 'lacks {z}, {x}, {y}'],
    ['https://tiles-{s}.example.gov/{z}/{x}/{y}.png', 'may have {s} in its host only as the first label'],
  ])('refuses MAP_TILE_URL=%s at start-up, saying why', (url, why) => {
    const load = () => loadAccountsConfig({ MAP_TILE_URL: url });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`MAP_TILE_URL: ${why}`);
  });
});
