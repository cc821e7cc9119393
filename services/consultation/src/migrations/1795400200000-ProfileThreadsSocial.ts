import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Consultation-profile questions and their choices, discussion threads with their posts, and social reactions.
 * A thread is linked from its item by the item's `forum_topic_id`; it keeps the item's scope and token so that
 * one item never gets two threads. Reactions name their item by scope and token (the item may live in another
 * service, e.g. a library image), one row per user and item.
 */
export class ProfileThreadsSocial1795400200000 implements MigrationInterface {
  name = 'ProfileThreadsSocial1795400200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "consultation"."profile_question" (
        "token" uuid NOT NULL DEFAULT gen_random_uuid(),
        "category" uuid NOT NULL,
        "role" text NOT NULL,
        "question" text NOT NULL,
        "weight" integer NOT NULL,
        "sort_order" integer NOT NULL DEFAULT 0,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "profile_question_pkey" PRIMARY KEY ("token"),
        CONSTRAINT "profile_question_role_check" CHECK ("role" IN ('expert', 'normal')),
        CONSTRAINT "profile_question_category_fkey" FOREIGN KEY ("category")
          REFERENCES "consultation"."category" ("token") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "profile_question_list_idx" ON "consultation"."profile_question" ("category", "role", "sort_order")`,
    );
    await q.query(`
      CREATE TABLE "consultation"."profile_choice" (
        "id" SERIAL NOT NULL,
        "question" uuid NOT NULL,
        "content" text NOT NULL,
        "icon" text NOT NULL,
        "weight" integer NOT NULL,
        "sort_order" integer NOT NULL DEFAULT 0,
        CONSTRAINT "profile_choice_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "profile_choice_question_fkey" FOREIGN KEY ("question")
          REFERENCES "consultation"."profile_question" ("token") ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX "profile_choice_question_idx" ON "consultation"."profile_choice" ("question", "sort_order")`,
    );

    await q.query(`
      CREATE TABLE "consultation"."thread" (
        "id" SERIAL NOT NULL,
        "scope" text NOT NULL,
        "item" uuid NOT NULL,
        "title" text NOT NULL,
        "created_by" uuid NOT NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "thread_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "thread_scope_check" CHECK ("scope" IN ('project', 'node', 'attribute', 'variable')),
        CONSTRAINT "thread_item_key" UNIQUE ("scope", "item")
      )`);
    await q.query(`
      CREATE TABLE "consultation"."thread_post" (
        "id" SERIAL NOT NULL,
        "thread" integer NOT NULL,
        "raw" text NOT NULL,
        "author" uuid NOT NULL,
        "username" text NOT NULL,
        "display_username" text NOT NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        "updated" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "thread_post_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "thread_post_thread_fkey" FOREIGN KEY ("thread")
          REFERENCES "consultation"."thread" ("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "thread_post_thread_idx" ON "consultation"."thread_post" ("thread", "id")`);

    await q.query(`
      CREATE TABLE "consultation"."social_reaction" (
        "scope" text NOT NULL,
        "item" uuid NOT NULL,
        "user_uuid" uuid NOT NULL,
        "reaction" text NOT NULL,
        "created" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "social_reaction_pkey" PRIMARY KEY ("scope", "item", "user_uuid"),
        CONSTRAINT "social_reaction_reaction_check" CHECK ("reaction" IN ('like', 'dislike'))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "consultation"."social_reaction"`);
    await q.query(`DROP TABLE "consultation"."thread_post"`);
    await q.query(`DROP TABLE "consultation"."thread"`);
    await q.query(`DROP TABLE "consultation"."profile_choice"`);
    await q.query(`DROP TABLE "consultation"."profile_question"`);
  }
}
