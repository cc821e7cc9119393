import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The uploaded file's original name of a documentation resource, and an index for the uri/title search. */
export class DocumentationFilename1795500000000 implements MigrationInterface {
  name = 'DocumentationFilename1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "library"."documentation" ADD COLUMN "filename" text NULL`);
    await q.query(
      `CREATE INDEX "documentation_created_idx" ON "library"."documentation" ("created" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX "library_view_created_idx" ON "library"."library_view" ("created" DESC, "id" DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "library"."library_view_created_idx"`);
    await q.query(`DROP INDEX "library"."documentation_created_idx"`);
    await q.query(`ALTER TABLE "library"."documentation" DROP COLUMN "filename"`);
  }
}
