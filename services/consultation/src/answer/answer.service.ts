import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { GeoJsonGeometry, GeomType, SessionUser, VariableKind } from '@agora/contracts';
import type {
  AnswerValuesChangeBody,
  ChoiceAnswer,
  ChoiceGeometryBody,
  ChoiceValuesAnswer,
  NewAnswerValuesBody,
  NewChoiceBody,
  VariableValuesAnswer,
} from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  cleanImage,
  documentKindOfFile,
  DOCUMENT_MIME,
  utf8Name,
  type DocumentKind,
} from '@agora/common/uploads';
import type { SpooledFilePart } from '@agora/common';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { geoError } from '../geo/geojson.js';
import { isProjectOpen, todayIn } from '../project/project-dates.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import {
  CHOICE_COLUMNS,
  choiceAnswer,
  VALUE_COLUMNS,
  valueAnswer,
  type ChoiceRow,
  type ValueRow,
} from './answer.mapper.js';
import {
  accessOf,
  answerGeomType,
  AnswerErrors,
  drawnGeometry,
  fileLimit,
  isTranslation,
  kindsOf,
  typedValue,
  writerRole,
  type AnswerAccess,
  type TypedValue,
} from './answer.rules.js';
import { answerFileKey, AnswerFileStore, type CheckedFile, type OpenedAnswerFile } from './answer-files.js';

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

const CONTEXT = `SELECT a.token AS attribute, a.node, n.project, p.category, a.has_geometry, a.geom_type, a.max_geom,
  a.allow_drag, a.allow_resize, a.has_predefined, a.is_visible, n.has_geometry AS node_has_geometry,
  n.geom_type AS node_geom_type, n.max_geom AS node_max_geom, p.active, p.start_date::text AS start_date,
  p.end_date::text AS end_date, p.is_public, p.max_bytes::float8 AS max_bytes
  FROM consultation.attribute a
  JOIN consultation.node n ON n.token = a.node
  JOIN consultation.project p ON p.token = n.project`;

/** One uploaded part `resource_i`, spooled to a temporary file as it arrived. */
export type AnswerFilePart = SpooledFilePart;

const RESOURCE_PART = /^resource_([0-9]{1,2})$/;

/**
 * Answers (the spec's "choice") and their values (docs/decisions/0037-answer-storage-and-rules.md). Every rule is
 * the server's: enrolment, project dates, geometry type and boundary (PostGIS), max_geom per attribute and topic
 * under a per-(owner, topic) lock, ownership, and each value against its variable's options. Writes are one
 * transaction each: nothing is half-written.
 */
