import { generateKeyPairSync } from 'node:crypto';
import { resolve } from 'node:path';
import { GatewayConfigError, loadGatewayConfig } from './config.js';

const { privateKey } = generateKeyPairSync('ed25519');
const KEY = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');

describe('loadGatewayConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY });
    expect(config.port).toBe(8080);
    expect(config.host).toBeUndefined(); // every interface, both address families
    expect(config.services).toEqual({
      accounts: 'http://127.0.0.1:3101',
      library: 'http://127.0.0.1:3102',
      consultation: 'http://127.0.0.1:3103',
      mailing: 'http://127.0.0.1:3104',
    });
    expect(config.shellDir).toMatch(/[/\\]dist[/\\]shell$/);
    expect(config.remotesDir).toMatch(/[/\\]dist[/\\]remotes$/);
    expect(config.remotesRegistry).toBe(resolve(config.remotesDir, 'remotes.json'));
    expect(config.cookieSecure).toBe('auto');
    expect(config.trustProxy).toBe(false);
    expect(config.upstreamTimeoutMs).toBe(30000);
    expect(config.logLevel).toBe('info');
  });

  it('takes service URLs and paths from the given env, not from process.env', () => {
    const config = loadGatewayConfig({
      AGORA_GATEWAY_PRIVATE_KEY: KEY,
      PORT: '0',
      ACCOUNTS_URL: 'http://127.0.0.1:40001/',
      REMOTES_DIR: '/srv/remotes',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      UPSTREAM_TIMEOUT_MS: '1500',
      CSP_CONNECT_SRC: 'https://geo.example.org https://other.example.org',
    });
    expect(config.port).toBe(0);
    expect(config.services.accounts).toBe('http://127.0.0.1:40001');
    expect(config.remotesRegistry).toBe(resolve('/srv/remotes/remotes.json'));
    expect(config.cookieSecure).toBe(true);
    expect(config.trustProxy).toBe(1);
    expect(config.upstreamTimeoutMs).toBe(1500);
    expect(config.csp.connectSrc).toEqual(['https://geo.example.org', 'https://other.example.org']);
  });

  it('keeps TRUST_PROXY names and lists for Express', () => {
    expect(loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, TRUST_PROXY: 'loopback' }).trustProxy).toBe(
      'loopback',
    );
  });

  it('reads its Ed25519 private key as base64 DER or PEM, and refuses anything else', () => {
    expect(loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY }).identityKey.equals(privateKey)).toBe(true);
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: pem }).identityKey.equals(privateKey)).toBe(true);
    expect(() => loadGatewayConfig({})).toThrow(GatewayConfigError);
    expect(() => loadGatewayConfig({})).toThrow('AGORA_GATEWAY_PRIVATE_KEY: is required');
    const publicKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' });
    for (const bad of ['short', publicKey.toString('base64')]) {
      expect(() => loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: bad })).toThrow(
        /AGORA_GATEWAY_PRIVATE_KEY: must be an Ed25519 private key/,
      );
    }
  });

  it('refuses malformed values', () => {
    expect(() => loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, ACCOUNTS_URL: 'ftp://x' })).toThrow(
      /ACCOUNTS_URL/,
    );
    expect(() => loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, COOKIE_SECURE: 'maybe' })).toThrow(
      /COOKIE_SECURE/,
    );
    expect(() => loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('serves metrics only on a METRICS_PORT apart from the public port, and traces only with a collector', () => {
    const plain = loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY });
    expect(plain.telemetry).toEqual({ metrics: undefined, tracing: undefined });
    const watched = loadGatewayConfig({
      AGORA_GATEWAY_PRIVATE_KEY: KEY,
      METRICS_PORT: '9464',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    });
    expect(watched.telemetry).toEqual({
      metrics: { port: 9464, host: undefined },
      tracing: { endpoint: 'http://collector:4318', sampleRatio: 0.25 },
    });
    expect(() => loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, METRICS_PORT: 'ninety' })).toThrow(
      /METRICS_PORT/,
    );
  });

  it("allows the map tile server's origin in img-src, before the extra CSP_IMG_SRC sources", () => {
    const osm = loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, MAP_TILE_URL: '' });
    expect(osm.csp.imgSrc).toEqual(['https://*.tile.openstreetmap.org', 'https://tile.openstreetmap.org']);
    const own = loadGatewayConfig({
      AGORA_GATEWAY_PRIVATE_KEY: KEY,
      MAP_TILE_URL: 'https://tiles.example.gov:8443/{z}/{x}/{y}.png',
      CSP_IMG_SRC: 'https://images.example.org',
    });
    expect(own.csp.imgSrc).toEqual(['https://tiles.example.gov:8443', 'https://images.example.org']);
  });

  it('refuses a MAP_TILE_URL that is not a tile URL template, saying why', () => {
    const load = (url: string) => () =>
      loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, MAP_TILE_URL: url });
    expect(load('https://tiles.example.gov/tile.png')).toThrow(GatewayConfigError);
    expect(load('https://tiles.example.gov/tile.png')).toThrow('MAP_TILE_URL: lacks {z}, {x}, {y}');
    expect(load('ftp://tiles.example.gov/{z}/{x}/{y}.png')).toThrow(/MAP_TILE_URL: must be an http\(s\) URL/);
  });

  it('treats empty values as unset', () => {
    expect(loadGatewayConfig({ AGORA_GATEWAY_PRIVATE_KEY: KEY, PORT: '', LOG_LEVEL: '' }).port).toBe(8080);
  });
});
