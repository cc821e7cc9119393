import { Injectable } from '@nestjs/common';
import { AppError } from '@agora/common';
import { enrolmentRole, type ProfileQuestionWire, type SessionUser } from '@agora/contracts';
import type {
  ProfileAnswersBody,
  ProfileCategory,
  ProfileFormAnswer,
  ProfileWeightAnswer,
} from '@agora/contracts/api';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { activeCategoryTokens, assertEnrolled, isStaff } from '../category/access.js';
import { toCategoryCard } from '../category/cards.js';
import { CategoryErrors } from '../category/category.errors.js';
import { CategoryService } from '../category/category.service.js';
import { Category } from '../category/entities/category.entity.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import { answeredCategories } from './profile-state.js';
import { profileWeight } from './profile-weight.js';
import { lock, ProfileService } from './profile.service.js';

const ANSWERS = '"consultation"."profile_answer"';
const WEIGHTS = '"consultation"."profile_weight"';

/**
 * A participant's consultation profile in the categories they are enrolled in: the questions of their enrolment
 * role, their answers (one choice per question) and the weight these give them
 * (docs/decisions/0036-consultation-profile-weight.md).
 */
@Injectable()
export class ProfileAnswersService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly categories: CategoryService,
    private readonly profile: ProfileService,
  ) {}

  /** The caller's enrolled active categories, each with their role, profile state and shown projects. */
  async overview(user: SessionUser): Promise<ProfileCategory[]> {
    const cards = await this.categories.enrolledCards(user);
    const tokens = cards.map((c) => c.token);
    const projects = await this.categories.projectCards(tokens, true);
    const answered = await answeredCategories(this.db, user);
    return cards.map((category) => ({
      category,
      role: enrolmentRole(user, category.token)!,
      has_answered: answered.has(category.token),
      projects: projects.get(category.token) ?? [],
    }));
  }

  /** The caller's profile form in a category: 404 unknown or inactive, 403 `CONSULTATION.NOT_ENROLLED`. */
  async form(user: SessionUser, token: string): Promise<ProfileFormAnswer> {
    const { category, active } = await this.category(token, user);
    const role = assertEnrolled(user, token);
    const questions = await this.profile.listWith(this.db, token, role);
    const answers = await this.db.query<Array<{ question: string; choice: number }>>(
      `SELECT a."question", a."choice" FROM ${ANSWERS} a
       JOIN "consultation"."profile_question" q ON q."token" = a."question"
       WHERE a."user_uuid" = $1 AND a."category" = $2 AND q."role" = $3
       ORDER BY q."sort_order", q."created"`,
      [user.uuid, token, role],
    );
    const [stored] = await this.db.query<Array<{ weight: number }>>(
      `SELECT "weight" FROM ${WEIGHTS} WHERE "category" = $1 AND "user_uuid" = $2`,
      [token, user.uuid],
    );
    return {
      category: toCategoryCard(category, active),
      role,
      questions: questions.map((q) => ({
        token: q.token,
        question: q.question,
        weight: q.weight,
        choices: q.choices.map(({ id, content, icon, weight }) => ({ id, content, icon, weight })),
      })),
      answers,
      weight: stored ? Number(stored.weight) : null,
      has_answered: (await answeredCategories(this.db, user)).has(token),
    };
  }

  /**
   * Stores the caller's answers in a category, replacing earlier ones, and their weight, in one transaction:
   * one choice for every question of their role (400 `CONSULTATION.PROFILE_INCOMPLETE` when one is missing);
   * a question of another category or role, a question twice, or a choice of another question is a field
   * refusal. Nothing is written when refused.
   */
  async answer(user: SessionUser, token: string, body: ProfileAnswersBody): Promise<ProfileWeightAnswer> {
    await this.category(token, user);
    const role = assertEnrolled(user, token);
    return this.db.transaction(async (m) => {
      await lock(m, `profile-answers/${token}/${user.uuid}`);
      const questions = await this.profile.listWith(m, token, role);
      const chosen = checkAnswers(questions, body);
      const weight = profileWeight(
        questions.map((q) => ({ question: q.weight, choice: chosen.get(q.token)!.weight })),
      );
      await m.query(`DELETE FROM ${ANSWERS} WHERE "user_uuid" = $1 AND "category" = $2`, [user.uuid, token]);
      if (questions.length > 0)
        await m.query(
          `INSERT INTO ${ANSWERS} ("user_uuid", "question", "category", "choice")
           SELECT $1, q, $2, c FROM unnest($3::uuid[], $4::int[]) AS t (q, c)`,
          [user.uuid, token, questions.map((q) => q.token), questions.map((q) => chosen.get(q.token)!.id)],
        );
      await m.query(
        `INSERT INTO ${WEIGHTS} ("category", "user_uuid", "role", "weight") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("category", "user_uuid")
         DO UPDATE SET "role" = EXCLUDED."role", "weight" = EXCLUDED."weight", "updated" = now()`,
        [token, user.uuid, role, weight],
      );
      return { weight, has_answered: true };
    });
  }

  /** The category and whether it is active; 404 when unknown, and below staff when inactive. */
  private async category(token: string, user: SessionUser): Promise<{ category: Category; active: boolean }> {
    const category = await this.db.findOneBy(Category, { token });
    if (!category) throw CategoryErrors.notFound();
    const active = (await activeCategoryTokens(this.db, [token])).has(token);
    if (!active && !isStaff(user)) throw CategoryErrors.notFound();
    return { category, active };
  }
}

/** The chosen choice of each question (by token); refuses what does not answer exactly these questions. */
function checkAnswers(
  questions: readonly ProfileQuestionWire[],
  body: ProfileAnswersBody,
): Map<string, ProfileQuestionWire['choices'][number]> {
  const byToken = new Map(questions.map((q) => [q.token, q]));
  const chosen = new Map<string, ProfileQuestionWire['choices'][number]>();
  body.forEach(({ question, choice }, i) => {
    const asked = byToken.get(question);
    if (!asked)
      throw ValidationErrors.invalidField(
        `[${i}].question`,
        'not a question of your role in this category',
        'choice',
      );
    if (chosen.has(question))
      throw ValidationErrors.invalidField(`[${i}].question`, 'answered more than once', 'duplicate');
    const picked = asked.choices.find((c) => c.id === choice);
    if (!picked)
      throw ValidationErrors.invalidField(`[${i}].choice`, 'not a choice of this question', 'choice');
    chosen.set(question, picked);
  });
  if (chosen.size < questions.length)
    throw AppError.badRequest('CONSULTATION.PROFILE_INCOMPLETE', 'you must answer all questions');
  return chosen;
}
