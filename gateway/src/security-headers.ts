import type { RequestHandler } from 'express';
import type { GatewayConfig } from './config.js';

/**
 * Content-Security-Policy for the shell and its remotes. Remotes are served from this origin (`/remotes/…`),
 * so `'self'` covers their scripts, styles and chunks. Inline styles are allowed (Leaflet and some components
 * inject them); inline scripts are not. Images may also come from the map's tile server (MAP_TILE_URL).
 */
export function contentSecurityPolicy(csp: GatewayConfig['csp']): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...csp.imgSrc]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...csp.connectSrc]],
    ['media-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
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
const STATIC_ASSET = /^\/(?!api\/)[^?]*\.(?:js|mjs|css|json|map|woff2?|ttf)$/;

export function securityHeaders(config: GatewayConfig): RequestHandler {
  const policy = contentSecurityPolicy(config.csp);
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    if (!STATIC_ASSET.test(req.path)) res.setHeader('Content-Security-Policy', policy);
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    next();
  };
}
