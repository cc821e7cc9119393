import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Export and restore jobs, shared by every instance of the library service: any instance answers a job's
 * progress, and the unique partial index lets only one job run at a time.
 */
export class BackupJobs1795700000000 implements MigrationInterface {
  name = 'BackupJobs1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "library"."backup_job" (
        "id" uuid NOT NULL,
        "kind" text NOT NULL,
        "state" text NOT NULL,
        "progress" integer NOT NULL DEFAULT 0,
        "error" text NULL,
        "code" text NULL,
        "status" integer NULL,
        "filename" text NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        "updated" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "backup_job_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "backup_job_kind_check" CHECK ("kind" IN ('export', 'restore')),
        CONSTRAINT "backup_job_state_check" CHECK ("state" IN ('running', 'done', 'failed')),
        CONSTRAINT "backup_job_progress_check" CHECK ("progress" BETWEEN 0 AND 100)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "backup_job_one_running" ON "library"."backup_job" ((true)) WHERE "state" = 'running'`,
    );
    await q.query(`CREATE INDEX "backup_job_created_idx" ON "library"."backup_job" ("created")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "library"."backup_job"`);
  }
}
