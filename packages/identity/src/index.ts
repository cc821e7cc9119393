export * from './signing.js';
export * from './internal-client.js';
export * from './ticket.js';