@Injectable()
export class AnswerService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    private readonly files: AnswerFileStore,
  ) {}

  // ------------------------------------------------------------------------------------------ look-ups

  async context(attribute: string, db: EntityManager = this.db): Promise<AttributeContext> {
    const [row] = await db.query<AttributeContext[]>(`${CONTEXT} WHERE a.token = $1`, [attribute]);
    if (!row) throw AnswerErrors.attributeNotFound();
    return row;
  }

  private async choiceRow(token: string, db: EntityManager = this.db, lock = false): Promise<ChoiceRow> {
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
  private assertMayWrite(ctx: AttributeContext, user: SessionUser): void {
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
  private assertMayRead(ctx: AttributeContext, owner: string, user: SessionUser): void {
    const access = this.access(ctx, user);
    if (owner === user.uuid || access !== 'normal') return;
    if (!ctx.is_public) throw AnswerErrors.notPublic();
    if (!ctx.is_visible) throw AnswerErrors.choiceNotFound();
  }

  // ---------------------------------------------------------------------------------------- answers

  /** `POST data/scope/attribute`: a new answer, with its geometry when the attribute or its topic has one. */
  async create(body: NewChoiceBody, user: SessionUser): Promise<ChoiceAnswer> {
    const ctx = await this.context(body.attribute);
    if (body.node !== undefined && body.node !== ctx.node)
      throw ValidationErrors.invalidField('node', "not the attribute's topic", 'invalid');
    this.assertMayWrite(ctx, user);
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

    const row = await this.db.transaction(async (tx) => {
      // One writer per (owner, topic) at a time: concurrent posts of one user count each other's answers.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `answer:${user.uuid}:${ctx.node}`,
      ]);
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
        `INSERT INTO consultation.answer AS a (project, node, attribute, owner, geom, predefined)
         VALUES ($1, $2, $3, $4,
           CASE WHEN $5::text IS NULL THEN NULL ELSE public.ST_SetSRID(public.ST_GeomFromGeoJSON($5::text), 4326) END,
           $6::bigint)
         RETURNING ${CHOICE_COLUMNS}`,
        [ctx.project, ctx.node, ctx.attribute, user.uuid, json, predefined],
      );
      return inserted!;
    });
    return choiceAnswer(row, user.uuid);
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
    const current = await this.choiceRow(token);
    const ctx = await this.context(current.attribute);
    this.assertOwnerWrites(ctx, current, user);
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
      await this.choiceRow(token, tx, true);
      await this.assertInside(tx, ctx.node, geometry);
      await tx.query(
        `UPDATE consultation.answer SET geom = public.ST_SetSRID(public.ST_GeomFromGeoJSON($2::text), 4326),
           updated = now() WHERE token = $1`,
        [token, JSON.stringify(geometry)],
      );
    });
    return choiceAnswer(await this.choiceRow(token), user.uuid);
  }

  /** `DELETE data/scope/attribute/choice/{choice}`: the owner's, while the project is open; values and files go too. */
  async remove(token: string, user: SessionUser): Promise<void> {
    const current = await this.choiceRow(token);
    const ctx = await this.context(current.attribute);
    this.assertOwnerWrites(ctx, current, user);
    await this.db.query(`DELETE FROM consultation.answer WHERE token = $1`, [token]);
    await this.files.sweep();
  }

  private assertOwnerWrites(ctx: AttributeContext, current: { owner: string }, user: SessionUser): void {
    if (!writerRole(user, ctx.category)) throw AnswerErrors.notEnrolled();
    if (current.owner !== user.uuid) throw AnswerErrors.notOwner();
    if (!isProjectOpen(ctx, this.today())) throw AnswerErrors.closed();
  }

  /** `GET choice/token/{token}`. */
  async choice(token: string, user: SessionUser): Promise<ChoiceAnswer> {
    const row = await this.choiceRow(token);
    this.assertMayRead(await this.context(row.attribute), row.owner, user);
    return choiceAnswer(row, user.uuid);
  }

  /** `GET data/scope/answers/choice/{choice}`: the answer and its values (of visible variables for participants). */
  async choiceValues(token: string, user: SessionUser): Promise<ChoiceValuesAnswer> {
    const row = await this.choiceRow(token);
    const ctx = await this.context(row.attribute);
    this.assertMayRead(ctx, row.owner, user);
    const staff = accessOf(user, ctx.category) === 'staff';
    const values = await this.values(token, null, !staff);
    return {
      choice: choiceAnswer(row, user.uuid),
      values: values.map((v) => ({ variable: v.variable, ...valueAnswer(v) })),
    };
  }

  private values(answer: string, variable: string | null, visibleOnly: boolean): Promise<ValueRow[]> {
    return this.db.query<ValueRow[]>(
      `SELECT ${VALUE_COLUMNS}
       FROM consultation.answer_value v
       JOIN consultation.variable var ON var.token = v.variable
       LEFT JOIN consultation.answer_file f ON f.id = v.file
       WHERE v.answer = $1 AND ($2::uuid IS NULL OR v.variable = $2) AND (NOT $3 OR var.is_visible)
       ORDER BY var.sort_order, var.created, v.id`,
      [answer, variable, visibleOnly],
    );
  }

  // ----------------------------------------------------------------------------------------- values

  /**
   * `POST data/scope/variable` (`mode` new: nothing stored yet for that variable, every required kind given) and
   * its PUT (`mode` change: only the values sent change; an empty one is removed unless required).
   */
  async writeValues(
    body: NewAnswerValuesBody | (AnswerValuesChangeBody & { choice: string; variable: string }),
    files: readonly AnswerFilePart[],
    user: SessionUser,
    mode: 'new' | 'change',
  ): Promise<VariableValuesAnswer> {
    // The answer's owner, its attribute's context and the variable, in one read.
    const [ctx] = await this.db.query<
      Array<
        AttributeContext & {
          owner: string;
          variable_attribute: string | null;
          variable_visible: boolean | null;
          variable_type: VariableKind[] | null;
        }
      >
    >(
      `SELECT c.owner, ctx.*, v.attribute AS variable_attribute, v.is_visible AS variable_visible, v.variable_type
       FROM consultation.answer c
       JOIN (${CONTEXT}) ctx ON ctx.attribute = c.attribute
       LEFT JOIN consultation.variable v ON v.token = $2
       WHERE c.token = $1`,
      [body.choice, body.variable],
    );
    if (!ctx) throw AnswerErrors.choiceNotFound();
    this.assertOwnerWrites(ctx, ctx, user);
    if (ctx.variable_attribute !== ctx.attribute || !ctx.variable_visible || !ctx.variable_type)
      throw AnswerErrors.variableNotFound();
    const kinds = kindsOf(ctx.variable_type);

    const byIndex = new Map<number, AnswerFilePart>();
    for (const file of files) {
      const index = Number(RESOURCE_PART.exec(file.fieldname)?.[1]);
      const value = body.values[index];
      if (!value || (value.variable_type !== 'photo' && value.variable_type !== 'document'))
        throw ValidationErrors.invalidField(
          file.fieldname,
          'no photo or document value values[i] for this file',
          'invalid',
        );
      byIndex.set(index, file);
    }

    const seen = new Set<string>();
    const typed: TypedValue[] = body.values.map((raw, i) => {
      const options = kinds.get(raw.variable_type);
      if (!options)
        throw ValidationErrors.invalidField(
          `values[${i}][variable_type]`,
          'not a value type of this variable',
          'choice',
        );
      if (seen.has(raw.variable_type))
        throw ValidationErrors.invalidField(
          `values[${i}][variable_type]`,
          'this value type appears more than once',
          'duplicate',
        );
      seen.add(raw.variable_type);
      const value = typedValue(i, raw.variable_type, raw, options, byIndex.has(i));
      if (value.empty && options.required) throw ValidationErrors.required(`values[${i}][value]`);
      return value;
    });
    if (mode === 'new')
      for (const [kind, options] of kinds)
        if (options.required && !seen.has(kind))
          throw ValidationErrors.invalidField('values', `${kind}: This value is required.`, 'required');

    const checked = await Promise.all(
      typed.flatMap((v) =>
        v.file === undefined
          ? []
          : [this.checkFile(v, byIndex.get(v.file)!, kinds.get(v.kind) ?? {}, ctx.max_bytes)],
      ),
    );

    // The files' objects first, then the rows that name them: a failure deletes the objects again.
    await this.files.put(checked);
    const written = await this.db
      .transaction(async (tx): Promise<ValueRow[] | null> => {
        // Locks the answer (one writer of its values at a time) and marks it updated. TypeORM's postgres driver
        // answers an UPDATE with `[rows, affected]`.
        const [, affected] = (await tx.query(
          `UPDATE consultation.answer SET updated = now() WHERE token = $1`,
          [body.choice],
        )) as [unknown[], number];
        if (!affected) throw AnswerErrors.choiceNotFound();
        if (mode === 'new' && checked.length === 0) {
          // Nothing stored yet for the variable (else 409), so no old value or file to replace: one INSERT.
          return this.insertNew(tx, body.choice, body.variable, typed);
        }
        if (mode === 'new') {
          const [stored] = await tx.query<unknown[]>(
            `SELECT 1 FROM consultation.answer_value WHERE answer = $1 AND variable = $2 LIMIT 1`,
            [body.choice, body.variable],
          );
          if (stored) throw AnswerErrors.answered();
        }
        for (const value of typed) {
          const file = checked.find((f) => f.index === value.file);
          await this.store(tx, body.choice, body.variable, value, file, user.uuid);
        }
        return null;
      })
      .catch(async (error: unknown) => {
        await this.files.discard(checked);
        throw error;
      });
    // the objects of the files this write replaced or removed
    if (checked.length || mode === 'change') await this.files.sweep();
    const values = written ?? (await this.values(body.choice, body.variable, false));
    return { choice: body.choice, variable: body.variable, values: values.map(valueAnswer) };
  }

  /**
   * A photo (an image by its bytes, metadata removed) or a document (pdf/doc/docx by its bytes, among `accepts`,
   * checked in its spooled file a page at a time). A photo is read whole: removing its metadata without touching
   * its pixels needs all of it (decision 0049).
   */
  private async checkFile(
    value: TypedValue,
    part: AnswerFilePart,
    options: { maxSize?: number; accepts?: DocumentKind[] },
    projectMaxBytes: number,
  ): Promise<CheckedFile> {
    const field = part.fieldname;
    const limit = fileLimit(options, projectMaxBytes);
    if (part.size > limit) throw AnswerErrors.fileTooLarge(field, limit);
    const name = (utf8Name(part) || field).slice(0, 255);
    const id = randomUUID();
    if (value.kind === 'photo') {
      const image = await cleanImage(await readFile(part.path));
      if (!image) throw AnswerErrors.badFile(field, 'not an image (jpeg, png, webp, gif or avif)');
      const sha256 = createHash('sha256').update(image.data).digest('hex');
      const bytes = image.data.length;
      return { index: value.file!, id, name, mime: image.mime, bytes, sha256, source: { data: image.data } };
    }
    const kind = documentKindOfFile(part.path, name);
    const accepts = options.accepts?.length ? options.accepts : (['pdf', 'doc', 'docx'] as DocumentKind[]);
    if (!kind || !accepts.includes(kind))
      throw AnswerErrors.badFile(
        field,
        `the file must be a ${accepts.map((a) => `.${a}`).join(', ')} document`,
      );
    const mime = DOCUMENT_MIME[kind];
    return {
      index: value.file!,
      id,
      name,
      mime,
      bytes: part.size,
      sha256: part.sha256,
      source: { file: part.path },
    };
  }

  /**
   * The first values of a variable (no file among them), in one statement that answers them as stored: 409 when
   * the answer already has values of that variable. Empty values are not stored.
   */
  private async insertNew(
    tx: EntityManager,
    answer: string,
    variable: string,
    typed: readonly TypedValue[],
  ): Promise<ValueRow[]> {
    const rows = typed
      .filter((v) => !v.empty)
      .map((v) => ({
        kind: v.kind,
        text_value: v.text_value ?? null,
        number_value: v.number_value ?? null,
        date_value: v.date_value ?? null,
        list_value: v.list_value ?? null,
        lat: v.location?.lat ?? null,
        lon: v.location?.lon ?? null,
      }));
    const written = await tx.query<Array<ValueRow & { stored: boolean }>>(
      `WITH stored AS (
         SELECT EXISTS (SELECT 1 FROM consultation.answer_value WHERE answer = $1 AND variable = $2) AS stored),
       added AS (
         INSERT INTO consultation.answer_value
           (answer, variable, kind, text_value, number_value, date_value, list_value, location)
         SELECT $1, $2, x.kind, x.text_value, x.number_value::numeric, x.date_value::date,
           CASE WHEN x.list_value IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(x.list_value)) END,
           CASE WHEN x.lat IS NULL THEN NULL ELSE public.ST_SetSRID(public.ST_MakePoint(x.lon, x.lat), 4326) END
         FROM ROWS FROM (jsonb_to_recordset($3::jsonb) AS (kind text, text_value text, number_value text,
           date_value text, list_value jsonb, lat float8, lon float8)) WITH ORDINALITY
           AS x(kind, text_value, number_value, date_value, list_value, lat, lon, n)
         WHERE NOT (SELECT stored FROM stored)
         ORDER BY x.n
         RETURNING *)
       SELECT (SELECT stored FROM stored) AS stored, ${VALUE_COLUMNS}
       FROM (SELECT 1) AS one
       LEFT JOIN added v ON true
       LEFT JOIN consultation.answer_file f ON f.id = v.file
       ORDER BY v.id`,
      [answer, variable, JSON.stringify(rows)],
    );
    if (written[0]!.stored) throw AnswerErrors.answered();
    return written.filter((v) => v.kind !== null);
  }

  /** Writes one value in its typed column (an empty one is removed), with its file. */
  private async store(
    tx: EntityManager,
    answer: string,
    variable: string,
    value: TypedValue,
    file: CheckedFile | undefined,
    owner: string,
  ): Promise<void> {
    const [old] = await tx.query<Array<{ file: string | null }>>(
      `SELECT file FROM consultation.answer_value WHERE answer = $1 AND variable = $2 AND kind = $3`,
      [answer, variable, value.kind],
    );
    // deleting a file deletes the value naming it: the old file goes once no kept value names it
    const dropOldFile = async () => {
      if (old?.file) await tx.query(`DELETE FROM consultation.answer_file WHERE id = $1`, [old.file]);
    };
    if (value.empty) {
      await dropOldFile();
      await tx.query(
        `DELETE FROM consultation.answer_value WHERE answer = $1 AND variable = $2 AND kind = $3`,
        [answer, variable, value.kind],
      );
      return;
    }
    let fileId: string | null = null;
    if (file) {
      await tx.query(
        `INSERT INTO consultation.answer_file (id, owner, answer, variable, name, mime, bytes, storage_key, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          file.id,
          owner,
          answer,
          variable,
          file.name,
          file.mime,
          file.bytes,
          answerFileKey(file.id),
          file.sha256,
        ],
      );
      fileId = file.id;
    }
    await tx.query(
      `INSERT INTO consultation.answer_value
         (answer, variable, kind, text_value, number_value, date_value, list_value, file, location)
       VALUES ($1, $2, $3, $4, $5::numeric, $6::date, $7::text[], $8::uuid,
         CASE WHEN $9::float8 IS NULL THEN NULL ELSE public.ST_SetSRID(public.ST_MakePoint($10::float8, $9::float8), 4326) END)
       ON CONFLICT (answer, variable, kind) DO UPDATE SET text_value = EXCLUDED.text_value,
         number_value = EXCLUDED.number_value, date_value = EXCLUDED.date_value, list_value = EXCLUDED.list_value,
         file = EXCLUDED.file, location = EXCLUDED.location, updated = now()`,
      [
        answer,
        variable,
        value.kind,
        value.text_value ?? null,
        value.number_value ?? null,
        value.date_value ?? null,
        value.list_value ?? null,
        fileId,
        value.location?.lat ?? null,
        value.location?.lon ?? null,
      ],
    );
    await dropOldFile();
  }

  // ------------------------------------------------------------------------------------------ files

  /** `GET data/scope/file/{id}`: the bytes, streamed from the store, to who may read the answer. */
  async file(id: string, user: SessionUser): Promise<OpenedAnswerFile> {
    const [row] = await this.db.query<
      Array<{
        attribute: string;
        owner: string;
        id: string;
        name: string;
        mime: string;
        bytes: number;
        storage_key: string | null;
      }>
    >(
      `SELECT a.attribute, a.owner, f.id, f.name, f.mime, f.bytes, f.storage_key
       FROM consultation.answer_file f JOIN consultation.answer a ON a.token = f.answer WHERE f.id = $1`,
      [id],
    );
    if (!row) throw AnswerErrors.fileNotFound();
    this.assertMayRead(await this.context(row.attribute), row.owner, user);
    const opened = await this.files.open(row);
    if (!opened) throw AnswerErrors.fileNotFound();
    return opened;
  }
}
