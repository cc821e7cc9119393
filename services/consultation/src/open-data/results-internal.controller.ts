import { Controller, Inject, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { Internal, ZodResponse } from '@agora/common';
import { ProjectRespondentsAnswer, PublishedResultsAnswer } from '@agora/contracts/api';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { todayIn } from '../project/project-dates.js';
import { ProjectErrors } from '../project/project.errors.js';

const Token = z.uuid();

/**
 * Routes for the accounts service, never routed by the gateway (`/internal/…`; decision 0090): which projects'
 * results are public, by the open data's rule (`is_public` and `public_date` on or before today in the service's
 * time zone, decision 0085), and who answered one, so that accounts mails those who asked to be told.
 */
@ApiTags('internal')
@Controller()
export class ResultsInternalController {
  constructor(
    @InjectDataSource('consultation') private readonly db: DataSource,
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
  ) {}

  @Internal('GET /internal/results/published')
  @ZodResponse(PublishedResultsAnswer)
  @ApiOperation({
    summary:
      '{projects: [{token, title, category, public_date, path}]}: every project whose results are public, with ' +
      'its results page (system calls only: accounts)',
  })
  async published(): Promise<PublishedResultsAnswer> {
    const rows = await this.db.query<
      Array<{
        token: string;
        mname: string;
        title: string;
        public_date: string;
        c_token: string;
        c_mname: string;
        c_title: string;
      }>
    >(
      `SELECT p.token::text AS token, p.mname, p.title, to_char(p.public_date, 'YYYY-MM-DD') AS public_date,
              c.token::text AS c_token, c.mname AS c_mname, c.title AS c_title
         FROM consultation.project p JOIN consultation.category c ON c.token = p.category
        WHERE p.is_public AND p.public_date <= $1::date
        ORDER BY p.public_date DESC, p.token`,
      [todayIn(this.config.project.timeZone)],
    );
    return {
      projects: rows.map((r) => ({
        token: r.token,
        title: r.title,
        category: { token: r.c_token, mname: r.c_mname, title: r.c_title },
        public_date: r.public_date,
        path:
          `/participate/category/${encodeURIComponent(r.c_mname)}` +
          `/project/${encodeURIComponent(r.mname)}/results`,
      })),
    };
  }

  @Internal('GET /internal/projects/{token}/respondents')
  @ZodResponse(ProjectRespondentsAnswer)
  @ApiOperation({
    summary:
      "{token, respondents: [uuid]}: the distinct owners of a project's answers; 404 for an unknown project " +
      '(system calls only: accounts)',
  })
  async respondents(@Param('token') token: string): Promise<ProjectRespondentsAnswer> {
    if (!Token.safeParse(token).success) throw ProjectErrors.notFound();
    const [project] = await this.db.query<Array<{ token: string }>>(
      `SELECT token::text AS token FROM consultation.project WHERE token = $1`,
      [token],
    );
    if (!project) throw ProjectErrors.notFound();
    const rows = await this.db.query<Array<{ owner: string }>>(
      `SELECT DISTINCT owner::text AS owner FROM consultation.answer WHERE project = $1 ORDER BY 1`,
      [token],
    );
    return { token: project.token, respondents: rows.map((r) => r.owner) };
  }
}
