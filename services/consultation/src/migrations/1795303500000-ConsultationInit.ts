import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Categories and projects; PostGIS (in `public`) for the project's map centre. */
export class ConsultationInit1795303500000 implements MigrationInterface {
  name = 'ConsultationInit1795303500000';

  async up(q: QueryRunner): Promise<void> {
    // Creating an extension needs more rights than using it: only try when it is not there yet.
    const postgis: unknown[] = await q.query(`SELECT 1 FROM pg_extension WHERE extname = 'postgis'`);
    if (postgis.length === 0) await q.query(`CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA public`);

    await q.query(`
      CREATE TABLE "consultation"."category" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "mname" text NOT NULL,
        "title" text NOT NULL,
        "summary" text NOT NULL DEFAULT '',
        "summary_img" text NOT NULL DEFAULT '',
        "summary_img_alt" text NOT NULL DEFAULT '',
        "active" boolean NOT NULL DEFAULT false,
        "autosubscribe" boolean NOT NULL DEFAULT false,
        "forum_welcome_message" text NOT NULL DEFAULT '',
        "sort_order" integer NOT NULL DEFAULT 0,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "category_pkey" PRIMARY KEY ("token"),
        CONSTRAINT "category_mname_key" UNIQUE ("mname")
      )`);
    await q.query(`CREATE INDEX "category_sort_idx" ON "consultation"."category" ("sort_order", "mname")`);

    await q.query(`
      CREATE TABLE "consultation"."project" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "mname" text NOT NULL,
        "title" text NOT NULL,
        "summary" text NOT NULL DEFAULT '',
        "summary_img" text NOT NULL DEFAULT '',
        "summary_img_alt" text NOT NULL DEFAULT '',
        "start_date" date NOT NULL,
        "end_date" date NOT NULL,
        "max_bytes" bigint NOT NULL DEFAULT 10485760,
        "active" boolean NOT NULL DEFAULT false,
        "is_public" boolean NOT NULL DEFAULT false,
        "public_date" date NULL,
        "zoom" integer NOT NULL DEFAULT 14,
        "center" public.geometry(Point, 4326) NULL,
        "wms_services" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "legislation" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "forum_topic_id" integer NULL,
        "forum_topic_url" text NULL,
        "sort_order" integer NOT NULL DEFAULT 0,
        "category" uuid NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "project_pkey" PRIMARY KEY ("token"),
        CONSTRAINT "project_mname_key" UNIQUE ("mname"),
        CONSTRAINT "project_dates_check" CHECK ("end_date" >= "start_date"),
        CONSTRAINT "project_max_bytes_check" CHECK ("max_bytes" >= 0),
        CONSTRAINT "project_zoom_check" CHECK ("zoom" BETWEEN 0 AND 22),
        CONSTRAINT "project_wms_services_check" CHECK (jsonb_typeof("wms_services") = 'array'),
        CONSTRAINT "project_legislation_check" CHECK (jsonb_typeof("legislation") = 'array'),
        CONSTRAINT "project_category_fkey" FOREIGN KEY ("category")
          REFERENCES "consultation"."category" ("token") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "project_center_gist" ON "consultation"."project" USING gist ("center")`);
    await q.query(`CREATE INDEX "project_category_idx" ON "consultation"."project" ("category")`);
    await q.query(`CREATE INDEX "project_sort_idx" ON "consultation"."project" ("sort_order", "mname")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "consultation"."project"`);
    await q.query(`DROP TABLE "consultation"."category"`);
    // PostGIS stays: other schemas may use it, and dropping an extension is an operator's decision.
  }
}
