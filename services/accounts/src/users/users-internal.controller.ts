import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Internal, ZodResponse } from '@agora/common';
import { UserStatsAnswer } from '@agora/contracts/api';
import { UsersService } from './users.service.js';

/**
 * Routes for the other services, never routed by the gateway (`/internal/…`): the consultation service shows the
 * users' counts on the admin dashboard (`GET stats`), the same counts as `GET users/admin/stats`.
 */
@ApiTags('internal')
@Controller()
export class UsersInternalController {
  constructor(private readonly users: UsersService) {}

  @Internal('GET /internal/users/stats')
  @ZodResponse(UserStatsAnswer)
  @ApiOperation({ summary: 'User counts: total, by status and by role (system calls only: consultation)' })
  stats(): Promise<UserStatsAnswer> {
    return this.users.stats();
  }
}
