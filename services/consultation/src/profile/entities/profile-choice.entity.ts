// The choice lives beside its question (profile-question.entity.ts); this name stays for its importers.
export { ProfileChoice } from './profile-question.entity.js';
