import { constants } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Which service answers the gateway compresses: text by the mime database (JSON, SVG, HTML, CSV; not images,
 * archives or backups, which are compressed already), whole answers only (no ranges), not event streams (each
 * event must reach the browser when it is sent), and not answers with a strong ETag (a compressed body would need
 * a validator of its own; the services send weak ones). Answers the service compressed itself, HEAD requests,
 * `Cache-Control: no-transform` and bodies under 1 KiB are left alone by `compression` itself.
 */
export function shouldCompressApiAnswer(req: Request, res: Response): boolean {
  if (req.headers.range !== undefined || res.statusCode === 206 || res.hasHeader('Content-Range'))
    return false;
  if (/^\s*text\/event-stream/i.test(String(res.getHeader('Content-Type') ?? ''))) return false;
  const etag = res.getHeader('ETag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) return false;
  return compression.filter(req, res);
}

/**
 * Compresses the services' answers on the fly (brotli or gzip, as the browser accepts) while they stream through:
 * `compression` wraps the response's write/end and passes the proxy's backpressure on. Brotli's window is 256 KiB
 * (not 4 MiB): the encoder holds up to a window of input before it writes anything, so a long answer keeps
 * flowing and each response holds little memory; answers are far smaller than that anyway.
 */
export function apiCompression(): RequestHandler {
  return compression({
    filter: shouldCompressApiAnswer,
    brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
}
