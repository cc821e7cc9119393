import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { SessionUser } from '@agora/contracts';
import type { QuestionnaireAnswer, QuestionnaireAttribute, QuestionnaireTopic } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { AttributeService } from '../attribute/attribute.service.js';
import { activeCategoryTokens, assertMayEnter, standingIn } from '../category/access.js';
import { toCategoryCard, toProjectCard } from '../category/cards.js';
import { CategoryErrors } from '../category/category.errors.js';
import { CategoryService } from '../category/category.service.js';
import { Category } from '../category/entities/category.entity.js';
import { NodeService } from '../node/node.service.js';
import { answeredCategories } from '../profile/profile-state.js';
import { Project } from '../project/entities/project.entity.js';
import { ProjectErrors } from '../project/project.errors.js';
import { toLatLng } from '../project/project.mapper.js';
import { VariableService } from '../variable/variable.service.js';

/**
 * The questionnaire screen of a project in one answer: the category, the project, its topics with their
 * attributes and variables (participants: the visible ones), the caller's access and profile state.
 */
@Injectable()
export class QuestionnaireService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly categories: CategoryService,
    private readonly topics: NodeService,
    private readonly attributes: AttributeService,
    private readonly variables: VariableService,
  ) {}

  /**
   * 404 `CONSULTATION.CATEGORY_NOT_FOUND` for an unknown category (or, below staff, an inactive one);
   * 403 `CONSULTATION.NOT_ENROLLED` below staff when not enrolled; 404 `CONSULTATION.PROJECT_NOT_FOUND` for a
   * project that is unknown, of another category, or (below staff) neither active nor public.
   */
  async read(user: SessionUser, categoryMname: string, projectMname: string): Promise<QuestionnaireAnswer> {
    const category = await this.db.findOneBy(Category, { mname: categoryMname });
    if (!category) throw CategoryErrors.notFound();
    const standing = standingIn(user, category.token);
    const staff = standing === 'staff';
    const active = (await activeCategoryTokens(this.db, [category.token])).has(category.token);
    if (!active && !staff) throw CategoryErrors.notFound();
    assertMayEnter(user, category.token);
    const project = await this.db.findOne(Project, {
      where: { mname: projectMname, category: { token: category.token } },
    });
    if (!project || (!staff && !project.active && !project.is_public)) throw ProjectErrors.notFound();

    const today = this.categories.today();
    const card = toProjectCard(project, today);
    const role = standing!;
    const seeAll = role !== 'normal' || project.is_public;
    const profileRequired =
      !staff &&
      (await this.hasQuestions(category.token, role)) &&
      !(await answeredCategories(this.db, user)).has(category.token);
    return {
      category: toCategoryCard(category, active),
      project: {
        ...card,
        legislation: project.legislation.map(({ title, file }) => ({ title, file })),
        wms_services: project.wms_services.map(({ title, WMSurl, layers }) => ({ title, WMSurl, layers })),
        center: toLatLng(project.center),
        zoom: project.zoom,
        max_bytes: project.max_bytes,
        forum_topic_id: project.forum_topic_id,
        forum_topic_url: project.forum_topic_url,
      },
      topics: await this.tree(project.token, staff),
      access: {
        role,
        can_answer: !staff && card.state === 'open',
        see_all: seeAll,
        answers_on_map: seeAll ? await this.answersOnMap(project.token, staff) : null,
      },
      profile_required: profileRequired,
      today,
    };
  }

  /** Topics with their attributes and variables, each by its order; `all`: hidden ones too (staff). */
  private async tree(project: string, all: boolean): Promise<QuestionnaireTopic[]> {
    // features numbered by their rows: the ids answers name predefined features with
    const attributes = (await this.attributes.ofProject(project, true)).filter((a) => all || a.is_visible);
    const variables = (await this.variables.ofProject(project)).filter((v) => all || v.is_visible);
    return (await this.topics.ofProject(project)).map(({ project: _p, sort_order: _s, ...topic }) => ({
      ...topic,
      attributes: attributes
        .filter((a) => a.node === topic.token)
        .map(({ node: _n, is_visible: _v, sort_order: _o, ...attribute }): QuestionnaireAttribute => ({
          ...attribute,
          variables: variables
            .filter((v) => v.attribute === attribute.token)
            .map(({ attribute: _a, is_visible: _iv, sort_order: _so, ...variable }) => variable),
        })),
    }));
  }

  /** How many answers with a place the layer of all answers holds (`layerRows` of AnswerReadsService). */
  private async answersOnMap(project: string, staff: boolean): Promise<number> {
    const [row] = await this.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM consultation.answer a JOIN consultation.attribute at ON at.token = a.attribute
       WHERE a.project = $1 AND a.geom IS NOT NULL AND ($2 OR at.is_visible)`,
      [project, staff],
    );
    return row!.n;
  }

  private async hasQuestions(category: string, role: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `SELECT 1 FROM consultation.profile_question WHERE category = $1 AND role = $2 LIMIT 1`,
      [category, role],
    );
    return rows.length > 0;
  }
}
