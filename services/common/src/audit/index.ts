export * from './audit-hash.js';
export * from './audit-log.js';
export * from './audit-schema.js';
export * from './audit.module.js';
