import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { AuditLog, type AuditActor } from '@agora/common';
import {
  type AttributeWire,
  type GeoJsonFeature,
  type GeoJsonFeatureCollection,
  type GeometryCrs,
  type GeomType,
} from '@agora/contracts';
import type { AttributeChangesBody, AttributeOrderBody, NewAttributeBody } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { fromGeoJson, toWgs84, type Sql } from '../geo/geo.sql.js';
import { KINDS_OF, geoError, parseCrs, parseGeoJson, requestCrs, type GeometryKind } from '../geo/geojson.js';
import { NO_ICONS, type IconWrite } from '../http/icons.js';
import { parseToken } from '../http/params.js';
import {
  assertUniqueMname,
  ATTRIBUTES,
  changedColumns,
  deleteItem,
  lockParents,
  nextPosition,
  type Placed,
  projectToken,
  recordTreeChange,
  reorderItem,
  treeAudit,
  TreeErrors,
  updateColumns,
} from '../node/tree.js';
import { ValidationErrors } from '../validation/validation.errors.js';

const ALL_KINDS: readonly GeometryKind[] = Object.values(KINDS_OF).flat();

type FeatureKind = 'predefined' | 'context';
type Row = Omit<AttributeWire, 'predefined' | 'context'> & { project: string };

const placed = (a: Row): Placed => ({ token: a.token, parent: a.node, project: a.project, mname: a.mname });

const SELECT = `SELECT a.token, a.node, a.name, a.mname, a.icon, a.icon_alt, a.has_geometry, a.geom_type, a.geom_color,
  a.max_geom, a.allow_drag, a.allow_resize, a.has_predefined, a.has_context, a.is_visible, a.forum_topic_id,
  a.forum_topic_url, a.sort_order, n.project
  FROM consultation.attribute a JOIN consultation.node n ON n.token = a.node`;

/** Features to store: EPSG:4326 GeoJSON geometry text with the feature's properties and id. */
interface StoredFeature {
  geometry: string;
  properties: Record<string, unknown> | null;
  id: string | number | null;
}

/** The attribute's columns after a write. */
type Columns = Pick<
  AttributeWire,
  | 'name'
  | 'mname'
  | 'icon'
  | 'icon_alt'
  | 'has_geometry'
  | 'geom_type'
  | 'geom_color'
  | 'max_geom'
  | 'allow_drag'
  | 'allow_resize'
  | 'has_predefined'
  | 'has_context'
  | 'is_visible'
>;

/** The geometry options of an attribute without geometry: cleared. */
const NO_GEOMETRY = {
  geom_type: null,
  geom_color: '',
  max_geom: null,
  allow_drag: false,
  allow_resize: false,
  has_predefined: false,
} satisfies Partial<Columns>;

const DEFAULTS: Columns = {
  name: '',
  mname: '',
  icon: '',
  icon_alt: '',
  has_geometry: false,
  ...NO_GEOMETRY,
  has_context: false,
  is_visible: true,
};

/**
 * Attributes of topics, with their predefined and context features (PostGIS, EPSG:4326).
 *
 * It runs on an EntityManager: the site's, or a transaction's (the demo data is added through it in one
 * transaction; its own transactions then nest as savepoints).
 */
