export * from './signing.js';
