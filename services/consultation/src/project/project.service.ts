import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PAGE_SIZE, paged } from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import type { NewProjectBody, ProjectAnswer, ProjectChangesBody } from '@agora/contracts/api';
import type { EntityManager, FindOptionsOrder, FindOptionsWhere, Repository } from 'typeorm';
import { CategoryService } from '../category/category.service.js';
import { Category } from '../category/entities/category.entity.js';
import { applySortOrder, assertMnameFree, nextSortOrder } from '../category/ordering.js';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig, MaxBytesLimits } from '../config/consultation.config.js';
import { Project } from './entities/project.entity.js';
import { ProjectErrors } from './project.errors.js';
import { assertMayEnter, isStaff } from '../category/access.js';
import { todayIn } from './project-dates.js';
import { assertMaxBytes, settleSchedule } from './project.form.js';
import { toPoint, toProjectResponse } from './project.mapper.js';

const ORDER: FindOptionsOrder<Project> = { sort_order: 'ASC', mname: 'ASC' };

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

  /** Adds a project (fields already checked by the body's schema) at the end of the order, with default dates and limit. */
  async create(input: NewProjectBody, now = new Date()): Promise<ProjectAnswer> {
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
      return (await m.save(Project, row)).token;
    });
    return this.one({ token });
  }

  /**
   * Writes the fields sent (already read and checked). The dates and the publication state are settled against
   * the stored ones; a changed short name must be free (409); a new category must exist (404).
   */
  async update(token: string, input: ProjectChangesBody, now = new Date()): Promise<ProjectAnswer> {
    assertMaxBytes(input.max_bytes, this.maxBytes);
    await this.projects.manager.transaction(async (m) => {
      const current = await this.locked(m, token);
      const schedule = settleSchedule(current, input, this.today(now));
      if (input.mname !== undefined && input.mname !== current.mname)
        await assertMnameFree(m, Project, input.mname);
      if (input.category !== undefined) await this.categories.assertExists(input.category, m);
      await m.update(Project, { token }, { ...toColumns(input), ...schedule });
    });
    return this.one({ token });
  }

  /** Sets positions from a token → position map in one transaction; 404 (nothing written) for an unknown token. */
  async reorder(order: ReadonlyMap<string, number>): Promise<void> {
    await this.projects.manager.transaction((m) => applySortOrder(m, Project, order, ProjectErrors.notFound));
  }

  /** Deletes a project and, through the database's cascades, everything below it. */
  async remove(token: string): Promise<void> {
    const result = await this.projects.delete({ token });
    if (!result.affected) throw ProjectErrors.notFound();
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
