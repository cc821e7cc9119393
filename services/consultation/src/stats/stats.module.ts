import { Module } from '@nestjs/common';
import { StatsController, StatsInternalController } from './stats.controller.js';
import { StatsService } from './stats.service.js';

/** The admin dashboard's numbers (`GET /internal/stats` for accounts' `GET stats`, `GET stats/answers`). */
@Module({
  controllers: [StatsController, StatsInternalController],
  providers: [StatsService],
})
export class StatsModule {}
