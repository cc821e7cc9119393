import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner (creator) of library views and documentation pages, as library items have one: only the owner or
 * an admin may change or delete them (decision 0025). Existing rows have none: admins only.
 */
export class ViewAndPageOwners1795800000000 implements MigrationInterface {
  name = 'ViewAndPageOwners1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "library"."library_view" ADD COLUMN "owner" uuid NULL`);
    await q.query(`ALTER TABLE "library"."documentation" ADD COLUMN "owner" uuid NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "library"."documentation" DROP COLUMN "owner"`);
    await q.query(`ALTER TABLE "library"."library_view" DROP COLUMN "owner"`);
  }
}
