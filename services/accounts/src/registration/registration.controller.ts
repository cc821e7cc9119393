import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, ZodBody, ZodResponse } from '@agora/common';
import { MessageAnswer, RegistrationBody } from '@agora/contracts/api';
import { AccountsErrorFilter, AccountsErrors } from '../errors/accounts-errors.js';
import { SettingsService } from '../settings/settings.service.js';
import { UsersService } from '../users/users.service.js';

@ApiTags('session')
@UseFilters(AccountsErrorFilter)
@Controller('registration')
export class RegistrationController {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  @ApiOperation({
    summary:
      'Register (when settings.registration): creates an authorized user. 409 "username exists"; 403 when closed',
  })
  @Public()
  @Post()
  @HttpCode(200)
  @ZodResponse(MessageAnswer)
  async register(@ZodBody(RegistrationBody) body: RegistrationBody): Promise<MessageAnswer> {
    if (!(await this.settings.get()).registration) throw AccountsErrors.registrationClosed();
    await this.users.register(body);
    return { message: 'successful registration' };
  }
}
