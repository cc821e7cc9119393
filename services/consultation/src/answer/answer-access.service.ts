import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { GeomType, SessionUser } from '@agora/contracts';
import type { EntityManager } from 'typeorm';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { isProjectOpen, todayIn } from '../project/project-dates.js';
import { CHOICE_COLUMNS, type ChoiceRow } from './answer.mapper.js';
import { accessOf, AnswerErrors, writerRole, type AnswerAccess } from './answer.rules.js';

/** An attribute with what the rules of its answers read: its topic, project and category. */
export interface AttributeContext {
  attribute: string;
  node: string;
  project: string;
  category: string | null;
  has_geometry: boolean;
  geom_type: GeomType | null;
  max_geom: number | null;
  allow_drag: boolean;
  allow_resize: boolean;
  has_predefined: boolean;
  is_visible: boolean;
  node_has_geometry: boolean;
  node_geom_type: GeomType | null;
  node_max_geom: number | null;
  active: boolean;
  start_date: string;
  end_date: string;
  is_public: boolean;
  max_bytes: number;
}

/** The query of `AttributeContext` (by `a.token`, when a condition is added). */
export const ATTRIBUTE_CONTEXT = `SELECT a.token AS attribute, a.node, n.project, p.category, a.has_geometry, a.geom_type, a.max_geom,
  a.allow_drag, a.allow_resize, a.has_predefined, a.is_visible, n.has_geometry AS node_has_geometry,
  n.geom_type AS node_geom_type, n.max_geom AS node_max_geom, p.active, p.start_date::text AS start_date,
  p.end_date::text AS end_date, p.is_public, p.max_bytes::float8 AS max_bytes
  FROM consultation.attribute a
  JOIN consultation.node n ON n.token = a.node
  JOIN consultation.project p ON p.token = n.project`;

/**
 * Who may do what with answers (docs/decisions/0037-answer-storage-and-rules.md): the context an answer's rules
 * read (its attribute, topic, project and category), and the checks of enrolment, ownership, project dates and
 * publication that every read and write of answers passes first.
 */
@Injectable()
export class AnswerAccessService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
  ) {}

  async context(attribute: string, db: EntityManager = this.db): Promise<AttributeContext> {
    const [row] = await db.query<AttributeContext[]>(`${ATTRIBUTE_CONTEXT} WHERE a.token = $1`, [attribute]);
    if (!row) throw AnswerErrors.attributeNotFound();
    return row;
  }

  /** An answer's row (404 when there is none), locked for the transaction `db` with `lock`. */
  async choiceRow(token: string, db: EntityManager = this.db, lock = false): Promise<ChoiceRow> {
    const [row] = await db.query<ChoiceRow[]>(
      `SELECT ${CHOICE_COLUMNS} FROM consultation.answer a WHERE a.token = $1${lock ? ' FOR UPDATE' : ''}`,
      [token],
    );
    if (!row) throw AnswerErrors.choiceNotFound();
    return row;
  }

  private today(): string {
    return todayIn(this.config.project.timeZone);
  }

  /** A participant's write: enrolled in the category (403), the project open today (409). */
  assertMayWrite(ctx: AttributeContext, user: SessionUser): void {
    if (!writerRole(user, ctx.category)) throw AnswerErrors.notEnrolled();
    if (!ctx.is_visible) throw AnswerErrors.attributeNotFound();
    if (!isProjectOpen(ctx, this.today())) throw AnswerErrors.closed();
  }

  /** Who reads: staff, enrolled experts, enrolled normal users (403 for anyone else). */
  access(ctx: { category: string | null }, user: SessionUser): Exclude<AnswerAccess, null> {
    const access = accessOf(user, ctx.category);
    if (!access) throw AnswerErrors.notEnrolled();
    return access;
  }

  /** Reading an answer: its owner, staff, experts; enrolled normal users once the project is public. */
  assertMayRead(ctx: AttributeContext, owner: string, user: SessionUser): void {
    const access = this.access(ctx, user);
    if (owner === user.uuid || access !== 'normal') return;
    if (!ctx.is_public) throw AnswerErrors.notPublic();
    if (!ctx.is_visible) throw AnswerErrors.choiceNotFound();
  }

  /** A change by the answer's owner: enrolled in the category (403), its owner (403), the project open today (409). */
  assertOwnerWrites(ctx: AttributeContext, current: { owner: string }, user: SessionUser): void {
    if (!writerRole(user, ctx.category)) throw AnswerErrors.notEnrolled();
    if (current.owner !== user.uuid) throw AnswerErrors.notOwner();
    if (!isProjectOpen(ctx, this.today())) throw AnswerErrors.closed();
  }
}
