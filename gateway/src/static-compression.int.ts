import { generateKeyPairSync } from 'node:crypto';
// The built shell and remotes come with precompressed copies (`.br`, `.gz`, written by scripts/build-web.mjs):
// the gateway sends the copy a client accepts, with the headers of the original.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { exportKey } from '@agora/identity';
import { createGateway, loadGatewayConfig, type Gateway } from './index.js';
import { rawRequest } from '../test/raw-request.js';

const CHROME = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const text = (marker: string) => `/* ${marker} */\n${'export const value = "agora";\n'.repeat(200)}`;

/** Writes `body` at `file` with its brotli and gzip copies. */
async function writePrecompressed(file: string, body: string): Promise<void> {
  await writeFile(file, body);
  await writeFile(`${file}.br`, brotliCompressSync(body));
  await writeFile(`${file}.gz`, gzipSync(body));
}

describe('precompressed static files', () => {
  let dir: string;
  let remoteDir: string;
  let gateway: Gateway;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agora-gateway-static-'));
    const shellDir = join(dir, 'shell');
    remoteDir = join(dir, 'remotes', 'mf-library', '1.0.0');
    await mkdir(shellDir, { recursive: true });
    await mkdir(remoteDir, { recursive: true });
    await writeFile(join(shellDir, 'index.html'), '<!doctype html><title>Agora shell</title>');
    await writePrecompressed(join(shellDir, 'main.0a1b2c3d.js'), text('shell entry'));
    await writePrecompressed(join(shellDir, '145.e3f79658.css'), `${'.a { color: red }\n'.repeat(100)}`);
    await writePrecompressed(join(remoteDir, 'remoteEntry.js'), text('remote entry'));
    await writeFile(join(remoteDir, 'plain.0a1b2c3d.js'), text('no copies'));
    // Outside the served folders: never to be reached through a copy either.
    await writePrecompressed(join(dir, 'secret.txt'), 'top secret '.repeat(50));

    gateway = createGateway(
      loadGatewayConfig({
        AGORA_GATEWAY_PRIVATE_KEY: exportKey(generateKeyPairSync('ed25519').privateKey),
        PORT: '0',
        SHELL_DIR: shellDir,
        REMOTES_DIR: join(dir, 'remotes'),
        REMOTES_REGISTRY: join(dir, 'remotes.json'),
        LOG_LEVEL: 'silent',
      }),
    );
    server = http.createServer(gateway.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await gateway.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts brotli and gzip, with the original headers', async () => {
    const plain = await rawRequest(base, '/main.0a1b2c3d.js');
    const br = await rawRequest(base, '/main.0a1b2c3d.js', CHROME);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length);
    // The build's copy itself, not compressed again on the fly.
    expect(br.body.equals(brotliCompressSync(text('shell entry')))).toBe(true);
    // Each copy is its own representation: its own ETag.
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when neither is', async () => {
    const gz = await rawRequest(base, '/145.e3f79658.css', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gz.body.equals(gzipSync('.a { color: red }\n'.repeat(100)))).toBe(true);

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const plain = await rawRequest(base, '/145.e3f79658.css', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe('.a { color: red }\n'.repeat(100));
    }
  });

  it('keeps the caching of remote files (no-cache for remoteEntry.js), HEAD and revalidation', async () => {
    const path = '/remotes/mf-library/1.0.0/remoteEntry.js?v=1';
    const entry = await rawRequest(base, path, CHROME);
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(entry.body).toString()).toBe(text('remote entry'));

    const head = await rawRequest(base, path, CHROME, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(entry.headers['content-length']);
    expect(head.body.length).toBe(0);

    const again = await rawRequest(base, path, { ...CHROME, 'if-none-match': entry.headers.etag ?? '' });
    expect(again.status).toBe(304);
  });

  it('answers a range request from the file itself', async () => {
    const range = await rawRequest(base, '/main.0a1b2c3d.js', { ...CHROME, range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.toString()).toBe(text('shell entry').slice(0, 10));
  });

  it('serves a remote build published while the gateway runs precompressed at once', async () => {
    const published = join(dir, 'remotes', 'mf-library', '1.0.1');
    await mkdir(published, { recursive: true });
    await writePrecompressed(join(published, 'remoteEntry.js'), text('published later'));
    const entry = await rawRequest(base, '/remotes/mf-library/1.0.1/remoteEntry.js', CHROME);
    expect(entry.status).toBe(200);
    expect(entry.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(entry.body).toString()).toBe(text('published later'));
  });

  it('compresses a file without copies on the fly, as before', async () => {
    const res = await rawRequest(base, '/remotes/mf-library/1.0.0/plain.0a1b2c3d.js', CHROME);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(text('no copies'));
  });

  it('never reaches a copy outside the served folders', async () => {
    for (const path of [
      '/remotes/..%2f..%2fsecret.txt',
      '/remotes/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/remotes/mf-library/1.0.0/..%2f..%2f..%2fsecret.txt',
    ]) {
      const res = await rawRequest(base, path, CHROME);
      expect(res.status).not.toBe(200);
      expect(res.headers['content-encoding']).not.toBe('br');
      expect(res.body.toString()).not.toContain('top secret');
    }
  });
});
