import { Module } from '@nestjs/common';
import { AnswerModule } from '../answer/answer.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnswerSummariesService } from './answer-summaries.service.js';
import { MapDataService } from './map-data.service.js';
import { StatisticsService } from './statistics.service.js';

/** The experts' analysis of the answers (statistics, map data), above the answers module whose reads it uses. */
@Module({
  imports: [AnswerModule],
  controllers: [AnalyticsController],
  providers: [StatisticsService, MapDataService, AnswerSummariesService],
  exports: [StatisticsService],
})
export class AnalyticsModule {}
