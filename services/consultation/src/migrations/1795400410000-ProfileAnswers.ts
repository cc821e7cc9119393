import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Participants' answers to the consultation-profile questions (one chosen choice per question and user) and the
 * weight those answers give a respondent in a category (docs/decisions/0036-consultation-profile-weight.md).
 * Deleting a category, question or choice deletes the answers that depend on it; the weight row stays until the
 * participant answers again (the missing answer makes the profile incomplete).
 */
export class ProfileAnswers1795400410000 implements MigrationInterface {
  name = 'ProfileAnswers1795400410000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "consultation"."profile_answer" (
        "user_uuid" uuid NOT NULL,
        "question" uuid NOT NULL,
        "category" uuid NOT NULL,
        "choice" integer NOT NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "profile_answer_pkey" PRIMARY KEY ("user_uuid", "question"),
        CONSTRAINT "profile_answer_question_fkey" FOREIGN KEY ("question")
          REFERENCES "consultation"."profile_question" ("token") ON DELETE CASCADE,
        CONSTRAINT "profile_answer_category_fkey" FOREIGN KEY ("category")
          REFERENCES "consultation"."category" ("token") ON DELETE CASCADE,
        CONSTRAINT "profile_answer_choice_fkey" FOREIGN KEY ("choice")
          REFERENCES "consultation"."profile_choice" ("id") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "profile_answer_category_idx" ON "consultation"."profile_answer" ("category", "user_uuid")`,
    );
    await q.query(`CREATE INDEX "profile_answer_choice_idx" ON "consultation"."profile_answer" ("choice")`);
    await q.query(`
      CREATE TABLE "consultation"."profile_weight" (
        "category" uuid NOT NULL,
        "user_uuid" uuid NOT NULL,
        "role" text NOT NULL,
        "weight" double precision NOT NULL,
        "updated" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "profile_weight_pkey" PRIMARY KEY ("category", "user_uuid"),
        CONSTRAINT "profile_weight_role_check" CHECK ("role" IN ('expert', 'normal')),
        CONSTRAINT "profile_weight_weight_check" CHECK ("weight" >= 0),
        CONSTRAINT "profile_weight_category_fkey" FOREIGN KEY ("category")
          REFERENCES "consultation"."category" ("token") ON DELETE CASCADE
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "consultation"."profile_weight"`);
    await q.query(`DROP TABLE "consultation"."profile_answer"`);
  }
}
