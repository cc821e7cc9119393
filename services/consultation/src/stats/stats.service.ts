import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ConsultationStatsAnswer, StatsAnswersAnswer } from '@agora/contracts/api';
import { DataSource } from 'typeorm';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { projectOpenSql, todayIn } from '../project/project-dates.js';

const DAY_MS = 86_400_000;

/** The `n` days (`yyyy-MM-dd`) ending with `today`, oldest first. */
export function lastDays(today: string, n: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(end - (n - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The admin dashboard's numbers. Days, weeks (from Monday) and months are those of the calendar of the service's
 * time zone (`CONSULTATION_TIME_ZONE`), the calendar of the projects' dates.
 */
@Injectable()
export class StatsService {
  constructor(
    @InjectDataSource('consultation') private readonly db: DataSource,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
  ) {}

  /**
   * A project counts as active when it is open today (active, and today within its dates: `projectOpenSql`), and as
   * hidden when it is neither public nor active: participants cannot answer it and nobody sees its results.
   */
  async stats(): Promise<ConsultationStatsAnswer> {
    const zone = this.config.project.timeZone;
    const counts = await this.db.query<
      Array<{
        categories: number;
        total: number;
        active: number;
        public: number;
        hidden: number;
        answers: number;
        week: number;
        month: number;
      }>
    >(
      `WITH p AS (SELECT ${projectOpenSql('p', '$1')} AS open, p.is_public FROM consultation.project p),
              start AS (SELECT date_trunc('week', now() AT TIME ZONE $2::text) AT TIME ZONE $2::text AS week,
                               date_trunc('month', now() AT TIME ZONE $2::text) AT TIME ZONE $2::text AS month)
         SELECT (SELECT count(*)::int FROM consultation.category) AS categories,
                (SELECT count(*)::int FROM p) AS total,
                (SELECT count(*)::int FROM p WHERE p.open) AS active,
                (SELECT count(*)::int FROM p WHERE p.is_public) AS public,
                (SELECT count(*)::int FROM p WHERE NOT p.open AND NOT p.is_public) AS hidden,
                (SELECT count(*)::int FROM consultation.answer) AS answers,
                (SELECT count(*)::int FROM consultation.answer a, start WHERE a.created >= start.week) AS week,
                (SELECT count(*)::int FROM consultation.answer a, start WHERE a.created >= start.month) AS month`,
      [todayIn(zone), zone],
    );
    const [c] = counts;
    return {
      categories: c.categories,
      projects: { total: c.total, active: c.active, public: c.public, hidden: c.hidden },
      answers: { total: c.answers, week: c.week, month: c.month },
    };
  }

  /** The answers written on each of the last `n` days, per project (every project, zero-filled). */
  async answersPerDay(n: number): Promise<StatsAnswersAnswer> {
    const zone = this.config.project.timeZone;
    const days = lastDays(todayIn(zone), n);
    const rows = await this.db.query<
      Array<{
        project: string;
        title: string;
        category: string | null;
        days: string[] | null;
        counts: number[] | null;
      }>
    >(
      `SELECT p.token::text AS project, p.title, p.category::text AS category,
              array_agg(d.day::text ORDER BY d.day) FILTER (WHERE d.day IS NOT NULL) AS days,
              array_agg(d.n ORDER BY d.day) FILTER (WHERE d.day IS NOT NULL) AS counts
         FROM consultation.project p
         LEFT JOIN consultation.category c ON c.token = p.category
         LEFT JOIN (SELECT a.project, (a.created AT TIME ZONE $2::text)::date AS day, count(*)::int AS n
                      FROM consultation.answer a
                     WHERE a.created >= $1::date::timestamp AT TIME ZONE $2::text
                     GROUP BY 1, 2) d ON d.project = p.token
        GROUP BY p.token, p.title, p.category, c.sort_order, p.sort_order
        ORDER BY c.sort_order NULLS LAST, p.sort_order, p.title`,
      [days[0], zone],
    );
    const index = new Map(days.map((day, i) => [day, i]));
    return {
      days,
      projects: rows.map((r) => {
        const counts = days.map(() => 0);
        (r.days ?? []).forEach((day, i) => {
          const at = index.get(day);
          // an answer dated after today (a clock ahead of the database's) is left out
          if (at !== undefined) counts[at] = r.counts?.[i] ?? 0;
        });
        return { project: r.project, title: r.title, category: r.category, counts };
      }),
    };
  }
}
