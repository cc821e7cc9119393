import { z } from 'zod';
import { UserStatsAnswer } from './accounts.js';

/**
 * The platform's numbers for the admin dashboard, answered by the accounts service: the consultation service's
 * counts, which accounts asks it for, and the users' counts of its own.
 */

const count = z.int().min(0);

/** The fewest, the default and the most days `GET stats/answers/days/{n}` covers. */
export const STATS_ANSWER_DAYS = { min: 1, default: 90, max: 366 } as const;

/**
 * `GET /internal/stats` (consultation, for accounts): categories; projects in total, active (open today: active and
 * today within its dates), public, hidden (neither public nor open today); answers in total, since the start of
 * this week (Monday) and of this month, on the calendar of the consultation service's time zone.
 */
export const ConsultationStatsAnswer = z.object({
  categories: count,
  projects: z.object({ total: count, active: count, public: count, hidden: count }),
  answers: z.object({ total: count, week: count, month: count }),
});
export type ConsultationStatsAnswer = z.infer<typeof ConsultationStatsAnswer>;

/**
 * `GET stats` (accounts, admins): consultation's counts and the users' counts. `users` is always given by the
 * accounts service that answers; it stays nullable for the callers written when consultation answered this route
 * and could not always reach accounts.
 */
export const StatsAnswer = ConsultationStatsAnswer.extend({ users: UserStatsAnswer.nullable() });
export type StatsAnswer = z.infer<typeof StatsAnswer>;

/**
 * `GET stats/answers[/days/{n}]` (admins): the answers written on each of the last n days (default 90, today
 * included, oldest first, on the calendar of the service's time zone), per project; `counts[i]` belongs to
 * `days[i]` (zero when none). Every project is listed, including those without answers in the period.
 */
export const StatsAnswersAnswer = z.object({
  days: z.array(z.iso.date()),
  projects: z.array(
    z.object({
      project: z.uuid(),
      title: z.string(),
      category: z.uuid().nullable(),
      counts: z.array(count),
    }),
  ),
});
export type StatsAnswersAnswer = z.infer<typeof StatsAnswersAnswer>;
