import { Controller, HttpCode, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, Internal, ZodResponse } from '@agora/common';
import { UserForgetAnswer, UserForgetPreview } from '@agora/contracts/api';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { AnswerFileStore } from './answer-files.js';

const Uuid = z.uuid();

/** The scope of the reactions on an answer (the spec's "choice"). */
const ANSWER_SCOPE = 'choice';

/** An UPDATE or DELETE through `query` answers its rows and their count. */
type Affected<Row = unknown> = [Row[], number];

/**
 * Routes for accounts, never routed by the gateway: consultation's part of deleting an account (decision 0088).
 * `GET` tells what would happen; `POST` does it in one transaction: the user's consultation-profile answers,
 * uploaded files (and the values naming them), active category and their answers in the projects set to erase them
 * are deleted; every other answer gets a fresh random owner per (user, category), stored nowhere else, and the
 * user's weight row of that category is copied to it, so the statistics keep their respondents and weights; likes
 * and forum posts each get a fresh random author (posts show "deleted participant"). A retry finds nothing left.
 */
@ApiTags('internal')
@Controller()
export class UserForgetInternalController {
  constructor(
    @InjectDataSource('consultation') private readonly db: DataSource,
    private readonly files: AnswerFileStore,
  ) {}

  @Internal('GET /internal/users/{uuid}/forget')
  @ZodResponse(UserForgetPreview)
  @ApiOperation({
    summary:
      "What deleting a user would erase (projects set to erase the answers, with the user's count in each) and " +
      'keep detached (system calls only: accounts)',
  })
  async preview(@Param('uuid') uuid: string): Promise<UserForgetPreview> {
    if (!Uuid.safeParse(uuid).success) throw AppError.notFound('user not found');
    const projects = await this.db.query<
      Array<{ token: string; title: string; answers: number; erase: boolean }>
    >(
      `SELECT p.token::text AS token, p.title, count(*)::int AS answers,
              p.erase_answers_on_account_deletion AS erase
         FROM consultation.answer a JOIN consultation.project p ON p.token = a.project
        WHERE a.owner = $1
        GROUP BY p.token, p.title, p.sort_order
        ORDER BY p.sort_order, p.title, p.token`,
      [uuid],
    );
    const [counts] = await this.db.query<
      Array<{ profile_answers: number; files: number; likes: number; posts: number }>
    >(
      `SELECT (SELECT count(*)::int FROM consultation.profile_answer WHERE user_uuid = $1) AS profile_answers,
              (SELECT count(*)::int FROM consultation.answer_file WHERE owner = $1) AS files,
              (SELECT count(*)::int FROM consultation.social_reaction WHERE user_uuid = $1) AS likes,
              (SELECT count(*)::int FROM consultation.thread_post WHERE author = $1) AS posts`,
      [uuid],
    );
    return {
      erased_projects: projects
        .filter((p) => p.erase)
        .map(({ token, title, answers }) => ({ token, title, answers })),
      kept_answers: projects.filter((p) => !p.erase).reduce((n, p) => n + p.answers, 0),
      profile_answers: counts!.profile_answers,
      files: counts!.files,
      likes: counts!.likes,
      posts: counts!.posts,
    };
  }

  @Internal('POST /internal/users/{uuid}/forget')
  @HttpCode(200)
  @ZodResponse(UserForgetAnswer)
  @ApiOperation({
    summary:
      "Erase a user's personal data and detach their remaining answers, likes and posts, in one transaction; " +
      'idempotent (system calls only: accounts)',
  })
  async forget(@Param('uuid') uuid: string): Promise<UserForgetAnswer> {
    if (!Uuid.safeParse(uuid).success) throw AppError.notFound('user not found');
    const done = await this.db.transaction((m) => this.erase(m, uuid));
    // the files' bytes leave the store once their rows are gone for good (their keys: answer_file_removed)
    if (done.files > 0) await this.files.sweep();
    return done;
  }

  private async erase(m: EntityManager, uuid: string): Promise<UserForgetAnswer> {
    // one erasure of a user at a time (a retry while the first still runs waits for it)
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 88))`, [uuid]);
    const [, profileAnswers] = await m.query<Affected>(
      `DELETE FROM consultation.profile_answer WHERE user_uuid = $1`,
      [uuid],
    );
    await m.query(`DELETE FROM consultation.admin_active_category WHERE user_uuid = $1`, [uuid]);
    // the values naming the user's files, then the files (their objects are recorded for the sweep)
    await m.query(
      `DELETE FROM consultation.answer_value
        WHERE file IN (SELECT id FROM consultation.answer_file WHERE owner = $1)`,
      [uuid],
    );
    const [, files] = await m.query<Affected>(`DELETE FROM consultation.answer_file WHERE owner = $1`, [
      uuid,
    ]);
    // the answers in the projects set to erase them, with their values and the reactions on them
    const [erased, erasedAnswers] = await m.query<Affected<{ token: string }>>(
      `DELETE FROM consultation.answer a USING consultation.project p
        WHERE p.token = a.project AND p.erase_answers_on_account_deletion AND a.owner = $1
       RETURNING a.token::text AS token`,
      [uuid],
    );
    if (erased.length > 0) {
      await m.query(`DELETE FROM consultation.social_reaction WHERE scope = $1 AND item = ANY($2::uuid[])`, [
        ANSWER_SCOPE,
        erased.map((a) => a.token),
      ]);
    }
    // every other answer: a fresh owner per category, with the user's weight there (nothing maps it back)
    await m.query(
      `CREATE TEMPORARY TABLE forget_alias ON COMMIT DROP AS
       SELECT DISTINCT p.category, NULL::uuid AS alias
         FROM consultation.answer a JOIN consultation.project p ON p.token = a.project
        WHERE a.owner = $1`,
      [uuid],
    );
    await m.query(`UPDATE forget_alias SET alias = gen_random_uuid()`);
    await m.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight, updated)
       SELECT w.category, f.alias, w.role, w.weight, w.updated
         FROM consultation.profile_weight w JOIN forget_alias f ON f.category = w.category
        WHERE w.user_uuid = $1`,
      [uuid],
    );
    const [, detachedAnswers] = await m.query<Affected>(
      `UPDATE consultation.answer a SET owner = f.alias
         FROM consultation.project p, forget_alias f
        WHERE p.token = a.project AND f.category IS NOT DISTINCT FROM p.category AND a.owner = $1`,
      [uuid],
    );
    await m.query(`DROP TABLE forget_alias`);
    await m.query(`DELETE FROM consultation.profile_weight WHERE user_uuid = $1`, [uuid]);
    // likes and posts: each its own fresh author, so none is linked to another
    const [, likes] = await m.query<Affected>(
      `UPDATE consultation.social_reaction SET user_uuid = gen_random_uuid() WHERE user_uuid = $1`,
      [uuid],
    );
    const [, posts] = await m.query<Affected>(
      `UPDATE consultation.thread_post SET author = gen_random_uuid(), username = '', display_username = ''
        WHERE author = $1`,
      [uuid],
    );
    await m.query(`UPDATE consultation.thread SET created_by = gen_random_uuid() WHERE created_by = $1`, [
      uuid,
    ]);
    return {
      erased_answers: erasedAnswers,
      detached_answers: detachedAnswers,
      profile_answers: profileAnswers,
      files,
      likes,
      posts,
    };
  }
}
