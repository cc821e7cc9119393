import { Controller, Delete, Get, HttpCode, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentUser, LoggedIn, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import { SESSION_CLEAR_HEADER, type SessionUser } from '@agora/contracts';
import { AccountDeletionBody, AccountDeletionPreview, DeletedAnswer } from '@agora/contracts/api';
import type { Response } from 'express';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { AccountDeletion } from './account-deletion.js';

/** Deleting one's own account (decision 0088): what happens, told beforehand, then the deletion. */
@ApiTags('session')
@UseFilters(AccountsErrorFilter)
@Controller('profile')
export class AccountDeletionController {
  constructor(private readonly deletion: AccountDeletion) {}

  @ApiOperation({
    summary:
      'What deleting your account erases (account, sessions, enrolments, consultation-profile answers, files, ' +
      'external logins, the answers of the projects set to erase them) and keeps detached, and how to confirm',
  })
  @LoggedIn()
  @Get('deletion')
  @ZodResponse(AccountDeletionPreview)
  preview(@CurrentUser() user: SessionUser): Promise<AccountDeletionPreview> {
    return this.deletion.preview(user);
  }

  @ApiOperation({
    summary:
      'Delete your account, confirmed by {password} (or {username} for an account with external logins); the ' +
      'session ends. 409 for the last active administrator, 503 when consultation does not answer (nothing ' +
      'deleted), 429 with Retry-After after 10 wrong confirmations in an hour',
  })
  @LoggedIn()
  @Delete()
  @HttpCode(200)
  @ZodResponse(DeletedAnswer)
  async remove(
    @CurrentUser() user: SessionUser,
    @ZodBody(AccountDeletionBody) body: AccountDeletionBody,
    @Actor() actor: AuditActor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DeletedAnswer> {
    await this.deletion.deleteOwn(user, body, actor);
    res.setHeader(SESSION_CLEAR_HEADER, '1');
    return { message: 'data deleted' };
  }
}
