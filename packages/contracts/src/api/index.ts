/**
 * The request and answer schemas of every service, declared once: the services validate and document with them,
 * the browser takes their types (`import type`, so no schema code reaches the bundles).
 */
export * from './common.js';
export * from './accounts.js';
export * from './audit.js';
export * from './answer-values.js';
export * from './choices.js';
export * from './consultation-answers.js';
export * from './consultation-data.js';
export * from './data-lists.js';
export * from './consultation-export.js';
export * from './consultation-participation.js';
export * from './consultation-questionnaire.js';
export * from './consultation-stats.js';
export * from './consultation-structure.js';
export * from './gateway.js';
export * from './invitations.js';
export * from './library.js';
export * from './mailing.js';
export * from './my-data.js';
export * from './account-deletion.js';
export * from './open-data.js';
export * from './results-mail.js';
