export { createGateway, type Gateway, type GatewayOptions } from './app.js';
export { loadGatewayConfig, GatewayConfigError, type GatewayConfig, type LogLevel } from './config.js';
