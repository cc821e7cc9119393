/** Injection tokens of the platform providers. */
export const INFRA = Symbol('agora.infra');
export const SERVICE_CONFIG = Symbol('agora.service-config');
export const LOGGER = Symbol('agora.logger');
