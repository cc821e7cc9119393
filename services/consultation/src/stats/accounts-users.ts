import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  InternalCallError,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type ServiceConfig,
} from '@agora/common';
import { UserStatsAnswer } from '@agora/contracts/api';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';

const LOOKUP_TIMEOUT_MS = 3_000;

/** The users' counts, as the accounts service (which owns the users) gives them. */
@Injectable()
export class AccountsUsers {
  private readonly logger = new Logger(AccountsUsers.name);
  private readonly accounts: InternalClient<'accounts'>;

  constructor(
    @Inject(CONSULTATION_CONFIG) config: ConsultationConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    // consultation's own service identity, signed with its key, for accounts' internal routes
    this.accounts = serviceClient(service, 'accounts', {
      baseUrl: config.accountsUrl,
      timeoutMs: LOOKUP_TIMEOUT_MS,
    });
  }

  /** The counts; null when the accounts service cannot answer (down, slow, or an answer of another shape). */
  async stats(requestId?: string): Promise<UserStatsAnswer | null> {
    try {
      const { body } = await this.accounts.get('/internal/users/stats', { requestId });
      const stats = UserStatsAnswer.safeParse(body);
      if (stats.success) return stats.data;
      this.logger.warn('the accounts service answered the users counts in an unknown shape');
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      this.logger.warn(`the accounts service did not give the users counts: ${error.message}`);
    }
    return null;
  }
}
