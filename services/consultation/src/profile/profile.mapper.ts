import type { ProfileChoiceWire, ProfileQuestionWire } from '@agora/contracts';
import type { ProfileChoice } from './entities/profile-choice.entity.js';
import type { ProfileQuestion } from './entities/profile-question.entity.js';

export function toChoiceWire(choice: ProfileChoice): ProfileChoiceWire {
  return {
    id: choice.id,
    content: choice.content,
    icon: choice.icon,
    weight: choice.weight,
    sort_order: choice.sort_order,
  };
}

/** A question with its choices by sort_order (then id). */
export function toQuestionWire(question: ProfileQuestion, choices: ProfileChoice[]): ProfileQuestionWire {
  return {
    token: question.token,
    category: question.category,
    role: question.role,
    question: question.question,
    weight: question.weight,
    sort_order: question.sort_order,
    choices: [...choices].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map(toChoiceWire),
  };
}
