import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { GeoJsonFeatureCollection, SessionUser } from '@agora/contracts';
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

type FeatureKind = 'predefined' | 'context';

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
        see_all: role !== 'normal' || project.is_public,
      },
      profile_required: profileRequired,
      today,
    };
  }

  /** Topics with their attributes and variables, each by its order; `all`: hidden ones too (staff). */
  private async tree(project: string, all: boolean): Promise<QuestionnaireTopic[]> {
    const attributes = (await this.attributes.ofProject(project)).filter((a) => all || a.is_visible);
    const variables = (await this.variables.ofProject(project)).filter((v) => all || v.is_visible);
    const features = await this.features(attributes.map((a) => a.token));
    return (await this.topics.ofProject(project)).map(({ project: _p, sort_order: _s, ...topic }) => ({
      ...topic,
      attributes: attributes
        .filter((a) => a.node === topic.token)
        .map(({ node: _n, is_visible: _v, sort_order: _o, ...attribute }): QuestionnaireAttribute => ({
          ...attribute,
          predefined: attribute.has_predefined ? collection(features, attribute.token, 'predefined') : null,
          context: attribute.has_context ? collection(features, attribute.token, 'context') : null,
          variables: variables
            .filter((v) => v.attribute === attribute.token)
            .map(({ attribute: _a, is_visible: _iv, sort_order: _so, ...variable }) => variable),
        })),
    }));
  }

  /**
   * The predefined and context features of attributes, keyed `token/kind`, in EPSG:4326; each feature's id is
   * its row's number, the one an answer names as its predefined feature.
   */
  private async features(attributes: string[]): Promise<Map<string, GeoJsonFeatureCollection['features']>> {
    const byKey = new Map<string, GeoJsonFeatureCollection['features']>();
    if (attributes.length === 0) return byKey;
    const rows = await this.db.query<
      Array<{ attribute: string; kind: FeatureKind; feature: GeoJsonFeatureCollection['features'][number] }>
    >(
      `SELECT attribute, kind, jsonb_build_object('type', 'Feature', 'id', id,
                'geometry', public.ST_AsGeoJSON(geom)::jsonb, 'properties', properties) AS feature
       FROM consultation.attribute_feature WHERE attribute = ANY($1::uuid[])
       ORDER BY attribute, kind, position`,
      [attributes],
    );
    for (const { attribute, kind, feature } of rows) {
      const key = `${attribute}/${kind}`;
      byKey.set(key, [...(byKey.get(key) ?? []), { ...feature, id: Number(feature.id) }]);
    }
    return byKey;
  }

  private async hasQuestions(category: string, role: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `SELECT 1 FROM consultation.profile_question WHERE category = $1 AND role = $2 LIMIT 1`,
      [category, role],
    );
    return rows.length > 0;
  }
}

function collection(
  features: Map<string, GeoJsonFeatureCollection['features']>,
  attribute: string,
  kind: FeatureKind,
): GeoJsonFeatureCollection {
  return { type: 'FeatureCollection', features: features.get(`${attribute}/${kind}`) ?? [] };
}
