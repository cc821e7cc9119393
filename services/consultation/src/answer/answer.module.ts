import { Module } from '@nestjs/common';
import { VariableModule } from '../variable/variable.module.js';
import { AnswerFileStore } from './answer-files.js';
import { AnswerReadsService } from './answer-reads.service.js';
import { AnswerController } from './answer.controller.js';
import { AnswerService } from './answer.service.js';

/** Answers of the questionnaire: their geometry, values, files and layers (their analysis: AnalyticsModule). */
@Module({
  imports: [VariableModule],
  controllers: [AnswerController],
  providers: [AnswerService, AnswerFileStore, AnswerReadsService],
  exports: [AnswerService, AnswerReadsService],
})
export class AnswerModule {}
