import { Module } from '@nestjs/common';
import { AccountsUsers } from './accounts-users.js';
import { StatsController } from './stats.controller.js';
import { StatsService } from './stats.service.js';

/** The admin dashboard's numbers (`GET stats`, `GET stats/answers`). */
@Module({
  controllers: [StatsController],
  providers: [StatsService, AccountsUsers],
})
export class StatsModule {}
