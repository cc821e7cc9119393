import { Inject, Injectable } from '@nestjs/common';
import {
  InternalCallError,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type ServiceConfig,
} from '@agora/common';
import {
  ProjectRespondentsAnswer,
  PublishedResultsAnswer,
  type PublishedResultsProject,
} from '@agora/contracts/api';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';
import { consultationUnavailable } from '../enrolments/consultation-categories.js';

/** The list of a large project's respondents may take longer than a lookup's 5 s. */
const RESULTS_TIMEOUT_MS = 30_000;

/** What accounts asks consultation (which owns projects and answers) for the results mail (decision 0090). */
@Injectable()
export class ConsultationResults {
  private readonly consultation: InternalClient<'consultation'>;

  constructor(
    @Inject(ACCOUNTS_CONFIG) config: AccountsConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    this.consultation = serviceClient(service, 'consultation', {
      baseUrl: config.consultationUrl,
      timeoutMs: RESULTS_TIMEOUT_MS,
    });
  }

  /** The projects whose results are public; 503 `ACCOUNTS.CONSULTATION_UNAVAILABLE` when consultation cannot say. */
  async published(): Promise<PublishedResultsProject[]> {
    let body: unknown;
    try {
      ({ body } = await this.consultation.get('/internal/results/published'));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      throw consultationUnavailable();
    }
    const answer = PublishedResultsAnswer.safeParse(body);
    if (!answer.success) throw consultationUnavailable();
    return answer.data.projects;
  }

  /** The uuids of those who answered the project; null when the project is gone meanwhile. */
  async respondents(project: string): Promise<string[] | null> {
    let body: unknown;
    try {
      ({ body } = await this.consultation.get(`/internal/projects/${project}/respondents`));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      if (error.status === 404) return null;
      throw consultationUnavailable();
    }
    const answer = ProjectRespondentsAnswer.safeParse(body);
    if (!answer.success) throw consultationUnavailable();
    return answer.data.respondents;
  }
}
