import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The geometric value kinds (decision 0037). */
const GEOM_KINDS = `('geom_point', 'geom_line', 'geom_polygon', 'geom_radio', 'geom_select')`;

/**
 * A geometric value is stored once (docs/decisions/0056-geometric-value-once.md): its FeatureCollection text in
 * `answer_value.text_value`, which alone keeps each feature's properties (the geometric choice) and is what the
 * answers and exports give back. The copy of its features collected in `answer_value.geom` goes; a row holding
 * only that copy first gets its text rebuilt from it, one feature per part.
 */
export class GeometricValueOnce1795400710000 implements MigrationInterface {
  name = 'GeometricValueOnce1795400710000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE "consultation"."answer_value" v SET "text_value" = json_build_object(
          'type', 'FeatureCollection',
          'features', (SELECT coalesce(json_agg(json_build_object(
              'type', 'Feature', 'properties', json_build_object(),
              'geometry', public.ST_AsGeoJSON(d.geom)::json) ORDER BY d.path), '[]'::json)
            FROM public.ST_Dump(v."geom") d))::text
      WHERE v."kind" IN ${GEOM_KINDS} AND v."text_value" IS NULL AND v."geom" IS NOT NULL`);
    await q.query(`DROP INDEX "consultation"."answer_value_geom_gist"`);
    await q.query(`ALTER TABLE "consultation"."answer_value" DROP COLUMN "geom"`);
  }

  /** The copy again, collected from the text's features. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "consultation"."answer_value" ADD COLUMN "geom" public.geometry(Geometry, 4326) NULL`,
    );
    await q.query(`
      UPDATE "consultation"."answer_value" v SET "geom" = public.ST_SetSRID(public.ST_Collect(ARRAY(
          SELECT public.ST_GeomFromGeoJSON(f -> 'geometry')
          FROM jsonb_array_elements(v."text_value"::jsonb -> 'features') f)), 4326)
      WHERE v."kind" IN ${GEOM_KINDS} AND v."text_value" IS NOT NULL`);
    await q.query(
      `CREATE INDEX "answer_value_geom_gist" ON "consultation"."answer_value" USING gist ("geom")`,
    );
  }
}
