// Page weight in Chromium, for the browser benchmarks: what each request weighed as served and compressed.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** Debian's Chromium (CHROMIUM_PATH), headless, kept off the network; Playwright gives it a fresh profile. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** JS, CSS, API or other, from the URL and the resource type. */
export function categoryOf(url, resourceType) {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/api/')) return 'api';
  if (resourceType === 'script' || pathname.endsWith('.js')) return 'js';
  if (resourceType === 'stylesheet' || pathname.endsWith('.css')) return 'css';
  return 'other';
}

const compressed = new Map();

/** Sizes of `body` compressed with gzip -9 and brotli -11 (remembered per path and size: files repeat). */
export function compressedSizes(path, body) {
  const key = `${path} ${body.length}`;
  if (!compressed.has(key)) {
    compressed.set(key, {
      gzip9Bytes: body.length ? gzipSync(body, { level: 9 }).length : 0,
      brotli11Bytes: body.length
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length
        : 0,
    });
  }
  return compressed.get(key);
}

/** One finished request: what it is, when it ran (ms from navigation start) and what it weighed. */
export async function describe(request, timeOrigin) {
  const sizes = await request.sizes();
  const t = request.timing();
  const response = await request.response();
  let body = Buffer.alloc(0);
  try {
    body = response ? await response.body() : body;
  } catch {
    // redirects and bodiless answers
  }
  const { pathname } = new URL(request.url());
  return {
    path: pathname,
    category: categoryOf(request.url(), request.resourceType()),
    status: response?.status() ?? 0,
    startMs: Math.round(t.startTime - timeOrigin),
    endMs: Math.round(t.startTime - timeOrigin + t.responseEnd),
    encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
    servedBytes: sizes.responseBodySize,
    headerBytes: sizes.responseHeadersSize,
    decodedBytes: body.length,
    ...compressedSizes(pathname, body),
  };
}

/** Totals of a load's requests: count, bytes served, decoded and compressed, by category. */
export function summariseBytes(requests) {
  const sum = (key, filter = () => true) => requests.filter(filter).reduce((n, r) => n + r[key], 0);
  const byCategory = {};
  for (const c of ['js', 'css', 'api', 'other']) {
    byCategory[c] = {
      requests: requests.filter((r) => r.category === c).length,
      served: sum('servedBytes', (r) => r.category === c),
    };
  }
  return {
    requests: requests.length,
    served: sum('servedBytes'),
    headers: sum('headerBytes'),
    decoded: sum('decodedBytes'),
    gzip9: sum('gzip9Bytes'),
    brotli11: sum('brotli11Bytes'),
    staticGzip9: sum('gzip9Bytes', (r) => r.category !== 'api'),
    byCategory,
  };
}
