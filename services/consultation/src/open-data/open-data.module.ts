import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { OpenDataController } from './open-data.controller.js';
import { OpenDataService } from './open-data.service.js';

/** A published project's results as open geodata (OGC API - Features; decision 0085). */
@Module({
  imports: [AnalyticsModule],
  controllers: [OpenDataController],
  providers: [OpenDataService],
})
export class OpenDataModule {}
