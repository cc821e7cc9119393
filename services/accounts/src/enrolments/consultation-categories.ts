import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  AppError,
  InternalCallError,
  LOGGER,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type ServiceConfig,
} from '@agora/common';
import {
  CategoryEnrolmentInfo,
  CategoryProfileWeightsAnswer,
  ConsultationStatsAnswer,
} from '@agora/contracts/api';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';

const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * What accounts asks the consultation service (which owns categories): the category a user enrols in, its
 * respondents' profile weights, and the admin dashboard's counts.
 */
@Injectable()
export class ConsultationCategories {
  private readonly consultation: InternalClient<'consultation'>;

  constructor(
    @Inject(ACCOUNTS_CONFIG) config: AccountsConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // accounts' own service identity, signed with its key, for consultation's internal routes
    this.consultation = serviceClient(service, 'consultation', {
      baseUrl: config.consultationUrl,
      timeoutMs: LOOKUP_TIMEOUT_MS,
    });
  }

  /**
   * The category's enrolment facts; null when consultation knows no such category. 503
   * `ACCOUNTS.CONSULTATION_UNAVAILABLE` when consultation cannot answer.
   */
  async enrolmentInfo(token: string, requestId?: string): Promise<CategoryEnrolmentInfo | null> {
    let body: unknown;
    try {
      ({ body } = await this.consultation.get(`/internal/categories/${encodeURIComponent(token)}/enrolment`, {
        requestId,
      }));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      if (error.status === 404 || error.status === 400) return null;
      throw consultationUnavailable();
    }
    const info = CategoryEnrolmentInfo.safeParse(body);
    if (!info.success) throw consultationUnavailable();
    return info.data;
  }

  /**
   * The consultation-profile weights of a category's respondents, by user: `'unknown'` when consultation knows no
   * such category, null when it cannot answer (down, slow, or an answer of another shape), so that the members
   * list goes on without the weights.
   */
  async profileWeights(token: string, requestId?: string): Promise<Map<string, number> | 'unknown' | null> {
    let body: unknown;
    try {
      ({ body } = await this.consultation.get(
        `/internal/profile-weights/category/${encodeURIComponent(token)}`,
        { requestId },
      ));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      if (error.status === 404 || error.status === 400) return 'unknown';
      this.logger.warn(`the consultation service did not give the profile weights: ${error.message}`);
      return null;
    }
    const answer = CategoryProfileWeightsAnswer.safeParse(body);
    if (!answer.success) {
      this.logger.warn('the consultation service answered the profile weights in an unknown shape');
      return null;
    }
    return new Map(answer.data.weights.map((w) => [w.uuid, w.weight]));
  }

  /** Consultation's counts of the admin dashboard; 503 `ACCOUNTS.CONSULTATION_UNAVAILABLE` when it cannot answer. */
  async dashboardCounts(requestId?: string): Promise<ConsultationStatsAnswer> {
    let body: unknown;
    try {
      ({ body } = await this.consultation.get('/internal/stats', { requestId }));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      throw consultationUnavailable();
    }
    const counts = ConsultationStatsAnswer.safeParse(body);
    if (!counts.success) throw consultationUnavailable();
    return counts.data;
  }
}

/** 503 `ACCOUNTS.CONSULTATION_UNAVAILABLE`: consultation did not answer, or not in the expected shape. */
export const consultationUnavailable = () =>
  new AppError('ACCOUNTS.CONSULTATION_UNAVAILABLE', 503, 'the consultation service cannot answer');
