import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpMetrics } from '@agora/observability';
import type { Request } from 'express';
import { routeOf } from './api.js';

/**
 * The route label of a gateway request: an Express route of the gateway's own (`/api/login`, `/health`), the
 * service an `/api` call was forwarded to (`/api → consultation`: the service's own series name its route), the
 * remotes' and the shell's files as two groups; nothing else (raw paths never become labels).
 */
export function gatewayRoute(req: IncomingMessage, res: ServerResponse): string | undefined {
  const r = req as Request;
  const own: unknown = r.route?.path;
  if (typeof own === 'string') return `${r.baseUrl}${own}`;
  const url = r.originalUrl ?? r.url ?? '';
  const path = url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) {
    if (path === '/api/docs' || path.startsWith('/api/docs/')) return '/api/docs';
    const owner = routeOf(url.slice('/api'.length));
    return owner ? `/api → ${owner}` : undefined;
  }
  if (res.statusCode === 404) return undefined;
  if (path === '/remotes.json') return '/remotes.json';
  return path.startsWith('/remotes/') ? '/remotes/…' : 'shell';
}

/** The gateway's HTTP series (`agora_http_request_duration_seconds{service="gateway"}`). */
export const gatewayHttpMetrics = () => httpMetrics({ service: 'gateway', route: gatewayRoute });
