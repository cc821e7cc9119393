import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The active category becomes each administrator's own interface state (one row per user), instead of one flag
 * on the category shared by every administrator and shown to participants. The server-wide flag cannot say whose
 * choice it was, so it is dropped without being carried over: each administrator ticks a category again.
 * Deleting a category forgets it as anyone's active category.
 */
export class AdminActiveCategory1795400329000 implements MigrationInterface {
  name = 'AdminActiveCategory1795400329000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "consultation"."admin_active_category" (
        "user_uuid" uuid NOT NULL,
        "category" uuid NOT NULL,
        "updated" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "admin_active_category_pkey" PRIMARY KEY ("user_uuid"),
        CONSTRAINT "admin_active_category_category_fkey" FOREIGN KEY ("category")
          REFERENCES "consultation"."category" ("token") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "admin_active_category_category_idx" ON "consultation"."admin_active_category" ("category")`,
    );
    await q.query(`DROP INDEX "consultation"."category_one_active_idx"`);
    await q.query(`ALTER TABLE "consultation"."category" DROP COLUMN "active"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "consultation"."category" ADD "active" boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE UNIQUE INDEX "category_one_active_idx" ON "consultation"."category" (("active")) WHERE "active"`,
    );
    await q.query(`DROP TABLE "consultation"."admin_active_category"`);
  }
}
