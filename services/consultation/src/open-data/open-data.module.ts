import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { OpenDataController } from './open-data.controller.js';
import { OpenDataService } from './open-data.service.js';
import { ResultsInternalController } from './results-internal.controller.js';

/**
 * A published project's results as open geodata (OGC API - Features; decision 0085), and for accounts which
 * projects' results are public and who answered them (the results mail, decision 0090).
 */
@Module({
  imports: [AnalyticsModule],
  controllers: [OpenDataController, ResultsInternalController],
  providers: [OpenDataService],
})
export class OpenDataModule {}
