import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `Idempotency-Key` of a new answer (docs/decisions/0092-idempotent-answer-creation.md): the key its owner's
 * client sent with `POST data/scope/attribute` and a digest of that request's body, so a request sent again (a lost
 * answer, an offline queue replayed) answers the answer it made instead of making a second one. Unique per owner.
 */
export class AnswerIdempotencyKey1801800000000 implements MigrationInterface {
  name = 'AnswerIdempotencyKey1801800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."answer"
        ADD COLUMN "idempotency_key" text,
        ADD COLUMN "idempotency_digest" text,
        ADD CONSTRAINT "answer_idempotency_pair_check"
          CHECK (("idempotency_key" IS NULL) = ("idempotency_digest" IS NULL))`);
    await q.query(`
      CREATE UNIQUE INDEX "answer_owner_idempotency_key_idx" ON "consultation"."answer" ("owner", "idempotency_key")
        WHERE "idempotency_key" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "consultation"."answer_owner_idempotency_key_idx"`);
    await q.query(`
      ALTER TABLE "consultation"."answer" DROP CONSTRAINT "answer_idempotency_pair_check",
        DROP COLUMN "idempotency_digest", DROP COLUMN "idempotency_key"`);
  }
}
