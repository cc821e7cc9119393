import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { SessionUser, VariableKind } from '@agora/contracts';
import type { AnswerValuesChangeBody, NewAnswerValuesBody, VariableValuesAnswer } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { ValidationErrors } from '../validation/validation.errors.js';
import { ATTRIBUTE_CONTEXT, AnswerAccessService, type AttributeContext } from './answer-access.service.js';
import { checkAnswerFile, type AnswerFilePart } from './answer-file-check.js';
import { answerFileKey, AnswerFileStore, type CheckedFile } from './answer-files.js';
import { VALUE_COLUMNS, valueAnswer, type ValueRow } from './answer.mapper.js';
import { AnswerErrors, kindsOf, typedValue, type TypedValue } from './answer.rules.js';
import { ChoiceReadsService } from './choice-reads.service.js';

const RESOURCE_PART = /^resource_([0-9]{1,2})$/;

/**
 * The values of answers, each in its typed column, with their files (docs/decisions/0037-answer-storage-and-rules.md):
 * checked against their variable's options, written in one transaction after the files' objects (removed again
 * when the rows are not written).
 */
@Injectable()
export class AnswerValuesService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly gate: AnswerAccessService,
    private readonly files: AnswerFileStore,
    private readonly choices: ChoiceReadsService,
  ) {}

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
       JOIN (${ATTRIBUTE_CONTEXT}) ctx ON ctx.attribute = c.attribute
       LEFT JOIN consultation.variable v ON v.token = $2
       WHERE c.token = $1`,
      [body.choice, body.variable],
    );
    if (!ctx) throw AnswerErrors.choiceNotFound();
    this.gate.assertOwnerWrites(ctx, ctx, user);
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
          : [checkAnswerFile(v, byIndex.get(v.file)!, kinds.get(v.kind) ?? {}, ctx.max_bytes)],
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
    const values = written ?? (await this.choices.values(body.choice, body.variable, false));
    return { choice: body.choice, variable: body.variable, values: values.map(valueAnswer) };
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
}
