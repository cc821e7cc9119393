import { stat } from 'node:fs/promises';
import { basename, extname, resolve, sep } from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** The precompressed files the web build writes next to each text file (scripts/build-web.mjs), best first. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Variant = (typeof VARIANTS)[number];

/** What the build precompresses: text. Other files are served as they are, and never looked up. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|map|txt)$/;

/**
 * Build outputs with a content hash in their name (`main.3f2a1b9c.js`, `412.0c1d2e3f.css`, `a1b2c3d4e5f6a7b8.png`)
 * never change; everything else (index.html, remoteEntry.js, mf-manifest.json, locales) must be revalidated.
 * A precompressed copy (`main.3f2a1b9c.js.br`) is cached like its original.
 */
export function isContentHashed(filePath: string): boolean {
  const name = basename(filePath).replace(/\.(?:br|gz)$/, '');
  return /(^|[.\-_])[0-9a-f]{8,}\.[A-Za-z0-9]+(\.map)?$/.test(name);
}

export function setStaticCacheHeaders(res: Response, filePath: string): void {
  res.setHeader('Cache-Control', isContentHashed(filePath) ? IMMUTABLE : NO_CACHE);
}

/** The quality of each coding in an Accept-Encoding header (RFC 9110 §12.5.3), in lower case. */
function qualities(header: string | undefined): Map<string, number> {
  const result = new Map<string, number>();
  for (const item of (header ?? '').split(',')) {
    const [coding = '', ...params] = item.split(';').map((part) => part.trim());
    if (!coding) continue;
    const q = params.find((p) => /^q=/i.test(p));
    const value = q ? Number(q.slice(2)) : 1;
    result.set(coding.toLowerCase(), Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  return result;
}

/**
 * The precompressed encodings the client accepts, most wanted first: by quality, brotli before gzip when the client
 * rates them the same (browsers list gzip first, and brotli files are smaller). `q=0` refuses a coding; `*` stands
 * for those not named.
 */
export function acceptedVariants(header: string | undefined): Variant[] {
  const q = qualities(header);
  const quality = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  return VARIANTS.filter((v) => quality(v.encoding) > 0).sort(
    (a, b) => quality(b.encoding) - quality(a.encoding),
  );
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file under `root` that a URL path names, or undefined when it is malformed or leaves `root`. */
function fileUnder(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) ? file : undefined;
}

/**
 * `express.static` for the built shell and remotes, serving the file's precompressed copy (`.br`, `.gz`) to
 * clients that accept its encoding, with `Content-Encoding`, the original's `Content-Type` and `Vary:
 * Accept-Encoding`; caching as setStaticCacheHeaders says. The copies are looked up on each request (a stat), so a
 * remote build published while the gateway runs is served compressed at once. Range requests get the file itself.
 */
export function staticFiles(
  root: string,
  options: { etag?: boolean; lastModified?: boolean } = {},
): RequestHandler {
  const dir = resolve(root);
  const serve = express.static(dir, {
    ...options,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders: setStaticCacheHeaders,
  });
  return (req, res, next) => {
    const path = req.path;
    const file =
      (req.method === 'GET' || req.method === 'HEAD') && COMPRESSIBLE.test(path) && fileUnder(dir, path);
    if (!file) {
      serve(req, res, next);
      return;
    }
    void (async () => {
      const present = await Promise.all(VARIANTS.map((v) => isFile(file + v.suffix)));
      const available = VARIANTS.filter((_, i) => present[i]);
      if (available.length === 0) return serve(req, res, next);
      // The answer depends on Accept-Encoding whichever copy is sent.
      res.vary('Accept-Encoding');
      const chosen = req.headers.range
        ? undefined
        : acceptedVariants(req.headers['accept-encoding']).find((v) => available.includes(v));
      if (!chosen) return serve(req, res, next);
      const url = req.url;
      const query = url.indexOf('?');
      req.url = query < 0 ? `${path}${chosen.suffix}` : `${path}${chosen.suffix}${url.slice(query)}`;
      res.setHeader('Content-Encoding', chosen.encoding);
      res.type(extname(path));
      serve(req, res, (err?: unknown) => {
        // Not served after all (the copy went away): back to the original request.
        req.url = url;
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        next(err);
      });
    })().catch(next);
  };
}
