import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answers of the questionnaire (docs/decisions/0037-answer-storage-and-rules.md): `answer` (the spec's "choice":
 * one answer of a user to an attribute, with its geometry), `answer_value` (one row per answer, variable and value
 * kind, in typed columns) and `answer_file` (the uploaded photos and documents, their bytes kept privately here).
 * Deleting a project, topic, attribute or variable deletes its answers and values.
 */
export class AnswerStorage1795400400000 implements MigrationInterface {
  name = 'AnswerStorage1795400400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "consultation"."answer" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "project" uuid NOT NULL,
        "node" uuid NOT NULL,
        "attribute" uuid NOT NULL,
        "owner" uuid NOT NULL,
        "geom" public.geometry(Geometry, 4326) NULL,
        "predefined" bigint NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        "updated" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "answer_pkey" PRIMARY KEY ("token"),
        CONSTRAINT "answer_project_fkey" FOREIGN KEY ("project")
          REFERENCES "consultation"."project" ("token") ON DELETE CASCADE,
        CONSTRAINT "answer_node_fkey" FOREIGN KEY ("node")
          REFERENCES "consultation"."node" ("token") ON DELETE CASCADE,
        CONSTRAINT "answer_attribute_fkey" FOREIGN KEY ("attribute")
          REFERENCES "consultation"."attribute" ("token") ON DELETE CASCADE,
        CONSTRAINT "answer_predefined_fkey" FOREIGN KEY ("predefined")
          REFERENCES "consultation"."attribute_feature" ("id") ON DELETE SET NULL,
        CONSTRAINT "answer_geom_check" CHECK ("geom" IS NULL OR (public.ST_IsValid("geom")
          AND public.GeometryType("geom") IN
            ('POINT', 'MULTIPOINT', 'LINESTRING', 'MULTILINESTRING', 'POLYGON', 'MULTIPOLYGON')))
      )`);
    // max_geom counts (per attribute and per topic) and "mine" are by owner; layers and exports by project
    await q.query(
      `CREATE INDEX "answer_attribute_owner_idx" ON "consultation"."answer" ("attribute", "owner")`,
    );
    await q.query(`CREATE INDEX "answer_node_owner_idx" ON "consultation"."answer" ("node", "owner")`);
    await q.query(
      `CREATE INDEX "answer_project_idx" ON "consultation"."answer" ("project", "created", "token")`,
    );
    await q.query(`CREATE INDEX "answer_geom_gist" ON "consultation"."answer" USING gist ("geom")`);

    await q.query(`
      CREATE TABLE "consultation"."answer_file" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "owner" uuid NOT NULL,
        "answer" uuid NOT NULL,
        "variable" uuid NOT NULL,
        "name" text NOT NULL,
        "mime" text NOT NULL,
        "bytes" integer NOT NULL,
        "content" bytea NOT NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "answer_file_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "answer_file_answer_fkey" FOREIGN KEY ("answer")
          REFERENCES "consultation"."answer" ("token") ON DELETE CASCADE,
        CONSTRAINT "answer_file_variable_fkey" FOREIGN KEY ("variable")
          REFERENCES "consultation"."variable" ("token") ON DELETE CASCADE,
        CONSTRAINT "answer_file_bytes_check" CHECK ("bytes" = octet_length("content"))
      )`);
    await q.query(`CREATE INDEX "answer_file_answer_idx" ON "consultation"."answer_file" ("answer")`);

    await q.query(`
      CREATE TABLE "consultation"."answer_value" (
        "id" bigserial NOT NULL,
        "answer" uuid NOT NULL,
        "variable" uuid NOT NULL,
        "kind" text NOT NULL,
        "text_value" text NULL,
        "number_value" numeric NULL,
        "date_value" date NULL,
        "list_value" text[] NULL,
        "file" uuid NULL,
        "location" public.geometry(Point, 4326) NULL,
        "geom" public.geometry(Geometry, 4326) NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        "updated" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "answer_value_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "answer_value_key" UNIQUE ("answer", "variable", "kind"),
        CONSTRAINT "answer_value_answer_fkey" FOREIGN KEY ("answer")
          REFERENCES "consultation"."answer" ("token") ON DELETE CASCADE,
        CONSTRAINT "answer_value_variable_fkey" FOREIGN KEY ("variable")
          REFERENCES "consultation"."variable" ("token") ON DELETE CASCADE,
        CONSTRAINT "answer_value_file_fkey" FOREIGN KEY ("file")
          REFERENCES "consultation"."answer_file" ("id") ON DELETE SET NULL,
        CONSTRAINT "answer_value_kind_check" CHECK ("kind" IN ('radio', 'checkbox', 'document', 'date', 'text',
          'string', 'photo', 'number', 'resource', 'library', 'geom_point', 'geom_line', 'geom_polygon',
          'geom_radio', 'geom_select'))
      )`);
    // statistics and value lists read one variable's values; spatial filters read locations and drawn features
    await q.query(
      `CREATE INDEX "answer_value_variable_idx" ON "consultation"."answer_value" ("variable", "kind")`,
    );
    await q.query(
      `CREATE INDEX "answer_value_location_gist" ON "consultation"."answer_value" USING gist ("location")`,
    );
    await q.query(
      `CREATE INDEX "answer_value_geom_gist" ON "consultation"."answer_value" USING gist ("geom")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "consultation"."answer_value"`);
    await q.query(`DROP TABLE "consultation"."answer_file"`);
    await q.query(`DROP TABLE "consultation"."answer"`);
  }
}
