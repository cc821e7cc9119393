import { Controller, HttpCode, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Internal, ZodBody, ZodResponse } from '@agora/common';
import {
  InternalEnrolmentsAnswer,
  InternalEnrolmentsBody,
  InternalInvitationAcceptAnswer,
  InternalInvitationAcceptBody,
  InternalProvidersAnswer,
  InternalUsersByEmailAnswer,
  InternalUsersByEmailBody,
} from '@agora/contracts/api';
import { AccountsErrorFilter } from '../errors/accounts-errors.js';
import { InvitationsInternalService } from './invitations-internal.service.js';

/** Routes for the mailing service's invitations, never routed by the gateway (`/internal/…`). */
@ApiTags('internal')
@UseFilters(AccountsErrorFilter)
@Controller()
export class InvitationsInternalController {
  constructor(private readonly invitations: InvitationsInternalService) {}

  @Internal('POST /internal/users/by-email')
  @HttpCode(200)
  @ZodResponse(InternalUsersByEmailAnswer)
  @ApiOperation({
    summary: 'Which of these e-mails are users (case-insensitive; system calls only: mailing)',
  })
  usersByEmail(
    @ZodBody(InternalUsersByEmailBody) body: InternalUsersByEmailBody,
  ): Promise<InternalUsersByEmailAnswer> {
    return this.invitations.usersByEmail(body.emails);
  }

  @Internal('POST /internal/enrolments')
  @HttpCode(200)
  @ZodResponse(InternalEnrolmentsAnswer)
  @ApiOperation({ summary: 'Enrol existing users (system calls only: mailing)' })
  async enrol(
    @ZodBody(InternalEnrolmentsBody) body: InternalEnrolmentsBody,
  ): Promise<InternalEnrolmentsAnswer> {
    return { enrolled: await this.invitations.enrol(body) };
  }

  @Internal('POST /internal/invitations/accept')
  @HttpCode(200)
  @ZodResponse(InternalInvitationAcceptAnswer)
  @ApiOperation({
    summary:
      'Create the user of an accepted invitation and its enrolments in one transaction; the same uuid again ' +
      'answers the same user; with `external`, the provider account linked to it in the same transaction; 409 ' +
      'ACCOUNTS.EMAIL_EXISTS / OAUTH_LINKED (system calls only: mailing)',
  })
  async accept(
    @ZodBody(InternalInvitationAcceptBody) body: InternalInvitationAcceptBody,
  ): Promise<InternalInvitationAcceptAnswer> {
    return this.invitations.accept(body);
  }

  @Internal('GET /internal/invitations/providers')
  @ZodResponse(InternalProvidersAnswer)
  @ApiOperation({ summary: 'The external logins enabled (system calls only: mailing)' })
  async providers(): Promise<InternalProvidersAnswer> {
    return { providers: await this.invitations.providers() };
  }
}
