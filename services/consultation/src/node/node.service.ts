import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AuditLog, type AuditActor } from '@agora/common';
import type { GeoJsonGeometry, GeometryCrs, TopicWire } from '@agora/contracts';
import type { NewTopicBody, TopicChangesBody, TopicOrderBody } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { asGeoJson, fromGeoJson, toWgs84 } from '../geo/geo.sql.js';
import { parseBoundary, parseCrs, requestCrs } from '../geo/geojson.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import {
  assertUniqueMname,
  changedColumns,
  deleteItem,
  lockParents,
  nextPosition,
  type Placed,
  projectToken,
  recordTreeChange,
  reorderItem,
  TOPICS,
  treeAudit,
  TreeErrors,
  updateColumns,
} from './tree.js';

const placed = (t: TopicWire): Placed => ({
  token: t.token,
  parent: t.project,
  project: t.project,
  mname: t.mname,
});

const SELECT = `SELECT token, project, title, mname, description, has_geometry, ${asGeoJson('boundary')} AS boundary,
  geom_type, max_geom, geom_color, relative_documents, forum_topic_id, forum_topic_url, sort_order
  FROM consultation.node`;

/** The geometry of a topic after a write: all three set, or none. */
interface TopicGeometry {
  has_geometry: boolean;
  /** EPSG:4326 GeoJSON text of a new boundary; undefined keeps the stored one */
  boundary?: string | null;
  geom_type: string | null;
  max_geom: number | null;
}

/**
 * Topics ("node") of a project: their fields, boundary (PostGIS, EPSG:4326) and order.
 *
 * It runs on an EntityManager: the site's, or a transaction's (the demo data is added through it in one
 * transaction; its own transactions then nest as savepoints).
 */
