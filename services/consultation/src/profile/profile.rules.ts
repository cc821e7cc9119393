import type { ScopeDefinition } from '../validation/scope.js';

/** A consultation-profile question: question and weight required; each choice's content, icon and weight too. */
export const PROFILE_SCOPE: ScopeDefinition = {
  rules: {
    question: { required: true, max_size: 500 },
    weight: { required: true, validation: '-?[0-9]{1,6}', message: 'a whole number' },
    content: { required: true, max_size: 500 },
    icon: { required: true, max_size: 500 },
  },
  unique: {},
};
