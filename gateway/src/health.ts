import { Router } from 'express';
import { REQUEST_ID_HEADER, SERVICES, type ServiceName } from '@agora/contracts';
import type { GatewayConfig } from './config.js';
import { requestIdOf } from './request-id.js';
import { callJson, type UpstreamAgents, upstreamUrl } from './upstream.js';

const READY_TIMEOUT_MS = 2_000;

export type ServiceStatus = 'ok' | 'unavailable';

/** `/health`: the gateway process answers. `/ready`: every service answers its own `/ready` with 200. */
export function healthRouter(config: GatewayConfig, agents: UpstreamAgents): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/ready', async (req, res) => {
    const requestId = requestIdOf(req);
    const check = async (service: ServiceName): Promise<ServiceStatus> => {
      try {
        const answer = await callJson(agents, upstreamUrl(config.services[service], '/ready'), {
          headers: { [REQUEST_ID_HEADER]: requestId },
          timeoutMs: READY_TIMEOUT_MS,
        });
        return answer.status === 200 ? 'ok' : 'unavailable';
      } catch {
        return 'unavailable';
      }
    };
    const statuses = await Promise.all(SERVICES.map(async (s) => [s, await check(s)] as const));
    const services = Object.fromEntries(statuses) as Record<ServiceName, ServiceStatus>;
    const ready = statuses.every(([, status]) => status === 'ok');
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ok' : 'unavailable', services });
  });
  return router;
}