@Injectable()
export class NodeService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    @Optional() private readonly audit?: AuditLog,
  ) {}

  /** The topics of a project (token or short name), by sort_order. */
  async ofProject(project: string): Promise<TopicWire[]> {
    const token = await projectToken(this.db, project);
    return this.db.query(`${SELECT} WHERE project = $1 ORDER BY sort_order, created, token`, [token]);
  }

  /** One topic of a project; 404 when it is not that project's. */
  async one(project: string, topic: string): Promise<TopicWire> {
    const found = await this.find(topic);
    if (found.project !== (await projectToken(this.db, project))) throw TreeErrors.notFound('topic');
    return found;
  }

  async find(token: string): Promise<TopicWire> {
    const [row] = await this.db.query<TopicWire[]>(`${SELECT} WHERE token = $1`, [token]);
    if (!row) throw TreeErrors.notFound('topic');
    return row;
  }

  /**
   * Adds a topic (its fields checked by `NewTopicBody`) at the end of its project; an administrator's
   * (`actor`) is recorded in the audit log (`topic.create`).
   */
  async create(fields: NewTopicBody, actor?: AuditActor): Promise<TopicWire> {
    const project = await projectToken(this.db, fields.project);
    const geometry = await this.geometry(fields, null);
    const mname = fields.mname;
    const token = await this.db.transaction(async (m) => {
      await lockParents(m, TOPICS, [project]);
      await assertUniqueMname(m, TOPICS, project, mname);
      const [row] = await m.query<Array<{ token: string }>>(
        `INSERT INTO consultation.node (project, title, mname, description, has_geometry, boundary, geom_type,
           max_geom, geom_color, relative_documents, sort_order)
         VALUES ($1, $2, $3, $4, $5, ${fromGeoJson('$6')}, $7, $8, $9, $10::jsonb, $11) RETURNING token`,
        [
          project,
          fields.title,
          mname,
          fields.description ?? '',
          geometry.has_geometry,
          geometry.boundary ?? null,
          geometry.geom_type,
          geometry.max_geom,
          fields.geom_color ?? '',
          JSON.stringify(fields.relative_documents ?? []),
          await nextPosition(m, TOPICS, project),
        ],
      );
      const [created] = await m.query<TopicWire[]>(`${SELECT} WHERE token = $1`, [row!.token]);
      await recordTreeChange(m, treeAudit(this.audit, actor), TOPICS, row!.token, 'create', {
        after: created,
      });
      return row!.token;
    });
    return this.find(token);
  }

  /** Changes the fields sent (only those), recorded with their values before and after (`topic.update`). */
  async update(token: string, fields: TopicChangesBody, actor?: AuditActor): Promise<TopicWire> {
    const current = await this.find(token);
    const ref = fields.project;
    if (ref !== undefined && (await projectToken(this.db, ref)) !== current.project)
      throw ValidationErrors.invalidField('project', 'a topic stays in its project');
    const geometry = await this.geometry(fields, current);
    const changes: Array<[string, unknown, string?]> = [];
    for (const key of ['title', 'mname', 'description', 'geom_color'] as const)
      if (fields[key] !== undefined && fields[key] !== current[key]) changes.push([key, fields[key]]);
    if (fields.relative_documents !== undefined)
      changes.push(['relative_documents', JSON.stringify(fields.relative_documents), '$::jsonb']);
    if (geometry.has_geometry !== current.has_geometry) changes.push(['has_geometry', geometry.has_geometry]);
    if (geometry.boundary !== undefined) changes.push(['boundary', geometry.boundary, fromGeoJson('$')]);
    if (geometry.geom_type !== current.geom_type) changes.push(['geom_type', geometry.geom_type]);
    if (geometry.max_geom !== current.max_geom) changes.push(['max_geom', geometry.max_geom]);
    await this.db.transaction(async (m) => {
      if (fields.mname !== undefined && fields.mname !== current.mname)
        await assertUniqueMname(m, TOPICS, current.project, fields.mname, token);
      await updateColumns(m, TOPICS, token, changes);
      if (changes.length > 0) {
        const audit = treeAudit(this.audit, actor);
        await recordTreeChange(m, audit, TOPICS, token, 'update', changedColumns(current, changes));
      }
    });
    return this.find(token);
  }

  /** Deletes a topic with its attributes, their variables and features (`topic.delete`, the topic as it was). */
  async remove(token: string, actor?: AuditActor): Promise<void> {
    const topic = await this.find(token);
    await deleteItem(this.db, TOPICS, placed(topic), treeAudit(this.audit, actor), topic);
  }

  /** Moves a topic of the project to a 1-based position among its topics (`topic.reorder`). */
  async reorder(
    project: string,
    token: string,
    move: TopicOrderBody,
    actor?: AuditActor,
  ): Promise<TopicWire> {
    const audit = treeAudit(this.audit, actor);
    await reorderItem(this.db, TOPICS, placed(await this.find(token)), project, move, audit);
    return this.find(token);
  }

  /**
   * The geometry after the write: with has_geometry, the boundary (reprojected to EPSG:4326), geom_type and
   * max_geom are required, sent now or stored before; without it, all three are cleared.
   */
  private async geometry(fields: TopicChangesBody, current: TopicWire | null): Promise<TopicGeometry> {
    const has = fields.has_geometry ?? current?.has_geometry ?? false;
    const declared =
      fields.geometry_crs !== undefined ? parseCrs('geometry_crs', fields.geometry_crs) : undefined;
    const geomType = fields.geom_type;
    const maxGeom = fields.max_geom;
    const raw = fields.boundary;
    if (!has)
      return {
        has_geometry: false,
        boundary: current?.boundary ? null : undefined,
        geom_type: null,
        max_geom: null,
      };
    let boundary: string | null | undefined;
    if (raw !== undefined && raw !== null) {
      const parsed = parseBoundary('boundary', raw, this.config.geoJson.maxCoordinates);
      const crs: GeometryCrs = requestCrs('boundary', declared, parsed.crs);
      boundary = (await toWgs84(this.db, 'boundary', [parsed.geometry as GeoJsonGeometry], crs))[0];
    } else if (raw === null || !current?.boundary) throw TreeErrors.boundary();
    const out: TopicGeometry = {
      has_geometry: true,
      boundary,
      geom_type: geomType === undefined ? (current?.geom_type ?? null) : geomType,
      max_geom: maxGeom === undefined ? (current?.max_geom ?? null) : maxGeom,
    };
    if (!out.geom_type) throw ValidationErrors.required('geom_type');
    if (!out.max_geom) throw ValidationErrors.required('max_geom');
    return out;
  }
}
