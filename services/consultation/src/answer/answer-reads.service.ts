import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { SessionUser, VariableKind } from '@agora/contracts';
import {
  UUID,
  type AnswerLayer,
  type AnswerListAnswer,
  type ChoiceLayerAnswer,
  type ChoiceListAnswer,
} from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { areaFilterSql, assertMayFilter, type AreaFilter } from '../analytics/area-filter.js';
import {
  choiceLabelsSql,
  choiceProperties,
  valueText,
  type LayerRow,
  type ValueRow,
} from './answer.mapper.js';
import { AnswerErrors, type AnswerAccess } from './answer.rules.js';
import { AnswerAccessService } from './answer-access.service.js';

/** How many answers the top layer holds, and the size of a value list's page. */
export const TOP_LAYER_SIZE = 20;
export const LIST_PAGE_SIZE = 20;

/** What narrows a layer for experts and staff: a drawn area, the owners who gave one profile answer. */
export interface LayerNarrowing {
  filter?: AreaFilter | null;
  profile?: number;
}

interface ProjectRow {
  token: string;
  category: string | null;
  is_public: boolean;
}

/**
 * The reading side of answers: the layers of a project (mine, all, top by likes), the answers without geometry,
 * an attribute's variables, its statistics and the list of one variable's values. Normal users see others'
 * answers only once the project is public; experts and staff see all.
 */
