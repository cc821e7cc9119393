import { Injectable } from '@nestjs/common';
import type { StatsAnswer } from '@agora/contracts/api';
import { ConsultationCategories } from '../enrolments/consultation-categories.js';
import { UsersService } from '../users/users.service.js';

/**
 * The admin dashboard's platform numbers: consultation's counts (categories, projects, answers), which it gives
 * this service over an internal route, and the users' counts of this service's own.
 */
@Injectable()
export class PlatformStatsService {
  constructor(
    private readonly consultation: ConsultationCategories,
    private readonly users: UsersService,
  ) {}

  /** The numbers; 503 `ACCOUNTS.CONSULTATION_UNAVAILABLE` when consultation cannot answer. */
  async stats(requestId?: string): Promise<StatsAnswer> {
    const [counts, users] = await Promise.all([
      this.consultation.dashboardCounts(requestId),
      this.users.stats(),
    ]);
    return { ...counts, users };
  }
}
