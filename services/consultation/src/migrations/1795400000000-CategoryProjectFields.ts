import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one active category (a partial unique index), and a project's public date only when its results are
 * published. Rows that break either rule are brought into line first: the first active category by sort_order
 * stays active, and a public date without `is_public` is cleared.
 */
export class CategoryProjectFields1795400000000 implements MigrationInterface {
  name = 'CategoryProjectFields1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE "consultation"."category" SET "active" = false
      WHERE "active" AND "token" <> (
        SELECT "token" FROM "consultation"."category" WHERE "active" ORDER BY "sort_order", "mname" LIMIT 1)`);
    await q.query(
      `CREATE UNIQUE INDEX "category_one_active_idx" ON "consultation"."category" (("active")) WHERE "active"`,
    );
    await q.query(`UPDATE "consultation"."project" SET "public_date" = NULL WHERE NOT "is_public"`);
    await q.query(`
      ALTER TABLE "consultation"."project"
        ADD CONSTRAINT "project_public_date_check" CHECK ("is_public" OR "public_date" IS NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "consultation"."project" DROP CONSTRAINT "project_public_date_check"`);
    await q.query(`DROP INDEX "consultation"."category_one_active_idx"`);
  }
}
