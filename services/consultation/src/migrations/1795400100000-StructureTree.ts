import type { MigrationInterface, QueryRunner } from 'typeorm';
import { EPSG_2100_DEFINITION } from '@agora/contracts/crs';

/** The EPSG:3857 definition of the PostGIS catalogue, for databases whose spatial_ref_sys lacks it. */
const EPSG_3857_DEFINITION =
  '+proj=merc +a=6378137 +b=6378137 +lat_ts=0.0 +lon_0=0.0 +x_0=0.0 +y_0=0 +k=1.0 +units=m +nadgrids=@null +wktext +no_defs';

/**
 * The questionnaire tree of a project: topics ("node"), their attributes and the attributes' variables, plus the
 * attributes' predefined and context features (PostGIS, EPSG:4326). Deleting a project deletes its topics,
 * a topic its attributes, an attribute its variables and features.
 */
export class StructureTree1795400100000 implements MigrationInterface {
  name = 'StructureTree1795400100000';

  async up(q: QueryRunner): Promise<void> {
    // Imported geometry may come in the Greek Grid or the web map system: make sure PostGIS knows both.
    for (const [srid, proj4] of [
      [2100, EPSG_2100_DEFINITION.replace(' +type=crs', '')],
      [3857, EPSG_3857_DEFINITION],
    ] as const) {
      await q.query(
        `INSERT INTO public.spatial_ref_sys (srid, auth_name, auth_srid, srtext, proj4text)
         SELECT $1::int, 'EPSG', $1::int, NULL, $2::text
         WHERE NOT EXISTS (SELECT 1 FROM public.spatial_ref_sys WHERE srid = $1::int)`,
        [srid, proj4],
      );
    }

    await q.query(`
      CREATE TABLE "consultation"."node" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "project" uuid NOT NULL,
        "title" text NOT NULL,
        "mname" text NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "has_geometry" boolean NOT NULL DEFAULT false,
        "boundary" public.geometry(Geometry, 4326) NULL,
        "geom_type" text NULL,
        "max_geom" integer NULL,
        "geom_color" text NOT NULL DEFAULT '',
        "relative_documents" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "forum_topic_id" integer NULL,
        "forum_topic_url" text NULL,
        "sort_order" integer NOT NULL DEFAULT 0,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "node_pkey" PRIMARY KEY ("token"),
        CONSTRAINT "node_project_mname_key" UNIQUE ("project", "mname"),
        CONSTRAINT "node_project_fkey" FOREIGN KEY ("project")
          REFERENCES "consultation"."project" ("token") ON DELETE CASCADE,
        CONSTRAINT "node_boundary_type_check"
          CHECK ("boundary" IS NULL OR public.GeometryType("boundary") IN ('POLYGON', 'MULTIPOLYGON')),
        CONSTRAINT "node_geom_type_check" CHECK ("geom_type" IN ('point', 'line', 'polygon')),
        CONSTRAINT "node_max_geom_check" CHECK ("max_geom" >= 1),
        CONSTRAINT "node_geometry_check" CHECK (
          ("has_geometry" AND "boundary" IS NOT NULL AND "geom_type" IS NOT NULL AND "max_geom" IS NOT NULL)
          OR (NOT "has_geometry" AND "boundary" IS NULL AND "geom_type" IS NULL AND "max_geom" IS NULL)),
        CONSTRAINT "node_geom_color_check" CHECK ("geom_color" ~ '^(#[0-9a-f]{6})?$'),
        CONSTRAINT "node_relative_documents_check" CHECK (jsonb_typeof("relative_documents") = 'array')
      )`);
    await q.query(`CREATE INDEX "node_project_sort_idx" ON "consultation"."node" ("project", "sort_order")`);
    await q.query(`CREATE INDEX "node_boundary_gist" ON "consultation"."node" USING gist ("boundary")`);

    await q.query(`
      CREATE TABLE "consultation"."attribute" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "node" uuid NOT NULL,
        "name" text NOT NULL,
        "mname" text NOT NULL,
        "icon" text NOT NULL DEFAULT '',
        "icon_alt" text NOT NULL DEFAULT '',
        "has_geometry" boolean NOT NULL DEFAULT false,
        "geom_type" text NULL,
        "geom_color" text NOT NULL DEFAULT '',
        "max_geom" integer NULL,
        "allow_drag" boolean NOT NULL DEFAULT false,
        "allow_resize" boolean NOT NULL DEFAULT false,
        "has_predefined" boolean NOT NULL DEFAULT false,
        "has_context" boolean NOT NULL DEFAULT false,
        "is_visible" boolean NOT NULL DEFAULT true,
        "forum_topic_id" integer NULL,
        "forum_topic_url" text NULL,
        "sort_order" integer NOT NULL DEFAULT 0,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "attribute_pkey" PRIMARY KEY ("token"),
        CONSTRAINT "attribute_node_mname_key" UNIQUE ("node", "mname"),
        CONSTRAINT "attribute_node_fkey" FOREIGN KEY ("node")
          REFERENCES "consultation"."node" ("token") ON DELETE CASCADE,
        CONSTRAINT "attribute_geom_type_check" CHECK ("geom_type" IN ('point', 'line', 'polygon')),
        CONSTRAINT "attribute_max_geom_check" CHECK ("max_geom" >= 1),
        CONSTRAINT "attribute_geometry_check" CHECK ("has_geometry" = ("geom_type" IS NOT NULL)),
        CONSTRAINT "attribute_options_check" CHECK (
          "has_geometry" OR ("max_geom" IS NULL AND "geom_color" = '' AND NOT "allow_drag" AND NOT "allow_resize"
            AND NOT "has_predefined")),
        CONSTRAINT "attribute_geom_color_check" CHECK ("geom_color" ~ '^(#[0-9a-f]{6})?$')
      )`);
    await q.query(
      `CREATE INDEX "attribute_node_sort_idx" ON "consultation"."attribute" ("node", "sort_order")`,
    );

    await q.query(`
      CREATE TABLE "consultation"."attribute_feature" (
        "id" bigserial NOT NULL,
        "attribute" uuid NOT NULL,
        "kind" text NOT NULL,
        "position" integer NOT NULL,
        "feature_id" jsonb NULL,
        "geom" public.geometry(Geometry, 4326) NOT NULL,
        "properties" jsonb NULL,
        CONSTRAINT "attribute_feature_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "attribute_feature_attribute_fkey" FOREIGN KEY ("attribute")
          REFERENCES "consultation"."attribute" ("token") ON DELETE CASCADE,
        CONSTRAINT "attribute_feature_kind_check" CHECK ("kind" IN ('predefined', 'context')),
        CONSTRAINT "attribute_feature_position_key" UNIQUE ("attribute", "kind", "position"),
        CONSTRAINT "attribute_feature_properties_check"
          CHECK ("properties" IS NULL OR jsonb_typeof("properties") = 'object')
      )`);
    await q.query(
      `CREATE INDEX "attribute_feature_geom_gist" ON "consultation"."attribute_feature" USING gist ("geom")`,
    );

    await q.query(`
      CREATE TABLE "consultation"."variable" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "attribute" uuid NOT NULL,
        "mname" text NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "tooltip" text NOT NULL DEFAULT '',
        "icon" text NOT NULL DEFAULT '',
        "is_visible" boolean NOT NULL DEFAULT true,
        "variable_type" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "forum_topic_id" integer NULL,
        "forum_topic_url" text NULL,
        "sort_order" integer NOT NULL DEFAULT 0,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "variable_pkey" PRIMARY KEY ("token"),
        CONSTRAINT "variable_attribute_mname_key" UNIQUE ("attribute", "mname"),
        CONSTRAINT "variable_attribute_fkey" FOREIGN KEY ("attribute")
          REFERENCES "consultation"."attribute" ("token") ON DELETE CASCADE,
        CONSTRAINT "variable_type_check" CHECK (jsonb_typeof("variable_type") = 'array')
      )`);
    await q.query(
      `CREATE INDEX "variable_attribute_sort_idx" ON "consultation"."variable" ("attribute", "sort_order")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "consultation"."variable"`);
    await q.query(`DROP TABLE "consultation"."attribute_feature"`);
    await q.query(`DROP TABLE "consultation"."attribute"`);
    await q.query(`DROP TABLE "consultation"."node"`);
    // spatial_ref_sys entries stay: they are PostGIS's catalogue, shared with every schema.
  }
}
