import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each value kind in its own column(s), every other value column NULL (docs/decisions/0056-geometric-value-once.md):
 * radio, text, string and the geometric kinds in `text_value`; resource in `text_value` with an optional
 * `location`; checkbox and library in `list_value`; number in `number_value`; date in `date_value`; photo and
 * document in `file`. Only which columns hold something is checked, never what they hold.
 *
 * A file value without its file is no value: deleting an `answer_file` row now deletes the value that names it
 * (it set `file` to NULL before), and rows left so are removed.
 */
export class AnswerValueColumns1795400720000 implements MigrationInterface {
  name = 'AnswerValueColumns1795400720000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM "consultation"."answer_value" WHERE "kind" IN ('photo', 'document') AND "file" IS NULL`,
    );
    await q.query(`
      ALTER TABLE "consultation"."answer_value"
        DROP CONSTRAINT "answer_value_file_fkey",
        ADD CONSTRAINT "answer_value_file_fkey" FOREIGN KEY ("file")
          REFERENCES "consultation"."answer_file" ("id") ON DELETE CASCADE,
        ADD CONSTRAINT "answer_value_column_check" CHECK (CASE
          WHEN "kind" IN ('radio', 'text', 'string', 'geom_point', 'geom_line', 'geom_polygon', 'geom_radio',
            'geom_select')
            THEN "text_value" IS NOT NULL AND num_nonnulls("number_value", "date_value", "list_value", "file",
              "location") = 0
          WHEN "kind" = 'resource'
            THEN "text_value" IS NOT NULL AND num_nonnulls("number_value", "date_value", "list_value", "file") = 0
          WHEN "kind" IN ('checkbox', 'library')
            THEN "list_value" IS NOT NULL AND num_nonnulls("text_value", "number_value", "date_value", "file",
              "location") = 0
          WHEN "kind" = 'number'
            THEN "number_value" IS NOT NULL AND num_nonnulls("text_value", "date_value", "list_value", "file",
              "location") = 0
          WHEN "kind" = 'date'
            THEN "date_value" IS NOT NULL AND num_nonnulls("text_value", "number_value", "list_value", "file",
              "location") = 0
          WHEN "kind" IN ('photo', 'document')
            THEN "file" IS NOT NULL AND num_nonnulls("text_value", "number_value", "date_value", "list_value",
              "location") = 0
          ELSE false END)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "consultation"."answer_value"
        DROP CONSTRAINT "answer_value_column_check",
        DROP CONSTRAINT "answer_value_file_fkey",
        ADD CONSTRAINT "answer_value_file_fkey" FOREIGN KEY ("file")
          REFERENCES "consultation"."answer_file" ("id") ON DELETE SET NULL`);
  }
}
