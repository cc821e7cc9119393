import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The scope a `TRUNCATE` of one of the watched tables writes: it is part of every stamp (statistics.sql.ts). */
const EVERY_SCOPE = '00000000-0000-0000-0000-000000000000';

/** The watched tables, what each one's rows change (an attribute's answers or a category's respondents). */
const WATCHED: Array<{ table: string; scopes: (rows: string) => string }> = [
  { table: 'answer', scopes: (rows) => `SELECT attribute FROM ${rows}` },
  {
    table: 'answer_value',
    // the answer's attribute while the answer is there; the variable's too (a cascade may have removed the answer)
    scopes: (rows) =>
      `SELECT a.attribute FROM ${rows} r JOIN consultation.answer a ON a.token = r.answer
       UNION SELECT va.attribute FROM ${rows} r JOIN consultation.variable va ON va.token = r.variable`,
  },
  { table: 'profile_weight', scopes: (rows) => `SELECT category FROM ${rows}` },
  { table: 'profile_answer', scopes: (rows) => `SELECT category FROM ${rows}` },
  { table: 'profile_question', scopes: (rows) => `SELECT category FROM ${rows}` },
  {
    table: 'profile_choice',
    scopes: (rows) =>
      `SELECT pq.category FROM ${rows} r JOIN consultation.profile_question pq ON pq.token = r.question`,
  },
];

/**
 * A change log for the cached statistics (docs/decisions/0082-statistics-cache.md): every statement that writes
 * an attribute's answers or values, or a category's weights, profile answers, questions or choices, appends one
 * row per attribute or category it touched (statement triggers with transition tables; a `TRUNCATE` appends the
 * nil scope, which every reader includes). Rows are only appended, so concurrent answer submissions never wait
 * on each other here; the statistics read the highest id and the number of rows of their scopes as a stamp,
 * in the snapshot they compute in, and fold old rows into one when there are many.
 */
export class StatisticsChanges1795400730000 implements MigrationInterface {
  name = 'StatisticsChanges1795400730000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "consultation"."statistics_change" (
        "id" bigserial NOT NULL,
        "scope" uuid NOT NULL,
        CONSTRAINT "statistics_change_pkey" PRIMARY KEY ("id")
      )`);
    await q.query(
      `CREATE INDEX "statistics_change_scope_idx" ON "consultation"."statistics_change" ("scope", "id")`,
    );
    for (const { table, scopes } of WATCHED) {
      const insert = (...rows: string[]) =>
        `INSERT INTO consultation.statistics_change (scope) SELECT DISTINCT s
         FROM (${rows.map(scopes).join(' UNION ')}) x(s) WHERE s IS NOT NULL;`;
      await q.query(`
        CREATE FUNCTION "consultation"."statistics_change_${table}"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'TRUNCATE' THEN
            INSERT INTO consultation.statistics_change (scope) VALUES ('${EVERY_SCOPE}');
          ELSIF TG_OP = 'INSERT' THEN
            ${insert('changed_new')}
          ELSIF TG_OP = 'DELETE' THEN
            ${insert('changed_old')}
          ELSE
            ${insert('changed_new', 'changed_old')}
          END IF;
          RETURN NULL;
        END $$`);
      const fn = `"consultation"."statistics_change_${table}"()`;
      const on = `"consultation"."${table}"`;
      await q.query(`CREATE TRIGGER "${table}_statistics_insert" AFTER INSERT ON ${on}
        REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`);
      await q.query(`CREATE TRIGGER "${table}_statistics_update" AFTER UPDATE ON ${on}
        REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`);
      await q.query(`CREATE TRIGGER "${table}_statistics_delete" AFTER DELETE ON ${on}
        REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`);
      await q.query(`CREATE TRIGGER "${table}_statistics_truncate" AFTER TRUNCATE ON ${on}
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table } of [...WATCHED].reverse()) {
      for (const op of ['insert', 'update', 'delete', 'truncate'])
        await q.query(`DROP TRIGGER "${table}_statistics_${op}" ON "consultation"."${table}"`);
      await q.query(`DROP FUNCTION "consultation"."statistics_change_${table}"()`);
    }
    await q.query(`DROP TABLE "consultation"."statistics_change"`);
  }
}
