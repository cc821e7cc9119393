import type { ServiceName } from '@agora/contracts';
import { createInternalClient, keyVariable, type InternalClient } from '@agora/identity';
import type { ServiceConfig } from '../config/config.js';

/**
 * The client by which this service calls the internal routes of `target` at `baseUrl`: each call signed with its
 * own private key for that audience (configuration checks at start that a service which calls others has one).
 */
export function serviceClient<Target extends ServiceName>(
  config: ServiceConfig,
  target: Target,
  options: { baseUrl: string; timeoutMs: number },
): InternalClient<Target> {
  if (!config.identity.privateKey) {
    throw new Error(`${config.service} has no signing key (${keyVariable(config.service, 'private')})`);
  }
  return createInternalClient({
    caller: config.service,
    privateKey: config.identity.privateKey,
    target,
    ...options,
  });
}
