import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@agora/common';
import { AccountsErrorFilter, AccountsErrors } from '../errors/accounts-errors.js';
import { SettingsService } from '../settings/settings.service.js';
import { RegistrationDto } from '../users/dto/user-input.dto.js';
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
  async register(@Body() body: RegistrationDto): Promise<{ message: string }> {
    if (!(await this.settings.get()).registration) throw AccountsErrors.registrationClosed();
    await this.users.register(body);
    return { message: 'successful registration' };
  }
}
