export * from './roles.js';
export * from './identity.js';
export * from './http.js';
export * from './own.js';
export * from './routing.js';
export * from './validation.js';
export * from './address.js';
export * from './local-url.js';
export * from './consultation.js';
export * from './geometry.js';
export * from './settings.js';
export * from './tiles.js';
export * from './csv.js';
export * from './area-filter.js';
export * from './permissions.js';
export * from './api-client.js';
export * from './error-codes.js';
export * from './demo.js';
export * from './service-graph.js';
// the answer values' rule, without schema code: the answer form reads it from here
export * from './api/answer-values.js';
// the data pages' lists and limits (answers list, export), also without schema code
export * from './api/data-lists.js';
