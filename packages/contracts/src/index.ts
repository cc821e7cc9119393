export * from './roles.js';
export * from './identity.js';
export * from './http.js';
export * from './routing.js';
export * from './validation.js';
export * from './address.js';
export * from './consultation.js';
