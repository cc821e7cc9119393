import { Inject, Injectable } from '@nestjs/common';
import { AuditLog, changedFields, type AuditActor } from '@agora/common';
import { enrolmentRole, type SessionUser } from '@agora/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type DeepPartial, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { Project } from '../project/entities/project.entity.js';
import { todayIn } from '../project/project-dates.js';
import { answeredCategories } from '../profile/profile-state.js';
import { CategoryErrors } from './category.errors.js';
import type {
  CategoryAnswer,
  CategoryCard,
  CategoryChangesBody,
  CategoryPageAnswer,
  NewCategoryBody,
  ProjectCard,
} from '@agora/contracts/api';
import { activeCategoryTokens, enrolledTokens, isStaff } from './access.js';
import { toCategoryCard, toProjectCard } from './cards.js';
import { toCategoryResponse } from './category.mapper.js';
import { Category } from './entities/category.entity.js';
import { applySortOrder, assertMnameFree, nextSortOrder } from './ordering.js';

/** A category to add together with its projects (demo data, imports). */
export type NewCategory = DeepPartial<Omit<Category, 'projects'>> & {
  mname: string;
  title: string;
  projects: Array<DeepPartial<Omit<Project, 'category'>> & { mname: string; title: string }>;
};

/** Who asks: the administrator's own active category is marked in the answer (null: anonymous). */
export type Caller = SessionUser | null;

const CATEGORY_TABLE = '"consultation"."category"';
const ACTIVE_TABLE = '"consultation"."admin_active_category"';

/** Categories by sort_order (then short name). */
const BY_SORT_ORDER = { sort_order: 'ASC', mname: 'ASC' } as const;

/** Categories with their projects (token, mname, title), both by sort_order. */
const WITH_PROJECTS = {
  relations: { projects: true },
  select: { projects: { token: true, mname: true, title: true, sort_order: true } },
  order: { ...BY_SORT_ORDER, projects: BY_SORT_ORDER },
} as const;

