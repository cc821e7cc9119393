import { Module } from '@nestjs/common';
import { VariableModule } from '../variable/variable.module.js';
import { AnswerAccessService } from './answer-access.service.js';
import { AnswerFileStore } from './answer-files.js';
import { AnswerReadsService } from './answer-reads.service.js';
import { AnswerController } from './answer.controller.js';
import { AnswerValuesService } from './answer-values.service.js';
import { AnswerWritesService } from './answer-writes.service.js';
import { ChoiceReadsService } from './choice-reads.service.js';
import { UserDataInternalController } from './user-data-internal.controller.js';
import { UserForgetInternalController } from './user-forget-internal.controller.js';

/** Answers of the questionnaire: their geometry, values, files and layers (their analysis: AnalyticsModule). */
@Module({
  imports: [VariableModule],
  controllers: [AnswerController, UserDataInternalController, UserForgetInternalController],
  providers: [
    AnswerAccessService,
    AnswerWritesService,
    AnswerValuesService,
    ChoiceReadsService,
    AnswerFileStore,
    AnswerReadsService,
  ],
  exports: [AnswerAccessService, AnswerReadsService],
})
export class AnswerModule {}
