// Service answers compressed by the gateway on the fly, as they stream through: text only, whole answers only,
// never what the service compressed itself; downloads and backups pass through byte for byte, as they come.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { exportKey } from '@agora/identity';
import { createGateway, loadGatewayConfig, type Gateway } from './index.js';
import { rawRequest } from '../test/raw-request.js';

const PAGE = JSON.stringify({
  items: Array.from({ length: 40 }, (_, i) => ({ uuid: `item-${i}`, title: `Item ${i}`, tags: ['a', 'b'] })),
});
const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="10" height="10"/>'.repeat(60)}</svg>`;
const PNG = randomBytes(4096);
/** Text that compresses little (base64 of random bytes), so the compressor has output long before the end. */
const BIG_TEXT = randomBytes(768 * 1024).toString('base64');

/** Answers the gateway forwards to the library; `/hold/*` answers wait for `release()` before they end. */
function fakeLibrary() {
  const held: Array<() => void> = [];
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, headers: Record<string, string>, body: string | Buffer) => {
      res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
      res.end(body);
    };
    const json = { 'content-type': 'application/json; charset=utf-8' };
    switch (req.url) {
      case '/library/page/1':
        return send(200, { ...json, etag: 'W/"page-1"' }, PAGE);
      case '/library/strong-etag':
        return send(200, { ...json, etag: '"page-1"' }, PAGE);
      case '/library/files/demo/bus-stop.svg':
        return send(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' }, SVG);
      case '/library/files/photo.png':
        return send(200, { 'content-type': 'image/png' }, PNG);
      case '/library/pre-compressed':
        return send(200, { ...json, 'content-encoding': 'gzip' }, gzipSync(PAGE));
      case '/library/ranged':
        return req.headers.range
          ? send(206, { ...json, 'content-range': `bytes 0-9/${PAGE.length}` }, PAGE.slice(0, 10))
          : send(200, json, PAGE);
      case '/library/events':
        return send(200, { 'content-type': 'text/event-stream' }, `data: ${'x'.repeat(2000)}\n\n`);
      case '/libraryExport/download/backup.tar.gz':
      case '/library/hold/export.txt': {
        // Streamed: the first part now, the rest once the test has seen the first part arrive.
        const archive = req.url.endsWith('.tar.gz');
        res.writeHead(200, { 'content-type': archive ? 'application/gzip' : 'text/plain; charset=utf-8' });
        const body = archive ? PNG : Buffer.from(BIG_TEXT);
        res.write(body);
        held.push(() => res.end(body));
        return;
      }
      default:
        return send(404, json, '{"Error":"not found"}');
    }
  });
  return { server, release: () => held.splice(0).forEach((end) => end()) };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

const CHROME = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('compression of API answers', () => {
  let library: ReturnType<typeof fakeLibrary>;
  let gateway: Gateway;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    library = fakeLibrary();
    gateway = createGateway(
      loadGatewayConfig({
        AGORA_GATEWAY_PRIVATE_KEY: exportKey(generateKeyPairSync('ed25519').privateKey),
        LIBRARY_URL: await listen(library.server),
        LOG_LEVEL: 'silent',
      }),
    );
    server = http.createServer(gateway.app);
    base = await listen(server);
  });

  afterAll(async () => {
    library.release();
    for (const s of [server, library.server]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
    await gateway.close();
  });

  it('compresses JSON with brotli for a browser, gzip for a gzip-only client, not at all otherwise', async () => {
    const br = await rawRequest(base, '/api/library/page/1', CHROME);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers.etag).toBe('W/"page-1"');
    expect(br.body.length).toBeLessThan(PAGE.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);

    const gz = await rawRequest(base, '/api/library/page/1', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);

    const plain = await rawRequest(base, '/api/library/page/1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(PAGE.length));
    expect(plain.body.toString()).toBe(PAGE);
  });

  it('compresses SVG files, keeping their caching', async () => {
    const svg = await rawRequest(base, '/api/library/files/demo/bus-stop.svg', CHROME);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
    expect(brotliDecompressSync(svg.body).toString()).toBe(SVG);
  });

  it('leaves alone images, what the service compressed, ranges, event streams, strong ETags and HEAD', async () => {
    const png = await rawRequest(base, '/api/library/files/photo.png', CHROME);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.equals(PNG)).toBe(true);

    const pre = await rawRequest(base, '/api/library/pre-compressed', CHROME);
    expect(pre.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(pre.body).toString()).toBe(PAGE);

    const ranged = await rawRequest(base, '/api/library/ranged', { ...CHROME, range: 'bytes=0-9' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.body.toString()).toBe(PAGE.slice(0, 10));

    for (const path of ['/api/library/events', '/api/library/strong-etag']) {
      const res = await rawRequest(base, path, CHROME);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    }

    const head = await rawRequest(base, '/api/library/page/1', CHROME, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it('streams a backup download through untouched: its first bytes arrive before the service has finished', async () => {
    const answer = rawRequest(base, '/api/libraryExport/download/backup.tar.gz', CHROME, {
      onFirstData: () => library.release(),
    });
    const backup = await answer;
    expect(backup.status).toBe(200);
    expect(backup.headers['content-encoding']).toBeUndefined();
    expect(backup.body.equals(Buffer.concat([PNG, PNG]))).toBe(true);
  });

  it('streams a long compressible answer compressed: bytes arrive before the service has finished', async () => {
    const answer = rawRequest(base, '/api/library/hold/export.txt', CHROME, {
      onFirstData: () => library.release(),
    });
    const text = await answer;
    expect(text.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(text.body).toString()).toBe(BIG_TEXT + BIG_TEXT);
  });
});
