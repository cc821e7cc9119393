import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Backups of the library: one row per archive in the storage folder `backups/`. */
export class LibraryBackups1795600000000 implements MigrationInterface {
  name = 'LibraryBackups1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "library"."backup" (
        "filename" text NOT NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        "size" bigint NOT NULL,
        "items" integer NOT NULL,
        "source" text NOT NULL,
        "restored_date" timestamptz NULL,
        "api_enabled" boolean NOT NULL DEFAULT false,
        "api_client" text NULL,
        "api_secret_hash" text NULL,
        CONSTRAINT "backup_pkey" PRIMARY KEY ("filename"),
        CONSTRAINT "backup_api_client_key" UNIQUE ("api_client"),
        CONSTRAINT "backup_api_check" CHECK (
          ("api_enabled" AND "api_client" IS NOT NULL AND "api_secret_hash" IS NOT NULL)
          OR (NOT "api_enabled" AND "api_client" IS NULL AND "api_secret_hash" IS NULL)
        )
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "library"."backup"`);
  }
}
