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

describe('loadAccountsConfig: consultation and demo data', () => {
  it('finds the consultation service at its distributed-mode port unless CONSULTATION_URL says otherwise', () => {
    expect(loadAccountsConfig({}).consultationUrl).toBe('http://127.0.0.1:3103');
    expect(loadAccountsConfig({ CONSULTATION_URL: ' http://consultation:3103/ ' }).consultationUrl).toBe(
      'http://consultation:3103',
    );
    expect(() => loadAccountsConfig({ CONSULTATION_URL: 'consultation' })).toThrow(ConfigError);
    expect(() => loadAccountsConfig({ CONSULTATION_URL: 'ftp://consultation' })).toThrow(/CONSULTATION_URL/);
  });

  it('creates the demo participants only with AGORA_DEMO_DATA=true', () => {
    expect(loadAccountsConfig({}).demoData).toBe(false);
    expect(loadAccountsConfig({ AGORA_DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(() => loadAccountsConfig({ AGORA_DEMO_DATA: 'yes' })).toThrow(ConfigError);
  });
});

describe('loadAccountsConfig: PUBLIC_URL', () => {
  it('keeps the development default outside production', () => {
    expect(loadAccountsConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadAccountsConfig({ NODE_ENV: 'development' }).publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    [undefined, 'PUBLIC_URL: is required in production'],
    ['', 'PUBLIC_URL: is required in production'],
    ['http://localhost:8080', 'PUBLIC_URL: must not be localhost'],
    ['http://127.0.0.1', 'PUBLIC_URL: must not be localhost'],
    ['http://[::1]:8080/', 'PUBLIC_URL: must not be localhost'],
  ])('refuses PUBLIC_URL=%j in production, naming the variable', (value, why) => {
    const load = () => loadAccountsConfig({ NODE_ENV: 'production', PUBLIC_URL: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(why);
  });

  it("takes the site's own address in production", () => {
    expect(
      loadAccountsConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://agora.example.gov/' }).publicUrl,
    ).toBe('https://agora.example.gov');
  });
});
