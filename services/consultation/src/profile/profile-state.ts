import type { SessionUser } from '@agora/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The categories (among the caller's enrolments) whose consultation profile the caller has answered: every
 * question of their enrolment role there has an answer of theirs (a role without questions counts as answered).
 * A question added after the answers makes the profile incomplete again.
 */
export async function answeredCategories(m: EntityManager, user: SessionUser | null): Promise<Set<string>> {
  const enrolments = user?.enrolments ?? [];
  if (enrolments.length === 0) return new Set();
  const rows = await m.query<Array<{ category: string }>>(
    `SELECT e.category FROM unnest($2::uuid[], $3::text[]) AS e (category, role)
     WHERE NOT EXISTS (
       SELECT 1 FROM "consultation"."profile_question" q
       WHERE q."category" = e.category AND q."role" = e.role
         AND NOT EXISTS (SELECT 1 FROM "consultation"."profile_answer" a
                         WHERE a."question" = q."token" AND a."user_uuid" = $1))`,
    [user!.uuid, enrolments.map((e) => e.category), enrolments.map((e) => e.role)],
  );
  return new Set(rows.map((r) => r.category));
}
