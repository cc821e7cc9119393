import { Injectable, Optional } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AuditLog, changedFields, type AuditActor, type AuditRecord } from '@agora/common';
import type { ConsultationRole, ProfileChoiceWire, ProfileQuestionWire } from '@agora/contracts';
import { In, type EntityManager } from 'typeorm';
import { CategoryService } from '../category/category.service.js';
import { ProfileChoice } from './entities/profile-choice.entity.js';
import { ProfileQuestion } from './entities/profile-question.entity.js';
import { ProfileErrors } from './profile.errors.js';
import type { ChoiceInput, QuestionInput } from './profile.input.js';
import { toChoiceWire, toQuestionWire } from './profile.mapper.js';

const Q = '"consultation"."profile_question"';
const C = '"consultation"."profile_choice"';

/**
 * Consultation-profile questions and their weighted choices. An administrator's (`actor`) changes are recorded in
 * the audit log as `profile.question.<action>` and `profile.choice.<action>` (decision 0084); the demo data's are
 * not.
 *
 * It runs on an EntityManager: the site's, or a transaction's (the demo data is added through it in one
 * transaction; its own transactions then nest as savepoints).
 */
@Injectable()
export class ProfileService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly categories: CategoryService,
    @Optional() private readonly audit?: AuditLog,
  ) {}

  /** Records a change in its transaction `m` (nothing without an actor). */
  private async record(m: EntityManager, actor: AuditActor | undefined, record: AuditRecord): Promise<void> {
    if (this.audit && actor) await this.audit.record(m, actor, record);
  }

  /** The questions of a category for one role, by sort_order, each with its choices by sort_order. */
  async list(category: string, role: ConsultationRole): Promise<ProfileQuestionWire[]> {
    await this.categories.assertExists(category, this.db);
    return this.listWith(this.db, category, role);
  }

  /** Adds a question at the end of its category and role, with its choices in the order given. */
  async create(input: QuestionInput, actor?: AuditActor): Promise<ProfileQuestionWire> {
    return this.db.transaction(async (m) => {
      await this.categories.assertExists(input.category, m);
      await lock(m, `profile:${input.category}:${input.role}`);
      const [{ next }] = await m.query(
        `SELECT coalesce(max(sort_order), 0) + 1 AS next FROM ${Q} WHERE category = $1 AND role = $2`,
        [input.category, input.role],
      );
      const question = await m.save(
        m.create(ProfileQuestion, {
          category: input.category,
          role: input.role,
          question: input.question,
          weight: input.weight,
          sort_order: next,
        }),
      );
      const choices = await m.save(
        input.choices.map((c, i) =>
          m.create(ProfileChoice, { ...c, question: question.token, sort_order: i + 1 }),
        ),
      );
      const wire = toQuestionWire(question, choices);
      await this.record(m, actor, {
        action: 'profile.question.create',
        object: { type: 'profile_question', id: question.token },
        after: wire,
      });
      return wire;
    });
  }

  async update(
    token: string,
    change: { question?: string; weight?: number },
    actor?: AuditActor,
  ): Promise<ProfileQuestionWire> {
    return this.db.transaction(async (m) => {
      const question = await m.findOne(ProfileQuestion, {
        where: { token },
        lock: { mode: 'pessimistic_write' },
      });
      if (!question) throw ProfileErrors.questionNotFound();
      const before = { question: question.question, weight: question.weight };
      const saved = await m.save(Object.assign(question, change));
      await this.record(m, actor, {
        action: 'profile.question.update',
        object: { type: 'profile_question', id: token },
        ...changedFields(before, { question: saved.question, weight: saved.weight }),
      });
      return toQuestionWire(saved, await m.find(ProfileChoice, { where: { question: token } }));
    });
  }

  /** Gives the questions positions 1..n in the order of `tokens`; all must share one category and role. */
  async reorder(tokens: string[], actor?: AuditActor): Promise<ProfileQuestionWire[]> {
    return this.db.transaction(async (m) => {
      const found = await m.find(ProfileQuestion, { where: { token: In(tokens) } });
      if (found.length !== tokens.length) throw ProfileErrors.questionNotFound();
      const groups = new Set(found.map((q) => `${q.category}/${q.role}`));
      if (groups.size !== 1) throw ProfileErrors.mixedQuestions();
      await m.query(
        `UPDATE ${Q} AS q SET sort_order = v.pos
         FROM unnest($1::uuid[]) WITH ORDINALITY AS v(token, pos) WHERE q.token = v.token`,
        [tokens],
      );
      const { category, role } = found[0]!;
      await this.record(m, actor, {
        action: 'profile.question.reorder',
        object: { type: 'profile_question' },
        before: Object.fromEntries(found.map((q) => [q.token, q.sort_order])),
        after: Object.fromEntries(tokens.map((t, i) => [t, i + 1])),
        detail: { category, role },
      });
      return this.listWith(m, category, role);
    });
  }

  /** Deletes a question and its choices; the remaining questions of its group are numbered 1..n again. */
  async remove(token: string, actor?: AuditActor): Promise<void> {
    await this.db.transaction(async (m) => {
      const question = await m.findOne(ProfileQuestion, {
        where: { token },
        lock: { mode: 'pessimistic_write' },
      });
      if (!question) throw ProfileErrors.questionNotFound();
      const choices = await m.find(ProfileChoice, { where: { question: token } });
      await m.delete(ProfileQuestion, { token });
      await this.record(m, actor, {
        action: 'profile.question.delete',
        object: { type: 'profile_question', id: token },
        before: toQuestionWire(question, choices),
      });
      await m.query(
        `UPDATE ${Q} AS q SET sort_order = r.pos
         FROM (SELECT token, row_number() OVER (ORDER BY sort_order, created) AS pos
               FROM ${Q} WHERE category = $1 AND role = $2) AS r
         WHERE q.token = r.token`,
        [question.category, question.role],
      );
    });
  }

  /** Adds a choice at the end of a question's choices. */
  async addChoice(input: ChoiceInput & { question: string }, actor?: AuditActor): Promise<ProfileChoiceWire> {
    return this.db.transaction(async (m) => {
      const question = await m.findOne(ProfileQuestion, {
        where: { token: input.question },
        lock: { mode: 'pessimistic_write' },
      });
      if (!question) throw ProfileErrors.questionNotFound();
      const [{ next }] = await m.query(
        `SELECT coalesce(max(sort_order), 0) + 1 AS next FROM ${C} WHERE question = $1`,
        [input.question],
      );
      const wire = toChoiceWire(await m.save(m.create(ProfileChoice, { ...input, sort_order: next })));
      await this.record(m, actor, {
        action: 'profile.choice.create',
        object: { type: 'profile_choice', id: String(wire.id) },
        after: { ...wire, question: input.question },
      });
      return wire;
    });
  }

  async updateChoice(
    id: number,
    change: Partial<ChoiceInput>,
    actor?: AuditActor,
  ): Promise<ProfileChoiceWire> {
    return this.db.transaction(async (m) => {
      const choice = await m.findOne(ProfileChoice, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!choice) throw ProfileErrors.choiceNotFound();
      const before = toChoiceWire(choice);
      const wire = toChoiceWire(await m.save(Object.assign(choice, change)));
      await this.record(m, actor, {
        action: 'profile.choice.update',
        object: { type: 'profile_choice', id: String(id) },
        ...changedFields(before, wire),
      });
      return wire;
    });
  }

  /** Gives the choices positions 1..n in the order of `ids`; all must belong to one question. */
  async reorderChoices(ids: number[], actor?: AuditActor): Promise<ProfileChoiceWire[]> {
    return this.db.transaction(async (m) => {
      const found = await m.find(ProfileChoice, { where: { id: In(ids) } });
      if (found.length !== ids.length) throw ProfileErrors.choiceNotFound();
      if (new Set(found.map((c) => c.question)).size !== 1) throw ProfileErrors.mixedChoices();
      await m.query(
        `UPDATE ${C} AS c SET sort_order = v.pos
         FROM unnest($1::int[]) WITH ORDINALITY AS v(id, pos) WHERE c.id = v.id`,
        [ids],
      );
      const all = await m.find(ProfileChoice, {
        where: { question: found[0]!.question },
        order: { sort_order: 'ASC', id: 'ASC' },
      });
      await this.record(m, actor, {
        action: 'profile.choice.reorder',
        object: { type: 'profile_question', id: found[0]!.question },
        before: Object.fromEntries(found.map((c) => [c.id, c.sort_order])),
        after: Object.fromEntries(ids.map((c, i) => [c, i + 1])),
      });
      return all.map(toChoiceWire);
    });
  }

  /** Deletes a choice; the remaining choices of its question are numbered 1..n again. */
  async removeChoice(id: number, actor?: AuditActor): Promise<void> {
    await this.db.transaction(async (m) => {
      const choice = await m.findOne(ProfileChoice, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!choice) throw ProfileErrors.choiceNotFound();
      await m.delete(ProfileChoice, { id });
      await this.record(m, actor, {
        action: 'profile.choice.delete',
        object: { type: 'profile_choice', id: String(id) },
        before: { ...toChoiceWire(choice), question: choice.question },
      });
      await m.query(
        `UPDATE ${C} AS c SET sort_order = r.pos
         FROM (SELECT id, row_number() OVER (ORDER BY sort_order, id) AS pos FROM ${C} WHERE question = $1) AS r
         WHERE c.id = r.id`,
        [choice.question],
      );
    });
  }

  /** The questions of a category for one role, by sort_order, on `m` (a transaction's manager or the site's). */
  async listWith(m: EntityManager, category: string, role: ConsultationRole): Promise<ProfileQuestionWire[]> {
    const questions = await m.find(ProfileQuestion, {
      where: { category, role },
      order: { sort_order: 'ASC', created: 'ASC' },
    });
    const choices = questions.length
      ? await m.find(ProfileChoice, { where: { question: In(questions.map((q) => q.token)) } })
      : [];
    return questions.map((q) =>
      toQuestionWire(
        q,
        choices.filter((c) => c.question === q.token),
      ),
    );
  }
}

/** Serialises writers of one group (e.g. appending to a category's questions) until the transaction ends. */
export async function lock(m: EntityManager, key: string): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}
