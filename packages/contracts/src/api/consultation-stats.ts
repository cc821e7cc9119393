import { z } from 'zod';
import { UserStatsAnswer } from './accounts.js';

/**
 * The platform's numbers for the admin dashboard, answered by the consultation service: its own counts, and the
 * users' counts it asks the accounts service for.
 */

const count = z.int().min(0);

/** The fewest, the default and the most days `GET stats/answers/days/{n}` covers. */
export const STATS_ANSWER_DAYS = { min: 1, default: 90, max: 366 } as const;

/**
 * `GET stats` (admins): categories; projects in total, active (open today: active and today within its dates),
 * public, hidden (neither public nor open today); answers in total, since the start of this week (Monday) and of
 * this month, on the calendar of the service's time zone; the accounts' user counts, null when the accounts service
 * cannot answer.
 */
export const StatsAnswer = z.object({
  categories: count,
  projects: z.object({ total: count, active: count, public: count, hidden: count }),
  answers: z.object({ total: count, week: count, month: count }),
  users: UserStatsAnswer.nullable(),
});
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
