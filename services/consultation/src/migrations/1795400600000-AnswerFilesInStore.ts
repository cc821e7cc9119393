import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answer files move to the file store (docs/decisions/0049-one-file-store.md): a row names its object
 * (`storage_key`, in the store's private area) and the SHA-256 of its bytes, or, until they are moved, still
 * holds them in `content`; exactly one of the two. Deleting a row (itself, or with its answer, variable,
 * attribute, topic or project) records its object in `answer_file_removed`, from which the service deletes the
 * objects: no object outlives its row unnoticed, whatever deleted the row.
 */
export class AnswerFilesInStore1795400600000 implements MigrationInterface {
  name = 'AnswerFilesInStore1795400600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."answer_file"
        ADD COLUMN "storage_key" text NULL,
        ADD COLUMN "sha256" text NULL,
        ALTER COLUMN "content" DROP NOT NULL,
        DROP CONSTRAINT "answer_file_bytes_check",
        ADD CONSTRAINT "answer_file_bytes_check" CHECK ("content" IS NULL OR "bytes" = octet_length("content")),
        ADD CONSTRAINT "answer_file_home_check" CHECK (("content" IS NULL) <> ("storage_key" IS NULL)),
        ADD CONSTRAINT "answer_file_sha256_check" CHECK ("sha256" IS NULL OR "sha256" ~ '^[0-9a-f]{64}$'),
        ADD CONSTRAINT "answer_file_storage_key" UNIQUE ("storage_key")`);
    await q.query(`
      CREATE TABLE "consultation"."answer_file_removed" (
        "storage_key" text NOT NULL,
        "removed" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "answer_file_removed_pkey" PRIMARY KEY ("storage_key")
      )`);
    await q.query(`
      CREATE FUNCTION "consultation"."answer_file_removed_record"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "consultation"."answer_file_removed" ("storage_key") VALUES (OLD."storage_key")
          ON CONFLICT DO NOTHING;
        RETURN OLD;
      END $$`);
    await q.query(`
      CREATE TRIGGER "answer_file_removed_trigger" AFTER DELETE ON "consultation"."answer_file"
        FOR EACH ROW WHEN (OLD."storage_key" IS NOT NULL)
        EXECUTE FUNCTION "consultation"."answer_file_removed_record"()`);
  }

  /** Only while every file still has its bytes here (before any was moved or uploaded to the store). */
  async down(q: QueryRunner): Promise<void> {
    const [stored] = await q.query(
      `SELECT count(*)::int AS n FROM "consultation"."answer_file" WHERE "content" IS NULL`,
    );
    if (stored.n > 0)
      throw new Error(
        `${stored.n} answer files are only in the file store: revert the move of their bytes first`,
      );
    await q.query(`DROP TRIGGER "answer_file_removed_trigger" ON "consultation"."answer_file"`);
    await q.query(`DROP FUNCTION "consultation"."answer_file_removed_record"()`);
    await q.query(`DROP TABLE "consultation"."answer_file_removed"`);
    await q.query(`
      ALTER TABLE "consultation"."answer_file"
        DROP CONSTRAINT "answer_file_storage_key",
        DROP CONSTRAINT "answer_file_sha256_check",
        DROP CONSTRAINT "answer_file_home_check",
        DROP CONSTRAINT "answer_file_bytes_check",
        ADD CONSTRAINT "answer_file_bytes_check" CHECK ("bytes" = octet_length("content")),
        ALTER COLUMN "content" SET NOT NULL,
        DROP COLUMN "sha256",
        DROP COLUMN "storage_key"`);
  }
}
