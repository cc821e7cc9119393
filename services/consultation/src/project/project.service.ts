import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AuditLog, changedFields, PAGE_SIZE, paged, type AuditActor } from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import type {
  NewProjectBody,
  ProjectAnswer,
  ProjectChangesBody,
  ProjectRetentionAnswer,
} from '@agora/contracts/api';
import type { EntityManager, FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
import { CategoryService } from '../category/category.service.js';
import { Category } from '../category/entities/category.entity.js';
import { applySortOrder, assertMnameFree, nextSortOrder } from '../category/ordering.js';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig, MaxBytesLimits } from '../config/consultation.config.js';
import { Project } from './entities/project.entity.js';
import { ProjectErrors } from './project.errors.js';
import { assertMayEnter, isStaff } from '../category/access.js';
import { projectOpenSql, todayIn } from './project-dates.js';
import { assertMaxBytes, settleSchedule } from './project.form.js';
import { toPoint, toProjectResponse } from './project.mapper.js';

const ORDER: FindOptionsOrder<Project> = { sort_order: 'ASC', mname: 'ASC' };

/** The fields of a project's publication: a change of one of them is recorded as `project.publish`. */
const PUBLICATION: ReadonlySet<string> = new Set(['is_public', 'public_date', 'active']);

/**
 * A new end date or retention clears the mark that the answers were detached, so the rule applies again at the
 * new date (decision 0089); nothing otherwise.
 */
function retentionReset(
  current: Project,
  input: ProjectChangesBody,
  schedule: { end_date: string },
): Partial<Project> {
  const retention = input.retention_days !== undefined && input.retention_days !== current.retention_days;
  return retention || schedule.end_date !== current.end_date ? { personal_links_removed_at: null } : {};
}

/** The stored fields of a project input: the centre as a PostGIS point, the category as a reference. */
function toColumns(input: ProjectChangesBody): Partial<Project> {
  const { center, category, ...plain } = input;
  const columns: Partial<Project> = { ...plain };
  if (center !== undefined) columns.center = center === null ? null : toPoint(center);
  if (category !== undefined) columns.category = { token: category } as Category;
  return columns;
}

@Injectable()
export class ProjectService {
  constructor(
    @InjectRepository(Project, 'consultation') private readonly projects: Repository<Project>,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    private readonly categories: CategoryService,
    private readonly audit: AuditLog,
  ) {}

  /** One page of all projects, by sort_order. */
  async page(page: number): Promise<Paged<ProjectAnswer>> {
    const [rows, total] = await this.projects.findAndCount({
      relations: { category: true },
      order: ORDER,
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    });
    return paged(rows.map(toProjectResponse), page, total);
  }

  /** The projects of one category, by sort_order; 404 when the category does not exist. */
  async ofCategory(category: string): Promise<ProjectAnswer[]> {
    await this.categories.assertExists(category);
    const rows = await this.projects.find({
      relations: { category: true },
      where: { category: { token: category } },
      order: ORDER,
    });
    return rows.map(toProjectResponse);
  }

  /** One project (by token or short name); 404 when there is none. */
  async one(where: FindOptionsWhere<Project>): Promise<ProjectAnswer> {
    const row = await this.projects.findOne({ relations: { category: true }, where });
    if (!row) throw ProjectErrors.notFound();
    return toProjectResponse(row);
  }

  /**
   * A project by short name for the caller: staff read any; anyone else only one of a category they are enrolled
   * in (403 `CONSULTATION.NOT_ENROLLED`) that is shown to participants (active or public; else 404).
   */
  async forCaller(mname: string, caller: SessionUser): Promise<ProjectAnswer> {
    const project = await this.one({ mname });
    if (isStaff(caller)) return project;
    assertMayEnter(caller, project.category?.token ?? null);
    if (!project.active && !project.is_public) throw ProjectErrors.notFound();
    return project;
  }

  /**
   * The retention of the answers of the projects that are open or whose results are public (the policy page,
   * decision 0089): public facts of the projects alone.
   */
  async retention(now = new Date()): Promise<ProjectRetentionAnswer> {
    const rows = await this.projects.query<ProjectRetentionAnswer['projects']>(
      `SELECT p.token::text AS token, p.mname, p.title, to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
              p.retention_days,
              to_char(p.end_date + p.retention_days, 'YYYY-MM-DD') AS detach_date
         FROM consultation.project p
        WHERE ${projectOpenSql('p', '$1')} OR (p.is_public AND p.public_date <= $1::date)
        ORDER BY p.sort_order, p.mname`,
      [this.today(now)],
    );
    return { projects: rows };
  }

