import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Public } from '@agora/common';
import type { Identity } from '@agora/contracts';
import { IsString, Length } from 'class-validator';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { RecoveryService } from './recovery.service.js';

export class RecoveryRequestDto {
  @ApiProperty({ example: 'maria_p' })
  @IsString({ message: 'missing parameters' })
  @Length(1, 150, { message: 'missing parameters' })
  username: string;
}

export class RecoveryResetDto {
  @ApiProperty({ description: 'the token of the mailed link /password_recovery/reset/{token}' })
  @IsString({ message: 'missing parameters' })
  @Length(1, 200, { message: 'missing parameters' })
  token: string;

  @ApiProperty({ format: 'password', description: 'the new password (rules of the users scope)' })
  @IsString({ message: 'missing parameters' })
  password: string;
}

@ApiTags('session')
@UseFilters(AccountsErrorFilter)
@Controller('recovery')
export class RecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @ApiOperation({
    summary: 'Mail a one-time password link (60 minutes). 404 user not found; 429 too many attempts',
  })
  @Public()
  @Post()
  @HttpCode(200)
  async request(
    @Body() body: RecoveryRequestDto,
    @CurrentIdentity() identity: Identity,
  ): Promise<{ message: string }> {
    await this.recovery.request(body.username, identity.ip);
    return { message: 'you will soon receive your email' };
  }

  @ApiOperation({
    summary: 'Set a new password with the link token. 404 unknown or used token; 410 expired',
  })
  @Public()
  @Post('reset')
  @HttpCode(200)
  async reset(
    @Body() body: RecoveryResetDto,
    @CurrentIdentity() identity: Identity,
  ): Promise<{ message: string }> {
    await this.recovery.reset(body.token, body.password, identity.ip);
    return { message: 'password changed' };
  }
}
