import type { Request, RequestHandler } from 'express';
import type { GatewayConfig } from './config.js';

/**
 * Content-Security-Policy for the shell and its remotes. Remotes are served from this origin (`/remotes/…`),
 * so `'self'` covers their scripts, styles and chunks. Inline styles are allowed (Leaflet and some components
 * inject them); inline scripts are not. Images may come from any https origin: a project's WMS layers are
 * images from hosts an administrator names in the project form (decision 0022); the tile server's origin
 * (MAP_TILE_URL) and CSP_IMG_SRC are listed too, which matters for an http host.
 */
export function contentSecurityPolicy(csp: GatewayConfig['csp']): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...csp.imgSrc]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...csp.connectSrc]],
    ['media-src', ["'self'", 'blob:']],
    // the shell's service worker (/sw.js) and the web app manifest are this origin's (decision 0091)
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['frame-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Static scripts, styles, fonts and manifests of the shell and remotes: a CSP on them has no effect (it applies to
 * documents), and repeating ~1 KiB of header on each of a page's ~20 asset requests costs more than the page's
 * own code. Everything under /api keeps it (files served from there may be opened as documents).
 */
const STATIC_ASSET = /^\/(?!api\/)[^?]*\.(?:js|mjs|css|json|webmanifest|map|woff2?|ttf)$/;

/** HSTS: one year, this host only (a city's other hosts under the same domain are not the site's to decide). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Whether the site is served over HTTPS for this request: it arrived over TLS or from a trusted proxy saying
 * `X-Forwarded-Proto: https` (Express's `req.secure`, which honours TRUST_PROXY), or PUBLIC_URL is https.
 * Browsers ignore the header on a plain-http answer, so an https PUBLIC_URL behind an untrusted proxy is enough.
 */
function servedOverHttps(req: Request, httpsSite: boolean): boolean {
  return httpsSite || req.secure;
}

export function securityHeaders(config: Pick<GatewayConfig, 'csp' | 'httpsSite'>): RequestHandler {
  const policy = contentSecurityPolicy(config.csp);
  return (req, res, next) => {
    if (servedOverHttps(req, config.httpsSite))
      res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    if (!STATIC_ASSET.test(req.path)) res.setHeader('Content-Security-Policy', policy);
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    next();
  };
}
