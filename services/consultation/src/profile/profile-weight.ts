/**
 * A respondent's weight in a category from their consultation-profile answers
 * (docs/decisions/0036-consultation-profile-weight.md): the average of the chosen choices' weights, each counted
 * by its question's weight, `Σ (question weight × choice weight) / Σ |question weight|` over the questions whose
 * weight is not 0; at least 0; 1 when no question has a weight.
 */
export function profileWeight(answers: ReadonlyArray<{ question: number; choice: number }>): number {
  const weighted = answers.filter((a) => a.question !== 0);
  const total = weighted.reduce((sum, a) => sum + Math.abs(a.question), 0);
  if (total === 0) return 1;
  const score = weighted.reduce((sum, a) => sum + a.question * a.choice, 0);
  return Math.max(0, score / total);
}
