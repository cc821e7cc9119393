import type { TestService } from '@agora/common/testing';

export interface ProfileQuestionSpec {
  category: string;
  question: string;
  weight?: number;
  sortOrder?: number;
  /** The choices in their order: content, weight, and the icon ('' unless given). */
  choices: Array<{ content: string; weight: number; icon?: string }>;
  /** The first choice's sort order; the next ones follow it (0 unless given). */
  firstChoiceOrder?: number;
}

/** A consultation-profile question of a category (role normal) with its choices, written directly. */
export async function addProfileQuestion(
  svc: TestService,
  spec: ProfileQuestionSpec,
): Promise<{ token: string; choices: number[] }> {
  const [row] = await svc.db.query<{ token: string }>(
    `INSERT INTO consultation.profile_question (category, role, question, weight, sort_order)
     VALUES ($1, 'normal', $2, $3, $4) RETURNING token`,
    [spec.category, spec.question, spec.weight ?? 1, spec.sortOrder ?? 0],
  );
  const token = row!.token;
  const choices: number[] = [];
  for (const [i, choice] of spec.choices.entries()) {
    const [{ id }] = await svc.db.query<{ id: number }>(
      `INSERT INTO consultation.profile_choice (question, content, icon, weight, sort_order)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [token, choice.content, choice.icon ?? '', choice.weight, (spec.firstChoiceOrder ?? 0) + i],
    );
    choices.push(id);
  }
  return { token, choices };
}

/** An age question with two choices of weights 1 and 2, as the statistics tests use it. */
export const AGE_QUESTION = (category: string): ProfileQuestionSpec => ({
  category,
  question: 'Ηλικία',
  choices: [
    { content: 'νέοι', weight: 1 },
    { content: 'μεγαλύτεροι', weight: 2 },
  ],
});
