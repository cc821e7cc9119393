import { Controller, Put, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, CurrentUser, LoggedIn, ZodBody, ZodResponse } from '@agora/common';
import type { Identity, SessionUser } from '@agora/contracts';
import { ProfileUpdateBody, UserAnswer } from '@agora/contracts/api';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { UsersService } from './users.service.js';

@ApiTags('session')
@UseFilters(AccountsErrorFilter)
@Controller('profile')
export class ProfileController {
  constructor(private readonly users: UsersService) {}

  @ApiOperation({
    summary:
      'Update the own profile (changed fields only; a new password needs password_current and ends the ' +
      "user's other sessions). 429 with Retry-After after 10 wrong current passwords in an hour (15 minutes)",
  })
  @LoggedIn()
  @Put()
  @ZodResponse(UserAnswer)
  update(
    @CurrentUser() user: SessionUser,
    @CurrentIdentity() identity: Identity,
    @ZodBody(ProfileUpdateBody) body: ProfileUpdateBody,
  ): Promise<UserAnswer> {
    return this.users.updateProfile(user.uuid, body, identity.sid);
  }
}
