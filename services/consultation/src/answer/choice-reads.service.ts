import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { SessionUser } from '@agora/contracts';
import type { ChoiceAnswer, ChoiceValuesAnswer } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import { AnswerAccessService } from './answer-access.service.js';
import { AnswerFileStore, type OpenedAnswerFile } from './answer-files.js';
import { choiceAnswer, VALUE_COLUMNS, valueAnswer, type ValueRow } from './answer.mapper.js';
import { accessOf, AnswerErrors } from './answer.rules.js';

/** The reads of one answer: the answer, its values and its files, to who may read it. */
@Injectable()
export class ChoiceReadsService {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    private readonly gate: AnswerAccessService,
    private readonly files: AnswerFileStore,
  ) {}

  /** `GET choice/token/{token}`. */
  async choice(token: string, user: SessionUser): Promise<ChoiceAnswer> {
    const row = await this.gate.choiceRow(token);
    this.gate.assertMayRead(await this.gate.context(row.attribute), row.owner, user);
    return choiceAnswer(row, user.uuid);
  }

  /** `GET data/scope/answers/choice/{choice}`: the answer and its values (of visible variables for participants). */
  async choiceValues(token: string, user: SessionUser): Promise<ChoiceValuesAnswer> {
    const row = await this.gate.choiceRow(token);
    const ctx = await this.gate.context(row.attribute);
    this.gate.assertMayRead(ctx, row.owner, user);
    const staff = accessOf(user, ctx.category) === 'staff';
    const values = await this.values(token, null, !staff);
    return {
      choice: choiceAnswer(row, user.uuid),
      values: values.map((v) => ({ variable: v.variable, ...valueAnswer(v) })),
    };
  }

  /** The stored values of an answer (of one variable, or all; of visible variables only). */
  values(answer: string, variable: string | null, visibleOnly: boolean): Promise<ValueRow[]> {
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
    this.gate.assertMayRead(await this.gate.context(row.attribute), row.owner, user);
    const opened = await this.files.open(row);
    if (!opened) throw AnswerErrors.fileNotFound();
    return opened;
  }
}