@Injectable()
export class CategoryService {
  constructor(
    @InjectRepository(Category, 'consultation') private readonly categories: Repository<Category>,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The categories with their projects, both by sort_order; `active` marks the caller's own active category.
   * Staff get every category; anyone else the active categories they are enrolled in.
   */
  async list(caller: Caller): Promise<CategoryAnswer[]> {
    if (isStaff(caller)) return this.respond(await this.categories.find(WITH_PROJECTS), caller);
    const active = await activeCategoryTokens(this.categories.manager, enrolledTokens(caller));
    if (active.size === 0) return [];
    return this.respond(
      await this.categories.find({ ...WITH_PROJECTS, where: { token: In([...active]) } }),
      caller,
    );
  }

  /** "Today" on the service's calendar (`yyyy-MM-dd`). */
  today(now = new Date()): string {
    return todayIn(this.config.project.timeZone, now);
  }

  /**
   * The category page (by short name): the category's card, its projects (staff: all; others: those shown to
   * participants), the caller's enrolment and whether they may enrol. 404 when unknown, and, when the category is
   * not active, for anyone neither staff nor enrolled in it.
   */
  async page(mname: string, caller: Caller): Promise<CategoryPageAnswer> {
    const fields = await this.one({ mname }, caller);
    const { token } = fields;
    const active = (await activeCategoryTokens(this.categories.manager, [token])).has(token);
    const staff = isStaff(caller);
    const enrolment = enrolmentRole(caller, token);
    // an inactive category is its members' and staff's only (docs/decisions/0077-inactive-category-members.md)
    if (!active && !staff && enrolment === null) throw CategoryErrors.notFound();
    return {
      ...fields,
      category: toCategoryCard(fields, active),
      projects: (await this.projectCards([token], !staff)).get(token) ?? [],
      enrolment,
      can_enrol: caller !== null && enrolment === null && active && fields.autosubscribe,
    };
  }

  /** The active autosubscribe categories the caller is not enrolled in, by sort_order. */
  async enrollable(caller: SessionUser): Promise<CategoryCard[]> {
    const rows = await this.categories.find({ where: { autosubscribe: true }, order: BY_SORT_ORDER });
    const mine = new Set(enrolledTokens(caller));
    const open = rows.filter((r) => !mine.has(r.token));
    const active = await activeCategoryTokens(
      this.categories.manager,
      open.map((r) => r.token),
    );
    return open.filter((r) => active.has(r.token)).map((r) => toCategoryCard(r, true));
  }

  /** The caller's enrolled active categories (their cards), by sort_order. */
  async enrolledCards(caller: SessionUser): Promise<CategoryCard[]> {
    const active = await activeCategoryTokens(this.categories.manager, enrolledTokens(caller));
    if (active.size === 0) return [];
    const rows = await this.categories.find({
      where: { token: In([...active]) },
      order: BY_SORT_ORDER,
    });
    return rows.map((r) => toCategoryCard(r, true));
  }

  /** The project cards of categories (token → cards by sort_order); `shownOnly`: those shown to participants. */
  async projectCards(categories: readonly string[], shownOnly: boolean): Promise<Map<string, ProjectCard[]>> {
    if (categories.length === 0) return new Map();
    const rows = await this.categories.manager.find(Project, {
      where: { category: { token: In([...categories]) } },
      relations: { category: true },
      order: BY_SORT_ORDER,
    });
    const today = this.today();
    const cards = new Map<string, ProjectCard[]>();
    for (const p of rows) {
      if (shownOnly && !p.active && !p.is_public) continue;
      const list = cards.get(p.category!.token) ?? [];
      list.push(toProjectCard(p, today));
      cards.set(p.category!.token, list);
    }
    return cards;
  }

  /** One category (by token or short name) with its projects; 404 when there is none. */
  async one(where: FindOptionsWhere<Category>, caller: Caller): Promise<CategoryAnswer> {
    const row = await this.categories.findOne({ ...WITH_PROJECTS, where });
    if (!row) throw CategoryErrors.notFound();
    return (await this.respond([row], caller))[0]!;
  }

  /**
   * The answers of categories: `consultation` says whether a category has consultation-profile questions;
   * `has_answered` whether the caller has answered the questions of their enrolment role there (false when not
   * enrolled);
   * `active` is true only on the category an administrator chose as theirs (decision 0029), never for others.
   */
  private async respond(rows: Category[], caller: Caller): Promise<CategoryAnswer[]> {
    if (rows.length === 0) return [];
    const withQuestions = await this.categories.manager.query<Array<{ category: string }>>(
      `SELECT DISTINCT category FROM consultation.profile_question WHERE category = ANY($1::uuid[])`,
      [rows.map((r) => r.token)],
    );
    const asked = new Set(withQuestions.map((r) => r.category));
    const active = await this.activeOf(this.categories.manager, caller);
    const answered = await answeredCategories(this.categories.manager, caller);
    return rows.map((row) =>
      toCategoryResponse(row, {
        consultation: asked.has(row.token),
        has_answered: answered.has(row.token),
        active: row.token === active,
      }),
    );
  }

  /** The token of an administrator's active category; null for none and for every other caller. */
  private async activeOf(m: EntityManager, caller: Caller): Promise<string | null> {
    if (caller?.role !== 'admin') return null;
    const [row] = await m.query<Array<{ category: string }>>(
      `SELECT category FROM ${ACTIVE_TABLE} WHERE user_uuid = $1`,
      [caller.uuid],
    );
    return row?.category ?? null;
  }

  /**
   * Sets the caller's own active category: `true` makes `token` theirs, `false` clears it when `token` is theirs
   * (another administrator's choice is never touched).
   */
  private async setActive(
    m: EntityManager,
    caller: SessionUser,
    token: string,
    active: boolean,
  ): Promise<void> {
    if (active)
      await m.query(
        `INSERT INTO ${ACTIVE_TABLE} (user_uuid, category) VALUES ($1, $2)
         ON CONFLICT (user_uuid) DO UPDATE SET category = EXCLUDED.category, updated = now()`,
        [caller.uuid, token],
      );
    else
      await m.query(`DELETE FROM ${ACTIVE_TABLE} WHERE user_uuid = $1 AND category = $2`, [
        caller.uuid,
        token,
      ]);
  }

  /** The short name of a category; 404 when there is none. */
  async mnameOf(token: string): Promise<{ mname: string }> {
    const row = await this.categories.findOne({ select: { mname: true }, where: { token } });
    if (!row) throw CategoryErrors.notFound();
    return { mname: row.mname };
  }

  /** 404 `CONSULTATION.CATEGORY_NOT_FOUND` unless the category exists. */
  async assertExists(token: string, m: EntityManager = this.categories.manager): Promise<void> {
    if (!(await m.existsBy(Category, { token }))) throw CategoryErrors.notFound();
  }

  /**
   * Adds a category (already checked against the rules) at the end of the order, recorded in the audit log
   * (`category.create`). With `active: true` it becomes the caller's active category, in the same transaction.
   */
  async create(
    { active, ...input }: NewCategoryBody,
    caller: SessionUser,
    actor: AuditActor,
  ): Promise<CategoryAnswer> {
    const token = await this.categories.manager.transaction(async (m) => {
      await assertMnameFree(m, Category, input.mname);
      const row = m.create(Category, { ...input, sort_order: await nextSortOrder(m, Category) });
      const saved = (await m.save(Category, row)).token;
      if (active) await this.setActive(m, caller, saved, true);
      await this.audit.record(m, actor, {
        action: 'category.create',
        object: { type: 'category', id: saved },
        after: await this.columns(m, saved),
      });
      return saved;
    });
    return this.one({ token }, caller);
  }

  /**
   * Writes the fields sent (already checked against the rules). A changed short name must be free (409);
   * `active: true` makes this the caller's active category, `active: false` leaves them none; one transaction.
   */
  async update(
    token: string,
    { active, ...input }: CategoryChangesBody,
    caller: SessionUser,
    actor: AuditActor,
  ): Promise<CategoryAnswer> {
    await this.categories.manager.transaction(async (m) => {
      const current = await m.findOne(Category, { where: { token }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw CategoryErrors.notFound();
      if (input.mname !== undefined && input.mname !== current.mname)
        await assertMnameFree(m, Category, input.mname);
      if (Object.keys(input).length > 0) {
        await m.update(Category, { token }, input);
        const changed = changedFields(current, await this.columns(m, token));
        // the administrator's own active category is their view, not the category's data
        if (Object.keys(changed.after ?? {}).length > 0) {
          await this.audit.record(m, actor, {
            action: 'category.update',
            object: { type: 'category', id: token },
            ...changed,
          });
        }
      }
      if (active !== undefined) await this.setActive(m, caller, token, active);
    });
    return this.one({ token }, caller);
  }

  /**
   * Sets positions from a token → position map in one transaction, recorded in the audit log
   * (`category.reorder`, the positions before and after); 404 (nothing written) for an unknown token.
   */
  async reorder(actor: AuditActor, order: ReadonlyMap<string, number>): Promise<void> {
    await this.categories.manager.transaction((m) =>
      applySortOrder(m, Category, order, CategoryErrors.notFound, {
        log: this.audit,
        actor,
        type: 'category',
      }),
    );
  }

  /**
   * Deletes a category, recorded in the audit log with its fields (`category.delete`); its projects go with it
   * (and, through theirs, everything below them).
   */
  async remove(actor: AuditActor, token: string): Promise<void> {
    await this.categories.manager.transaction(async (m) => {
      const before = await this.columns(m, token);
      if (!before) throw CategoryErrors.notFound();
      const projects = await m.find(Project, {
        select: { token: true, mname: true },
        where: { category: { token } },
      });
      await m.delete(Category, { token });
      await this.audit.record(m, actor, {
        action: 'category.delete',
        object: { type: 'category', id: token },
        before,
        // what went with it
        detail: { projects: projects.map((p) => ({ token: p.token, mname: p.mname })) },
      });
    });
  }

  /** A category's own fields (no projects), as its audit entries hold them; null when there is none. */
  private async columns(m: EntityManager, token: string): Promise<Category | null> {
    return m.findOne(Category, { where: { token } });
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.categories.exists());
  }

  /**
   * Adds categories and their projects only when there is no category yet, in one transaction that locks the
   * table while checking (two processes starting together add them once). Answers how many categories were added.
   * Given a transaction's manager `on`, it runs within it and the lock lasts until that transaction ends.
   */
  async addIfEmpty(categories: NewCategory[], on: EntityManager = this.categories.manager): Promise<number> {
    return on.transaction(async (m) => {
      await m.query(`LOCK TABLE ${CATEGORY_TABLE} IN SHARE ROW EXCLUSIVE MODE`);
      if (await m.exists(Category)) return 0;
      for (const { projects, ...fields } of categories) {
        const category = await m.save(Category, m.create(Category, fields));
        for (const p of projects) await m.save(Project, m.create(Project, { ...p, category }));
      }
      return categories.length;
    });
  }
}
