import { Controller, Get, Headers, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireRole, ZodResponse } from '@agora/common';
import { REQUEST_ID_HEADER } from '@agora/contracts';
import { StatsAnswer } from '@agora/contracts/api';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { PlatformStatsService } from './platform-stats.service.js';

@ApiTags('stats')
@UseFilters(AccountsErrorFilter)
@Controller('stats')
export class PlatformStatsController {
  constructor(private readonly stats: PlatformStatsService) {}

  @ApiOperation({
    summary:
      'The numbers of the admin dashboard (admins): categories; projects total, active (open today), public, ' +
      'hidden (neither public nor open); answers total, this week, this month (from the consultation service; ' +
      '503 ACCOUNTS.CONSULTATION_UNAVAILABLE when it cannot answer); users by status and role',
  })
  @RequireRole('admin')
  @Get()
  @ZodResponse(StatsAnswer)
  all(@Headers(REQUEST_ID_HEADER) requestId: string | undefined): Promise<StatsAnswer> {
    return this.stats.stats(requestId);
  }
}
