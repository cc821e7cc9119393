import { Body, Controller, Put, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, CurrentUser, LoggedIn } from '@agora/common';
import type { Identity, SessionUser } from '@agora/contracts';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { ProfileUpdateDto } from './dto/user-input.dto.js';
import type { UserDto } from './user.mapper.js';
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
  update(
    @CurrentUser() user: SessionUser,
    @CurrentIdentity() identity: Identity,
    @Body() body: ProfileUpdateDto,
  ): Promise<UserDto> {
    return this.users.updateProfile(user.uuid, body, identity.sid);
  }
}
