import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, Internal, RequireRole, ZodResponse } from '@agora/common';
import { ConsultationStatsAnswer, STATS_ANSWER_DAYS, StatsAnswersAnswer } from '@agora/contracts/api';
import { StatsService } from './stats.service.js';

/** `n` of `stats/answers/days/{n}`: a whole number from 1 to 366 (400 `REQUEST.INVALID` otherwise). */
function parseDays(raw: string | undefined): number {
  if (raw === undefined) return STATS_ANSWER_DAYS.default;
  const n = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= STATS_ANSWER_DAYS.min && n <= STATS_ANSWER_DAYS.max)) {
    throw AppError.badRequest(
      'REQUEST.INVALID',
      `days must be a whole number from ${STATS_ANSWER_DAYS.min} to ${STATS_ANSWER_DAYS.max}`,
    );
  }
  return n;
}

@ApiTags('stats')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @ApiOperation({
    summary:
      'The answers of each of the last n days (default 90, 1..366), per project, oldest day first, zero-filled ' +
      '(admins); 400 REQUEST.INVALID for another n',
  })
  @RequireRole('admin')
  @Get(['answers', 'answers/days/:days'])
  @ZodResponse(StatsAnswersAnswer)
  answers(@Param('days') days?: string): Promise<StatsAnswersAnswer> {
    return this.stats.answersPerDay(parseDays(days));
  }
}

/** The counts of the admin dashboard's numbers, for the accounts service, which answers `GET stats` with them. */
@ApiTags('internal')
@Controller()
export class StatsInternalController {
  constructor(private readonly stats: StatsService) {}

  @ApiOperation({
    summary:
      'Categories; projects total, active (open today), public, hidden (neither public nor open); answers total, ' +
      'this week, this month (system calls only: accounts, for the admin dashboard)',
  })
  @Internal('GET /internal/stats')
  @ZodResponse(ConsultationStatsAnswer)
  counts(): Promise<ConsultationStatsAnswer> {
    return this.stats.stats();
  }
}
