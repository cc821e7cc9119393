import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Library items, documentation pages and library views. */
export class LibraryInit1795303200000 implements MigrationInterface {
  name = 'LibraryInit1795303200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "library"."library_item" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "title" text NOT NULL,
        "tags" text[] NOT NULL DEFAULT '{}',
        "tooltip" text NOT NULL DEFAULT '',
        "description" text NOT NULL DEFAULT '',
        "documentation" text NOT NULL DEFAULT '',
        "alt_text" text NOT NULL DEFAULT '',
        "resource_key" text NOT NULL,
        "mime" text NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "thumbnail_key" text NULL,
        "owner" uuid NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        "updated" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "library_item_pkey" PRIMARY KEY ("id")
      )`);
    await q.query(`CREATE INDEX "library_item_tags_gin" ON "library"."library_item" USING gin ("tags")`);
    await q.query(
      `CREATE INDEX "library_item_created_idx" ON "library"."library_item" ("created" DESC, "id" DESC)`,
    );

    await q.query(`
      CREATE TABLE "library"."documentation" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "uri" text NOT NULL,
        "title" text NOT NULL,
        "comment" text NOT NULL DEFAULT '',
        "type" text NOT NULL,
        "html" text NULL,
        "resource_key" text NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "documentation_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "documentation_uri_key" UNIQUE ("uri"),
        CONSTRAINT "documentation_type_check" CHECK ("type" IN ('html', 'resource')),
        CONSTRAINT "documentation_content_check" CHECK (
          ("type" = 'html' AND "resource_key" IS NULL)
          OR ("type" = 'resource' AND "html" IS NULL AND "resource_key" IS NOT NULL)
        )
      )`);

    await q.query(`
      CREATE TABLE "library"."library_view" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "uri" text NOT NULL,
        "title" text NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "items" uuid[] NOT NULL DEFAULT '{}',
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "library_view_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "library_view_uri_key" UNIQUE ("uri")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "library"."library_view"`);
    await q.query(`DROP TABLE "library"."documentation"`);
    await q.query(`DROP TABLE "library"."library_item"`);
  }
}