  /**
   * Adds a project (fields already checked by the body's schema) at the end of the order, with default dates and
   * limit, recorded in the audit log (`project.create`, the project as written).
   */
  async create(actor: AuditActor, input: NewProjectBody, now = new Date()): Promise<ProjectAnswer> {
    assertMaxBytes(input.max_bytes, this.maxBytes);
    const schedule = settleSchedule(null, input, this.today(now));
    const token = await this.projects.manager.transaction(async (m) => {
      await this.categories.assertExists(input.category, m);
      await assertMnameFree(m, Project, input.mname);
      const row = m.create(Project, {
        max_bytes: this.config.project.maxBytes.default,
        ...toColumns(input),
        ...schedule,
        sort_order: await nextSortOrder(m, Project),
      });
      const saved = (await m.save(Project, row)).token;
      await this.audit.record(m, actor, {
        action: 'project.create',
        object: { type: 'project', id: saved },
        after: await this.snapshot(m, saved),
      });
      return saved;
    });
    return this.one({ token });
  }

  /**
   * Writes the fields sent (already read and checked). The dates and the publication state are settled against
   * the stored ones; a changed short name must be free (409); a new category must exist (404). Recorded in the
   * audit log with the fields changed: `project.publish` when the publication (`is_public`, `public_date`,
   * `active`) changed, `project.update` otherwise.
   */
  async update(
    actor: AuditActor,
    token: string,
    input: ProjectChangesBody,
    now = new Date(),
  ): Promise<ProjectAnswer> {
    assertMaxBytes(input.max_bytes, this.maxBytes);
    await this.projects.manager.transaction(async (m) => {
      const current = await this.locked(m, token);
      const before = await this.snapshot(m, token);
      const schedule = settleSchedule(current, input, this.today(now));
      if (input.mname !== undefined && input.mname !== current.mname)
        await assertMnameFree(m, Project, input.mname);
      if (input.category !== undefined) await this.categories.assertExists(input.category, m);
      await m.update(
        Project,
        { token },
        { ...toColumns(input), ...schedule, ...retentionReset(current, input, schedule) },
      );
      const changed = changedFields(before, await this.snapshot(m, token));
      const fields = Object.keys(changed.after ?? {});
      if (fields.length === 0) return;
      await this.audit.record(m, actor, {
        action: fields.some((f) => PUBLICATION.has(f)) ? 'project.publish' : 'project.update',
        object: { type: 'project', id: token },
        ...changed,
      });
    });
    return this.one({ token });
  }

  /**
   * Sets positions from a token → position map in one transaction, recorded in the audit log
   * (`project.reorder`); 404 (nothing written) for an unknown token.
   */
  async reorder(actor: AuditActor, order: ReadonlyMap<string, number>): Promise<void> {
    await this.projects.manager.transaction((m) =>
      applySortOrder(m, Project, order, ProjectErrors.notFound, { log: this.audit, actor, type: 'project' }),
    );
  }

  /**
   * Deletes a project and, through the database's cascades, everything below it; recorded in the audit log with
   * the project as it was (`project.delete`).
   */
  async remove(actor: AuditActor, token: string): Promise<void> {
    await this.projects.manager.transaction(async (m) => {
      const before = await this.snapshot(m, token);
      if (!before) throw ProjectErrors.notFound();
      await m.delete(Project, { token });
      await this.audit.record(m, actor, {
        action: 'project.delete',
        object: { type: 'project', id: token },
        before,
      });
    });
  }

  /** A project as its answer shows it, read in the transaction `m` (its audit entries); null when there is none. */
  private async snapshot(m: EntityManager, token: string): Promise<ProjectAnswer | null> {
    const row = await m.findOne(Project, { relations: { category: true }, where: { token } });
    return row ? toProjectResponse(row) : null;
  }

  /** Bounds and default of `max_bytes` (the service's settings). */
  get maxBytes(): MaxBytesLimits {
    return this.config.project.maxBytes;
  }

  private today(now: Date): string {
    return todayIn(this.config.project.timeZone, now);
  }

  private async locked(m: EntityManager, token: string): Promise<Project> {
    const row = await m.findOne(Project, { where: { token }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw ProjectErrors.notFound();
    return row;
  }
}
