import type { ServiceName } from '@agora/contracts';
import { keyVariable, signServiceIdentity } from '@agora/identity';
import type { ServiceConfig } from '../config/config.js';

/**
 * The identity header value by which this service calls an internal route of `audience`, signed with its own
 * private key (configuration checks at start that a service which calls others has one).
 */
export function serviceIdentity(config: ServiceConfig, audience: ServiceName): string {
  if (!config.identity.privateKey) {
    throw new Error(`${config.service} has no signing key (${keyVariable(config.service, 'private')})`);
  }
  return signServiceIdentity(config.identity.privateKey, config.service, audience);
}
