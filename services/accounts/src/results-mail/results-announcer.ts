import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { LOGGER, ScheduledWorkerHost } from '@agora/common';
import type { PublishedResultsProject } from '@agora/contracts/api';
import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';
import { MailRequestsProducer } from '../recovery/mail-requests.producer.js';
import type { UserLocale } from '../users/user-locale.js';
import { ConsultationResults } from './consultation-results.js';
import { resultsMail } from './results-mail.js';

/** The queue of the results mail, its scheduler and its job (decision 0090). */
export const RESULTS_MAIL_QUEUE = 'accounts-results-mail';
export const RESULTS_ANNOUNCEMENT_SCHEDULER = 'results-announcement';
const ANNOUNCE_JOB = 'announce';
/** How often the published results are looked for. */
export const ANNOUNCE_EVERY_MS = 15 * 60_000;

export interface AnnounceResult {
  /** projects noted without mail by the first run (already public when the announcer started) */
  baseline: number;
  /** projects announced by this run */
  announced: number;
  /** mails asked for by this run */
  mails: number;
}

interface Recipient {
  uuid: string;
  email: string;
  firstname: string;
  lastname: string;
  locale: UserLocale;
}

/**
 * Tells participants that a project they answered has published its results (decision 0090): every 15 minutes
 * (a job scheduler of its own queue, one for the deployment), it asks consultation which projects' results are
 * public; for each one not yet in `accounts.results_announcement`, it asks who answered it and requests the
 * `results_published` mail for each of them who opted in (`results_mail`) and is active, in their language, keyed
 * `results:<project>:<user>`, then notes the project as announced. A run that stops halfway is done again by the
 * next: the keys make the mails already asked for no second mail.
 *
 * Its very first run (no row in `accounts.results_announcer`) notes the projects already public then without
 * mailing anyone: an upgrade does not mail about results published long ago, nor about those published before
 * anyone could opt in.
 */
@Processor(RESULTS_MAIL_QUEUE)
@Injectable()
export class ResultsAnnouncer extends ScheduledWorkerHost {
  constructor(
    @InjectDataSource('accounts') private readonly db: DataSource,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    private readonly consultation: ConsultationResults,
    private readonly mail: MailRequestsProducer,
    @InjectQueue(RESULTS_MAIL_QUEUE) queue: Queue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super(
      queue,
      { id: RESULTS_ANNOUNCEMENT_SCHEDULER, everyMs: ANNOUNCE_EVERY_MS, name: ANNOUNCE_JOB },
      logger,
    );
  }

  process(): Promise<AnnounceResult> {
    return this.announce();
  }

  /** One run: what it noted and mailed. */
  async announce(): Promise<AnnounceResult> {
    const published = await this.consultation.published();
    const baseline = await this.baseline(published);
    if (baseline !== null) {
      if (baseline > 0) this.logger.info({ projects: baseline }, 'results already public noted without mail');
      return { baseline, announced: 0, mails: 0 };
    }
    const known = new Set(
      (
        await this.db.query<Array<{ project: string }>>(
          `SELECT project::text AS project FROM accounts.results_announcement WHERE project = ANY($1::uuid[])`,
          [published.map((p) => p.token)],
        )
      ).map((r) => r.project),
    );
    let announced = 0;
    let mails = 0;
    for (const project of published.filter((p) => !known.has(p.token))) {
      const sent = await this.announceOne(project);
      if (sent === null) continue;
      announced += 1;
      mails += sent;
    }
    if (announced > 0) this.logger.info({ projects: announced, mails }, 'published results announced');
    return { baseline: 0, announced, mails };
  }

  /**
   * On the first run ever, notes every project public now as announced (without mail) and answers their number;
   * null on every later run. Two replicas' first runs race on the one row: one of them notes.
   */
  private async baseline(published: PublishedResultsProject[]): Promise<number | null> {
    const [started] = await this.db.query<Array<{ id: number }>>(
      `SELECT id FROM accounts.results_announcer WHERE id = 1`,
    );
    if (started) return null;
    return this.db.transaction(async (m) => {
      const won = await m.query<Array<{ id: number }>>(
        `INSERT INTO accounts.results_announcer (id) VALUES (1) ON CONFLICT (id) DO NOTHING RETURNING id`,
      );
      if (won.length === 0) return 0;
      for (const p of published) {
        await m.query(
          `INSERT INTO accounts.results_announcement (project, public_date, baseline) VALUES ($1, $2, true)
           ON CONFLICT (project) DO NOTHING`,
          [p.token, p.public_date],
        );
      }
      return published.length;
    });
  }

  /** Mails the project's respondents who opted in, then notes it; null when the project is gone meanwhile. */
  private async announceOne(project: PublishedResultsProject): Promise<number | null> {
    const respondents = await this.consultation.respondents(project.token);
    if (respondents === null) return null;
    const recipients =
      respondents.length === 0
        ? []
        : await this.db.query<Recipient[]>(
            `SELECT uuid::text AS uuid, email, firstname, lastname, locale FROM accounts."user"
              WHERE uuid = ANY($1::uuid[]) AND results_mail AND active ORDER BY uuid`,
            [respondents],
          );
    // the mails first, then the note: a failure half way leaves the project to the next run, whose requests of
    // the same keys add no mail
    for (const user of recipients) {
      await this.mail.request(resultsMail({ publicUrl: this.config.publicUrl, project, user }));
    }
    await this.db.query(
      `INSERT INTO accounts.results_announcement (project, public_date, recipients) VALUES ($1, $2, $3)
       ON CONFLICT (project) DO NOTHING`,
      [project.token, project.public_date, recipients.length],
    );
    return recipients.length;
  }
}