@Injectable()
export class AttributeService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    @Optional() private readonly audit?: AuditLog,
  ) {}

  /**
   * Every attribute of a project (token or short name): by topic order, then their own. `rowIds`: each feature's
   * id is the number of its stored row (the id an answer names as its predefined feature), not the one imported.
   */
  async ofProject(project: string, rowIds = false): Promise<AttributeWire[]> {
    const token = await projectToken(this.db, project);
    const rows = await this.db.query<Row[]>(
      `${SELECT} WHERE n.project = $1 ORDER BY n.sort_order, n.created, a.sort_order, a.created, a.token`,
      [token],
    );
    return this.withFeatures(rows, rowIds);
  }

  /** One attribute of a topic; 404 when it is not that topic's. */
  async one(node: string, token: string): Promise<AttributeWire> {
    const row = await this.row(token);
    if (row.node !== node) throw TreeErrors.notFound('attribute');
    return (await this.withFeatures([row]))[0]!;
  }

  async find(token: string): Promise<AttributeWire> {
    return (await this.withFeatures([await this.row(token)]))[0]!;
  }

  private async row(token: string): Promise<Row> {
    const [row] = await this.db.query<Row[]>(`${SELECT} WHERE a.token = $1`, [token]);
    if (!row) throw TreeErrors.notFound('attribute');
    return row;
  }

  /**
   * Adds an attribute; `icons` stores an uploaded icon (after the checks, before the write). An administrator's
   * (`actor`) is recorded in the audit log (`attribute.create`).
   */
  async create(
    fields: NewAttributeBody,
    icons: IconWrite = NO_ICONS,
    actor?: AuditActor,
  ): Promise<AttributeWire> {
    const node = parseToken(fields.node);
    const { columns, features } = await this.read(fields, DEFAULTS, null);
    const token = await icons(async ([icon]) => {
      if (icon !== undefined) columns.icon = icon;
      return this.db.transaction(async (m) => {
        await lockParents(m, ATTRIBUTES, [node]);
        await assertUniqueMname(m, ATTRIBUTES, node, columns.mname);
        const keys = Object.keys(columns) as Array<keyof Columns>;
        const [row] = await m.query<Array<{ token: string }>>(
          `INSERT INTO consultation.attribute (node, sort_order, ${keys.join(', ')})
           VALUES ($1, $2, ${keys.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING token`,
          [node, await nextPosition(m, ATTRIBUTES, node), ...keys.map((k) => columns[k])],
        );
        await this.writeFeatures(m, row!.token, features);
        const [created] = await m.query<Row[]>(`${SELECT} WHERE a.token = $1`, [row!.token]);
        const audit = treeAudit(this.audit, actor);
        await recordTreeChange(m, audit, ATTRIBUTES, row!.token, 'create', { after: created });
        return row!.token;
      });
    });
    return this.find(token);
  }

  /**
   * Changes the fields sent (only those); `{is_visible}` alone hides or shows. `icons` stores an uploaded icon
   * (after the checks, before the write).
   */
  async update(
    token: string,
    fields: AttributeChangesBody,
    icons: IconWrite = NO_ICONS,
    actor?: AuditActor,
  ): Promise<AttributeWire> {
    const current = await this.row(token);
    if (fields.node !== undefined && fields.node !== current.node)
      throw ValidationErrors.invalidField('node', 'move an attribute with sortOrder');
    const { columns, features } = await this.read(fields, current, token);
    await icons(async ([icon]) => {
      if (icon !== undefined) columns.icon = icon;
      const changes = (Object.keys(columns) as Array<keyof Columns>)
        .filter((k) => columns[k] !== current[k])
        .map((k): [string, unknown] => [k, columns[k]]);
      await this.db.transaction(async (m) => {
        if (columns.mname !== current.mname)
          await assertUniqueMname(m, ATTRIBUTES, current.node, columns.mname, token);
        await updateColumns(m, ATTRIBUTES, token, changes);
        await this.writeFeatures(m, token, features);
        const audit = treeAudit(this.audit, actor);
        const { before, after } = changedColumns(current, changes);
        // features sent: how many there are now (their geometries are the attribute's answers' frame, not data)
        if (fields.predefined !== undefined) after.predefined_features = features.predefined?.length ?? 0;
        if (fields.context !== undefined) after.context_features = features.context?.length ?? 0;
        if (Object.keys(after).length > 0)
          await recordTreeChange(m, audit, ATTRIBUTES, token, 'update', { before, after });
      });
    });
    return this.find(token);
  }

  /** Deletes an attribute (`attribute.delete`, as it was). */
  async remove(token: string, actor?: AuditActor): Promise<void> {
    const row = await this.row(token);
    await deleteItem(this.db, ATTRIBUTES, placed(row), treeAudit(this.audit, actor), row);
  }

  /** Moves an attribute to a 1-based position in a topic (`node`, its own by default) of the same project. */
  async reorder(
    project: string,
    token: string,
    move: AttributeOrderBody,
    actor?: AuditActor,
  ): Promise<AttributeWire> {
    const to = { sort_order: move.sort_order, parent: move.node };
    const audit = treeAudit(this.audit, actor);
    await reorderItem(this.db, ATTRIBUTES, placed(await this.row(token)), project, to, audit);
    return this.find(token);
  }

  /**
   * The columns after the write and the feature lists to replace. Without geometry, the geometry options and
   * predefined features are cleared; without has_context, the context. Predefined features need geometry and
   * must be of its geom_type; context features may be of any kind.
   */
  private async read(
    fields: AttributeChangesBody,
    before: Columns,
    token: string | null,
  ): Promise<{ columns: Columns; features: Partial<Record<FeatureKind, StoredFeature[]>> }> {
    const pick = <K extends keyof Columns>(key: K, value: Columns[K] | undefined): Columns[K] =>
      value === undefined ? before[key] : value;
    const columns: Columns = {
      name: pick('name', fields.name),
      mname: pick('mname', fields.mname),
      icon: pick('icon', fields.icon),
      icon_alt: pick('icon_alt', fields.icon_alt),
      has_geometry: pick('has_geometry', fields.has_geometry),
      geom_type: pick('geom_type', fields.geom_type),
      geom_color: pick('geom_color', fields.geom_color),
      max_geom: pick('max_geom', fields.max_geom),
      allow_drag: pick('allow_drag', fields.allow_drag),
      allow_resize: pick('allow_resize', fields.allow_resize),
      has_predefined: pick('has_predefined', fields.has_predefined),
      has_context: pick('has_context', fields.has_context),
      is_visible: pick('is_visible', fields.is_visible),
    };
    if (fields.has_predefined && !columns.has_geometry)
      throw ValidationErrors.invalidField('has_predefined', 'predefined features need has_geometry');
    if (!columns.has_geometry) Object.assign(columns, NO_GEOMETRY);
    else if (!columns.geom_type) throw ValidationErrors.required('geom_type');

    const declared =
      fields.geometry_crs !== undefined ? parseCrs('geometry_crs', fields.geometry_crs) : undefined;
    const features: Partial<Record<FeatureKind, StoredFeature[]>> = {};
    const lists: Array<[FeatureKind, boolean, readonly GeometryKind[]]> = [
      ['predefined', columns.has_predefined, columns.geom_type ? KINDS_OF[columns.geom_type] : ALL_KINDS],
      ['context', columns.has_context, ALL_KINDS],
    ];
    for (const [kind, on, kinds] of lists) {
      const raw = fields[kind];
      if (!on) {
        if (token) features[kind] = [];
        continue;
      }
      if (raw === undefined || raw === null) {
        if (raw === null || !token || !(await this.hasFeatures(token, kind)))
          throw ValidationErrors.required(kind);
        if (kind === 'predefined') await this.assertKinds(token, columns.geom_type!);
        continue;
      }
      const parsed = parseGeoJson(kind, raw, kinds, this.config.geoJson.maxCoordinates);
      if (parsed.features.length === 0) throw ValidationErrors.required(kind);
      const crs: GeometryCrs = requestCrs(kind, declared, parsed.crs);
      const geometries = await toWgs84(
        this.db,
        kind,
        parsed.features.map((f) => f.geometry),
        crs,
      );
      features[kind] = parsed.features.map((f, i) => ({
        geometry: geometries[i]!,
        properties: f.properties,
        id: f.id ?? null,
      }));
    }
    return { columns, features };
  }

  private async hasFeatures(token: string, kind: FeatureKind): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `SELECT 1 FROM consultation.attribute_feature WHERE attribute = $1 AND kind = $2 LIMIT 1`,
      [token, kind],
    );
    return rows.length > 0;
  }

  /** 400 when stored predefined features are not of the (new) geometry type. */
  private async assertKinds(token: string, type: GeomType): Promise<void> {
    const rows = await this.db.query<unknown[]>(
      `SELECT 1 FROM consultation.attribute_feature WHERE attribute = $1 AND kind = 'predefined'
       AND public.GeometryType(geom) <> ALL($2::text[]) LIMIT 1`,
      [token, KINDS_OF[type].map((k) => k.toUpperCase())],
    );
    if (rows.length > 0)
      throw geoError('predefined', `the features are not of geom_type ${type}: send new ones`);
  }

  /** Replaces the feature lists given. */
  private async writeFeatures(
    m: Sql,
    token: string,
    features: Partial<Record<FeatureKind, StoredFeature[]>>,
  ): Promise<void> {
    for (const [kind, list] of Object.entries(features)) {
      await m.query(`DELETE FROM consultation.attribute_feature WHERE attribute = $1 AND kind = $2`, [
        token,
        kind,
      ]);
      if (list.length === 0) continue;
      await m.query(
        `INSERT INTO consultation.attribute_feature (attribute, kind, position, feature_id, geom, properties)
         SELECT $1, $2, ord, NULLIF(f->'id', 'null'), ${fromGeoJson("f->>'geometry'")},
           NULLIF(f->'properties', 'null')
         FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t(f, ord)`,
        [token, kind, JSON.stringify(list)],
      );
    }
  }

  /**
   * Attributes with their feature collections (null when the attribute has none of that kind); `rowIds`: the
   * features' ids are their rows' numbers.
   */
  private async withFeatures(rows: Row[], rowIds = false): Promise<AttributeWire[]> {
    const tokens = rows.filter((r) => r.has_predefined || r.has_context).map((r) => r.token);
    const found = tokens.length
      ? await this.db.query<Array<{ attribute: string; kind: FeatureKind; feature: GeoJsonFeature }>>(
          `SELECT attribute, kind, jsonb_build_object('type', 'Feature',
                    'geometry', public.ST_AsGeoJSON(geom)::jsonb, 'properties', properties)
                  || CASE WHEN $2 THEN jsonb_build_object('id', id)
                          WHEN feature_id IS NULL THEN '{}'::jsonb
                          ELSE jsonb_build_object('id', feature_id) END AS feature
           FROM consultation.attribute_feature WHERE attribute = ANY($1::uuid[])
           ORDER BY attribute, kind, position`,
          [tokens, rowIds],
        )
      : [];
    const collections = new Map<string, GeoJsonFeatureCollection>();
    for (const { attribute, kind, feature } of found) {
      const key = `${attribute}/${kind}`;
      if (!collections.has(key)) collections.set(key, { type: 'FeatureCollection', features: [] });
      collections.get(key)!.features.push(feature);
    }
    const empty = (): GeoJsonFeatureCollection => ({ type: 'FeatureCollection', features: [] });
    return rows.map(({ project: _project, ...r }) => ({
      ...r,
      predefined: r.has_predefined ? (collections.get(`${r.token}/predefined`) ?? empty()) : null,
      context: r.has_context ? (collections.get(`${r.token}/context`) ?? empty()) : null,
    }));
  }
}
