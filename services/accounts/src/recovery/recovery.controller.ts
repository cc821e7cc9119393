import { Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Public, ZodBody, ZodResponse } from '@agora/common';
import type { Identity } from '@agora/contracts';
import { MessageAnswer, RecoveryRequestBody, RecoveryResetBody } from '@agora/contracts/api';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { RecoveryService } from './recovery.service.js';

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
  @ZodResponse(MessageAnswer)
  async request(
    @ZodBody(RecoveryRequestBody) body: RecoveryRequestBody,
    @CurrentIdentity() identity: Identity,
  ): Promise<MessageAnswer> {
    await this.recovery.request(body.username, identity.ip);
    return { message: 'you will soon receive your email' };
  }

  @ApiOperation({
    summary: 'Set a new password with the link token. 404 unknown or used token; 410 expired',
  })
  @Public()
  @Post('reset')
  @HttpCode(200)
  @ZodResponse(MessageAnswer)
  async reset(
    @ZodBody(RecoveryResetBody) body: RecoveryResetBody,
    @CurrentIdentity() identity: Identity,
  ): Promise<MessageAnswer> {
    await this.recovery.reset(body.token, body.password, identity.ip);
    return { message: 'password changed' };
  }
}
