import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { AnswerRetention } from './answer-retention.service.js';
import { CONSULTATION_MAINTENANCE_QUEUE, ConsultationMaintenance } from './consultation-maintenance.js';

/**
 * The retention of the answers' personal links (decision 0089) on the maintenance queue. The queues' connection
 * is the one BullModule.forRootAsync of the exports module sets for the whole service.
 */
@Module({
  imports: [BullModule.registerQueue({ name: CONSULTATION_MAINTENANCE_QUEUE })],
  providers: [AnswerRetention, ConsultationMaintenance],
  exports: [AnswerRetention],
})
export class RetentionModule {}
