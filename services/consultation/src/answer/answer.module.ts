import { Module } from '@nestjs/common';
import { MapDataService } from '../analytics/map-data.service.js';
import { StatisticsService } from '../analytics/statistics.service.js';
import { VariableModule } from '../variable/variable.module.js';
import { AnswerFileStore } from './answer-files.js';
import { AnswerReadsService } from './answer-reads.service.js';
import { AnswerController } from './answer.controller.js';
import { AnswerService } from './answer.service.js';

/** Answers of the questionnaire: their geometry, values and files, layers and statistics. */
@Module({
  imports: [VariableModule],
  controllers: [AnswerController],
  providers: [AnswerService, AnswerFileStore, AnswerReadsService, StatisticsService, MapDataService],
  exports: [AnswerService],
})
export class AnswerModule {}