@Injectable()
export class AnswerReadsService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly gate: AnswerAccessService,
  ) {}

  async project(project: string): Promise<ProjectRow> {
    const byToken = UUID.test(project);
    const [row] = await this.db.query<ProjectRow[]>(
      `SELECT token, category, is_public FROM consultation.project WHERE ${byToken ? 'token = $1::uuid' : 'mname = $1'}`,
      [byToken ? project.toLowerCase() : project],
    );
    if (!row) throw AnswerErrors.projectNotFound();
    return row;
  }

  /** The layer asked for (by default mine for normal users, all for the others); 403 when it is not theirs to see. */
  private layerFor(access: Exclude<AnswerAccess, null>, isPublic: boolean, asked?: AnswerLayer): AnswerLayer {
    const layer = asked ?? (access === 'normal' ? 'mine' : 'all');
    if (layer !== 'mine' && access === 'normal' && !isPublic) throw AnswerErrors.notPublic();
    return layer;
  }

  private async layerRows(
    project: ProjectRow,
    user: SessionUser,
    asked: AnswerLayer | undefined,
    withGeometry: boolean,
    narrow: LayerNarrowing = {},
  ): Promise<LayerRow[]> {
    const access = this.gate.access(project, user);
    if (narrow.filter || narrow.profile !== undefined) assertMayFilter(access);
    const layer = this.layerFor(access, project.is_public, asked);
    const params: unknown[] = [project.token, user.uuid, access === 'staff', layer];
    let where = '';
    if (narrow.filter) {
      const area = areaFilterSql(narrow.filter, params.push(narrow.filter.geojson));
      where += ` AND public.ST_Intersects(a.geom, ${area.sql})`;
    }
    if (narrow.profile !== undefined)
      where += ` AND EXISTS (SELECT 1 FROM consultation.profile_answer pa
        WHERE pa.user_uuid = a.owner AND pa.choice = $${params.push(narrow.profile)})`;
    return this.db.query<LayerRow[]>(
      `SELECT a.token, a.attribute, a.node, a.owner, a.created,
         ${withGeometry ? 'public.ST_AsGeoJSON(a.geom)::jsonb' : 'NULL'} AS geometry,
         coalesce(s.likes, 0) AS likes, coalesce(s.dislikes, 0) AS dislikes, s.mine AS reaction
       FROM consultation.answer a
       JOIN consultation.attribute at ON at.token = a.attribute
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE r.reaction = 'like')::int AS likes,
                count(*) FILTER (WHERE r.reaction = 'dislike')::int AS dislikes,
                max(r.reaction) FILTER (WHERE r.user_uuid = $2) AS mine
         FROM consultation.social_reaction r WHERE r.scope = 'choice' AND r.item = a.token) s ON true
       WHERE a.project = $1 AND a.geom IS ${withGeometry ? 'NOT NULL' : 'NULL'}
         AND ($3 OR at.is_visible) AND ($4 <> 'mine' OR a.owner = $2)
         AND ($4 <> 'top' OR coalesce(s.likes, 0) > 0)${where}
       ORDER BY ${layer === 'top' ? 'coalesce(s.likes, 0) DESC, coalesce(s.dislikes, 0),' : ''} a.created, a.token
       ${layer === 'top' ? `LIMIT ${TOP_LAYER_SIZE}` : ''}`,
      params,
    );
  }

  /** `GET data/scope/geojson/project/{project}[/profile/{profile}][/within/{filter}]?layer=`. */
  async layer(
    project: string,
    user: SessionUser,
    asked?: AnswerLayer,
    narrow: LayerNarrowing = {},
  ): Promise<ChoiceLayerAnswer> {
    const rows = await this.layerRows(await this.project(project), user, asked, true, narrow);
    return {
      type: 'FeatureCollection',
      features: rows.map((row) => ({
        type: 'Feature' as const,
        id: row.token,
        geometry: row.geometry!,
        properties: choiceProperties(row, user.uuid),
      })),
    };
  }

  /** `GET data/scope/choices/project/{project}?layer=`: the answers without geometry. */
  async withoutGeometry(project: string, user: SessionUser, asked?: AnswerLayer): Promise<ChoiceListAnswer> {
    const rows = await this.layerRows(await this.project(project), user, asked, false);
    return { values: rows.map((row) => choiceProperties(row, user.uuid)) };
  }

  /** An attribute the caller may see the statistics of: staff, experts, normal users once public (403). */
  async seeAll(attribute: string, user: SessionUser) {
    const ctx = await this.gate.context(attribute);
    const access = this.gate.access(ctx, user);
    if (access !== 'staff' && !ctx.is_visible) throw AnswerErrors.attributeNotFound();
    if (access === 'normal' && !ctx.is_public) throw AnswerErrors.notPublic();
    return { ctx, access };
  }

  /** `GET variable/attribute/{attribute}/case/map`: the attribute whose visible variables the caller may read. */
  async formAttribute(attribute: string, user: SessionUser): Promise<string> {
    const ctx = await this.gate.context(attribute);
    const access = this.gate.access(ctx, user);
    if (access !== 'staff' && !ctx.is_visible) throw AnswerErrors.attributeNotFound();
    return ctx.attribute;
  }

  async variableRows(attribute: string, variable?: string) {
    const rows = await this.db.query<
      Array<{ token: string; mname: string; description: string; variable_type: VariableKind[] }>
    >(
      `SELECT token, mname, description, variable_type FROM consultation.variable
       WHERE attribute = $1 AND is_visible AND ($2::uuid IS NULL OR token = $2)
       ORDER BY sort_order, created, token`,
      [attribute, variable ?? null],
    );
    if (variable && rows.length === 0) throw AnswerErrors.variableNotFound();
    return rows;
  }

  /** `GET data/scope/list/page/{page}/attribute/{attr}/variable/{var}`: newest first. */
  async list(
    page: number,
    attribute: string,
    variable: string,
    user: SessionUser,
    filter: AreaFilter | null = null,
  ): Promise<AnswerListAnswer> {
    const { ctx, access } = await this.seeAll(attribute, user);
    if (filter) assertMayFilter(access);
    await this.variableRows(ctx.attribute, variable);
    // the values of answers inside the drawn area, its GeoJSON bound as parameter $n
    const inside = (n: number) =>
      filter
        ? `AND EXISTS (SELECT 1 FROM consultation.answer a WHERE a.token = v.answer
             AND public.ST_Intersects(a.geom, ${areaFilterSql(filter, n).sql}))`
        : '';
    const area = filter ? [filter.geojson] : [];
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM consultation.answer_value v
       WHERE v.variable = $1 ${inside(2)}`,
      [variable, ...area],
    )) as [{ total: number }];
    const rows = await this.db.query<Array<ValueRow & { choice: string; created: Date }>>(
      `SELECT v.answer AS choice, v.created, v.variable, v.kind, v.text_value, v.number_value::text AS number_value,
         v.date_value::text AS date_value, v.list_value, NULL AS location, f.id AS file_id, f.name AS file_name,
         f.mime AS file_mime, f.bytes AS file_bytes, ${choiceLabelsSql()} AS label
       FROM consultation.answer_value v LEFT JOIN consultation.answer_file f ON f.id = v.file
       WHERE v.variable = $1 ${inside(4)} ORDER BY v.created DESC, v.id DESC LIMIT $2 OFFSET $3`,
      [variable, LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE, ...area],
    );
    return {
      values: rows.map((r) => ({
        choice: r.choice,
        variable_type: r.kind,
        value: valueText(r),
        label: r.label,
        created: r.created.toISOString(),
      })),
      page,
      total_pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)),
      total,
    };
  }
}
