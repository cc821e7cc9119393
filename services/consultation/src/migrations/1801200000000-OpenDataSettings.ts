import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project's open-data settings (docs/decisions/0085-open-data-ogc-api-features.md): whether the published
 * answers include the free-text values (off by default), and the side in metres of the grid cells their
 * locations snap to (50 by default, 10 to 10,000).
 */
export class OpenDataSettings1801200000000 implements MigrationInterface {
  name = 'OpenDataSettings1801200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."project"
        ADD COLUMN "open_data_free_text" boolean NOT NULL DEFAULT false,
        ADD COLUMN "open_data_grid_m" integer NOT NULL DEFAULT 50
          CONSTRAINT "project_open_data_grid_m_check" CHECK ("open_data_grid_m" BETWEEN 10 AND 10000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."project" DROP COLUMN "open_data_grid_m", DROP COLUMN "open_data_free_text"`);
  }
}
