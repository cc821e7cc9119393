import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { GeoJsonGeometry, SessionUser } from '@agora/contracts';
import type { ChoiceAnswer, ChoiceGeometryBody, NewChoiceBody } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { geoError } from '../geo/geojson.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import { AnswerAccessService, type AttributeContext } from './answer-access.service.js';
import { AnswerFileStore } from './answer-files.js';
import { CHOICE_COLUMNS, choiceAnswer, type ChoiceRow } from './answer.mapper.js';
import { answerGeomType, AnswerErrors, drawnGeometry, isTranslation } from './answer.rules.js';

/**
 * The writes of answers (the spec's "choice"): added with their geometry (drawn or predefined), moved or
 * reshaped, removed. The geometry type and the topic's boundary are checked by PostGIS, max_geom per attribute
 * and topic under a per-(owner, topic) lock; each write is one transaction.
 */
@Injectable()
export class AnswerWritesService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly gate: AnswerAccessService,
    private readonly files: AnswerFileStore,
  ) {}

  /**
   * `POST data/scope/attribute`: a new answer, with its geometry when the attribute or its topic has one. With an
   * `Idempotency-Key` (decision 0092), a request sent again with the same key and body answers the answer the
   * first one made (`replayed`), whatever has changed since (the dates, max_geom); the same key with another body
   * is refused (422). A key is its owner's: another user's key never matches.
   */
  async create(
    body: NewChoiceBody,
    user: SessionUser,
    idempotencyKey?: string,
  ): Promise<{ answer: ChoiceAnswer; replayed: boolean }> {
    const key = idempotencyKey === undefined ? null : { key: idempotencyKey, digest: requestDigest(body) };
    if (key) {
      const earlier = await this.madeWith(this.db, user.uuid, key);
      if (earlier) return { answer: choiceAnswer(earlier, user.uuid), replayed: true };
    }
    const ctx = await this.gate.context(body.attribute);
    if (body.node !== undefined && body.node !== ctx.node)
      throw ValidationErrors.invalidField('node', "not the attribute's topic", 'invalid');
    this.gate.assertMayWrite(ctx, user);
    const type = answerGeomType(ctx, { has_geometry: ctx.node_has_geometry, geom_type: ctx.node_geom_type });
    const raw = body.geometry ?? null;
    let geometry: GeoJsonGeometry | null = null;
    let predefined: number | null = null;
    if (type === null) {
      if (raw !== null) throw AnswerErrors.geometryType('this attribute takes no geometry');
    } else if (raw === null) {
      throw AnswerErrors.geometryType(`a ${type} is required`);
    } else if ('predefined' in raw) {
      ({ geometry, predefined } = await this.predefined(ctx, raw.predefined as number));
    } else {
      geometry = drawnGeometry(raw, type);
    }

    const made = await this.db.transaction(async (tx) => {
      // One writer per (owner, topic) at a time: concurrent posts of one user count each other's answers.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `answer:${user.uuid}:${ctx.node}`,
      ]);
      if (key) {
        // one writer per (owner, key) too: a key sent twice at once, for another topic, waits for the first
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
          `answer-key:${user.uuid}:${key.key}`,
        ]);
        const earlier = await this.madeWith(tx, user.uuid, key);
        if (earlier) return { row: earlier, replayed: true };
      }
      const json = geometry ? JSON.stringify(geometry) : null;
      if (geometry) {
        await this.assertMayAdd(tx, ctx, user.uuid, predefined === null ? json : null);
      } else {
        const [mine] = await tx.query<unknown[]>(
          `SELECT 1 FROM consultation.answer WHERE attribute = $1 AND owner = $2 AND geom IS NULL LIMIT 1`,
          [ctx.attribute, user.uuid],
        );
        if (mine) throw AnswerErrors.once();
      }
      const [inserted] = await tx.query<ChoiceRow[]>(
        `INSERT INTO consultation.answer AS a
           (project, node, attribute, owner, geom, predefined, idempotency_key, idempotency_digest)
         VALUES ($1, $2, $3, $4,
           CASE WHEN $5::text IS NULL THEN NULL ELSE public.ST_SetSRID(public.ST_GeomFromGeoJSON($5::text), 4326) END,
           $6::bigint, $7, $8)
         RETURNING ${CHOICE_COLUMNS}`,
        [
          ctx.project,
          ctx.node,
          ctx.attribute,
          user.uuid,
          json,
          predefined,
          key?.key ?? null,
          key?.digest ?? null,
        ],
      );
      return { row: inserted!, replayed: false };
    });
    return { answer: choiceAnswer(made.row, user.uuid), replayed: made.replayed };
  }

  /** The owner's answer made with this key, or null; the key with another body is refused. */
  private async madeWith(
    db: EntityManager,
    owner: string,
    key: { key: string; digest: string },
  ): Promise<ChoiceRow | null> {
    const [row] = await db.query<Array<ChoiceRow & { idempotency_digest: string }>>(
      `SELECT ${CHOICE_COLUMNS}, a.idempotency_digest FROM consultation.answer a
        WHERE a.owner = $1 AND a.idempotency_key = $2`,
      [owner, key.key],
    );
    if (!row) return null;
    if (row.idempotency_digest !== key.digest) throw AnswerErrors.idempotencyKeyReused();
    const { idempotency_digest: _digest, ...answer } = row;
    return answer;
  }

  /** A predefined feature of the attribute, by id: its geometry (already in the attribute's store). */
  private async predefined(
    ctx: AttributeContext,
    id: number,
  ): Promise<{ geometry: GeoJsonGeometry; predefined: number }> {
    if (!ctx.has_predefined)
      throw ValidationErrors.invalidField(
        'geometry.predefined',
        'this attribute has no predefined features',
        'invalid',
      );
    const [row] = await this.db.query<Array<{ geometry: GeoJsonGeometry }>>(
      `SELECT public.ST_AsGeoJSON(geom)::jsonb AS geometry FROM consultation.attribute_feature
       WHERE id = $1 AND attribute = $2 AND kind = 'predefined'`,
      [id, ctx.attribute],
    );
    if (!row)
      throw ValidationErrors.invalidField(
        'geometry.predefined',
        'not a predefined feature of this attribute',
        'choice',
      );
    return { geometry: row.geometry, predefined: id };
  }

  /** 400 for an invalid shape; 422 outside the topic's boundary (points must lie inside it, others intersect it). */
  private async assertInside(db: EntityManager, node: string, geometry: GeoJsonGeometry): Promise<void> {
    const [row] = await db.query<Array<{ valid: boolean; inside: boolean }>>(
      `WITH g AS (SELECT public.ST_SetSRID(public.ST_GeomFromGeoJSON($2::text), 4326) AS geom)
       SELECT public.ST_IsValid(g.geom) AS valid,
         CASE WHEN n.boundary IS NULL THEN true
              WHEN public.GeometryType(g.geom) IN ('POINT', 'MULTIPOINT') THEN public.ST_CoveredBy(g.geom, n.boundary)
              ELSE public.ST_Intersects(g.geom, n.boundary) END AS inside
       FROM consultation.node n, g WHERE n.token = $1`,
      [node, JSON.stringify(geometry)],
    );
    if (!row?.valid) throw geoError('geometry', 'the shape is not valid (it crosses itself)');
    if (!row.inside) throw AnswerErrors.outOfBoundaries();
  }

  /**
   * One statement under the lock: a drawn geometry (`drawn`, GeoJSON text; null for a predefined feature) must be
   * valid (400) and inside the topic's boundary (422), then the owner must have fewer than max_geom answers with
   * geometry in the attribute and in the topic (409).
   */
  private async assertMayAdd(
    db: EntityManager,
    ctx: AttributeContext,
    owner: string,
    drawn: string | null,
  ): Promise<void> {
    const [row] = await db.query<
      Array<{ valid: boolean; inside: boolean; in_attribute: number; in_topic: number }>
    >(
      `WITH g AS (SELECT public.ST_SetSRID(public.ST_GeomFromGeoJSON($4::text), 4326) AS geom)
       SELECT $4::text IS NULL OR public.ST_IsValid(g.geom) AS valid,
         CASE WHEN $4::text IS NULL OR n.boundary IS NULL THEN true
              WHEN public.GeometryType(g.geom) IN ('POINT', 'MULTIPOINT') THEN public.ST_CoveredBy(g.geom, n.boundary)
              ELSE public.ST_Intersects(g.geom, n.boundary) END AS inside,
         c.in_attribute, c.in_topic
       FROM consultation.node n, g,
         (SELECT count(*) FILTER (WHERE attribute = $1)::int AS in_attribute, count(*)::int AS in_topic
          FROM consultation.answer WHERE node = $2 AND owner = $3 AND geom IS NOT NULL) c
       WHERE n.token = $2`,
      [ctx.attribute, ctx.node, owner, drawn],
    );
    if (!row?.valid) throw geoError('geometry', 'the shape is not valid (it crosses itself)');
    if (!row.inside) throw AnswerErrors.outOfBoundaries();
    if (ctx.max_geom !== null && row.in_attribute >= ctx.max_geom)
      throw AnswerErrors.maxGeom('attribute', ctx.max_geom);
    if (ctx.node_max_geom !== null && row.in_topic >= ctx.node_max_geom)
      throw AnswerErrors.maxGeom('topic', ctx.node_max_geom);
  }

  /** `PUT data/scope/attribute/choice/{choice}`: moved (allow_drag: a translation) or reshaped (allow_resize). */
  async move(token: string, body: ChoiceGeometryBody, user: SessionUser): Promise<ChoiceAnswer> {
    const current = await this.gate.choiceRow(token);
    const ctx = await this.gate.context(current.attribute);
    this.gate.assertOwnerWrites(ctx, current, user);
    const type = answerGeomType(ctx, { has_geometry: ctx.node_has_geometry, geom_type: ctx.node_geom_type });
    if (type === null || current.geometry === null)
      throw AnswerErrors.geometryType('this answer has no geometry');
    const geometry = drawnGeometry(body.geometry, type);
    const translated = isTranslation(current.geometry, geometry);
    if (!ctx.allow_resize && !(ctx.allow_drag && translated))
      throw ValidationErrors.invalidField(
        'geometry',
        ctx.allow_drag ? 'this answer may only be moved, not reshaped' : 'this answer cannot be moved',
        'invalid',
      );
    await this.db.transaction(async (tx) => {
      await this.gate.choiceRow(token, tx, true);
      await this.assertInside(tx, ctx.node, geometry);
      await tx.query(
        `UPDATE consultation.answer SET geom = public.ST_SetSRID(public.ST_GeomFromGeoJSON($2::text), 4326),
           updated = now() WHERE token = $1`,
        [token, JSON.stringify(geometry)],
      );
    });
    return choiceAnswer(await this.gate.choiceRow(token), user.uuid);
  }

  /** `DELETE data/scope/attribute/choice/{choice}`: the owner's, while the project is open; values and files go too. */
  async remove(token: string, user: SessionUser): Promise<void> {
    const current = await this.gate.choiceRow(token);
    const ctx = await this.gate.context(current.attribute);
    this.gate.assertOwnerWrites(ctx, current, user);
    await this.db.query(`DELETE FROM consultation.answer WHERE token = $1`, [token]);
    await this.files.sweep();
  }
}

/** The SHA-256 of what a new answer's request asks for, in a fixed key order: a replay sends the same bytes. */
function requestDigest(body: NewChoiceBody): string {
  const canonical = JSON.stringify([body.attribute, body.node ?? null, body.geometry ?? null]);
  return createHash('sha256').update(canonical).digest('hex');
}
