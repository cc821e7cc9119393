import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuditLog, LOGGER, SYSTEM_ACTOR } from '@agora/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { todayIn } from '../project/project-dates.js';

/** What detaching one project's answers changed. */
export interface DetachedProject {
  project: string;
  /** answers whose owner was replaced */
  answers: number;
  /** their distinct owners, each given one pseudonym */
  respondents: number;
  /** answer files whose owner was replaced */
  files: number;
}

/**
 * Whether a project's answers are due to be detached on `today` ($n, `yyyy-MM-dd` in the projects' time zone):
 * it has a retention, has not been detached since its end date or retention last changed, and its end date plus
 * the retention is today or before.
 */
const dueSql = (alias: string, today: string) =>
  `(${alias}.retention_days IS NOT NULL AND ${alias}.personal_links_removed_at IS NULL
    AND ${alias}.end_date + ${alias}.retention_days <= ${today}::date)`;

/**
 * The retention of the answers' personal links (docs/decisions/0089-answer-retention.md): once a project's end
 * date plus its `retention_days` has come, each of its respondents is given a fresh random pseudonym in place of
 * their account's uuid, on their answers and answer files, with a copy of their consultation-profile weight and
 * answers of the project's category (the statistics count and weigh the same respondents); no mapping is kept.
 */
@Injectable()
export class AnswerRetention {
  constructor(
    @InjectDataSource('consultation') private readonly db: DataSource,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    private readonly audit: AuditLog,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Detaches the answers of every project that is due, one transaction each; answers what it did. */
  async run(now: Date = new Date()): Promise<DetachedProject[]> {
    const today = todayIn(this.config.project.timeZone, now);
    const due = await this.db.query<Array<{ token: string }>>(
      `SELECT p.token::text AS token FROM consultation.project p WHERE ${dueSql('p', '$1')} ORDER BY p.token`,
      [today],
    );
    const done: DetachedProject[] = [];
    for (const { token } of due) {
      const detached = await this.db.transaction((m) => this.detach(m, token, today));
      if (detached) done.push(detached);
    }
    if (done.length > 0) this.logger.info({ projects: done }, 'answers detached from their people');
    return done;
  }

  /**
   * One project, in the transaction `m`: locked and checked again (another replica may have done it, or its dates
   * changed since), its respondents given pseudonyms, the mark set and the run recorded. Null when not due.
   */
  private async detach(m: EntityManager, token: string, today: string): Promise<DetachedProject | null> {
    const [project] = await m.query<
      Array<{ category: string | null; end_date: string; retention_days: number }>
    >(
      `SELECT p.category::text AS category, to_char(p.end_date, 'YYYY-MM-DD') AS end_date, p.retention_days
         FROM consultation.project p WHERE p.token = $1 AND ${dueSql('p', '$2')} FOR UPDATE`,
      [token, today],
    );
    if (!project) return null;
    // one statement: every part sees the same answers, and each owner's pseudonym is drawn once (the copies of
    // the weights and profile answers run although the result does not read them: PostgreSQL runs every
    // data-modifying part of a WITH)
    const [counts] = await m.query<Array<Omit<DetachedProject, 'project'>>>(
      `WITH pseudonym AS MATERIALIZED (
         SELECT o.owner, gen_random_uuid() AS pseudo
           FROM (SELECT DISTINCT owner FROM consultation.answer WHERE project = $1) o
       ), weights AS (
         INSERT INTO consultation.profile_weight (category, user_uuid, role, weight, updated)
         SELECT pw.category, ps.pseudo, pw.role, pw.weight, pw.updated
           FROM pseudonym ps JOIN consultation.profile_weight pw
             ON pw.category = $2::uuid AND pw.user_uuid = ps.owner
         RETURNING 1
       ), profile AS (
         INSERT INTO consultation.profile_answer (user_uuid, question, category, choice, created)
         SELECT ps.pseudo, pa.question, pa.category, pa.choice, pa.created
           FROM pseudonym ps JOIN consultation.profile_answer pa
             ON pa.category = $2::uuid AND pa.user_uuid = ps.owner
         RETURNING 1
       ), files AS (
         UPDATE consultation.answer_file f SET owner = ps.pseudo
           FROM consultation.answer a, pseudonym ps
          WHERE f.answer = a.token AND a.project = $1 AND f.owner = ps.owner
         RETURNING 1
       ), answers AS (
         UPDATE consultation.answer a SET owner = ps.pseudo
           FROM pseudonym ps WHERE a.project = $1 AND a.owner = ps.owner
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM answers)::int AS answers, (SELECT count(*) FROM pseudonym)::int AS respondents,
              (SELECT count(*) FROM files)::int AS files`,
      [token, project.category],
    );
    const [{ at }] = await m.query<Array<{ at: Date }>>(
      `WITH marked AS (UPDATE consultation.project SET personal_links_removed_at = now() WHERE token = $1
         RETURNING personal_links_removed_at AS at) SELECT at FROM marked`,
      [token],
    );
    const { answers, respondents, files } = counts!;
    const detached: DetachedProject = { project: token, answers, respondents, files };
    await this.audit.record(m, SYSTEM_ACTOR, {
      action: 'project.retention',
      object: { type: 'project', id: token },
      before: { personal_links_removed_at: null },
      after: { personal_links_removed_at: at.toISOString() },
      detail: {
        end_date: project.end_date,
        retention_days: project.retention_days,
        answers,
        respondents,
        files,
      },
    });
    return detached;
  }
}
