import { Controller, HttpCode } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Internal, ZodBody, ZodResponse } from '@agora/common';
import { InternalInvitationAcceptAnswer, InternalInvitationExternalBody } from '@agora/contracts/api';
import { InvitationsService } from './invitations.service.js';

/** The invitations' routes for the accounts service, never routed by the gateway (`/internal/…`). */
@ApiTags('internal')
@Controller()
export class InvitationsInternalController {
  constructor(private readonly invitations: InvitationsService) {}

  @Internal('POST /internal/invitations/accept-external')
  @HttpCode(200)
  @ZodResponse(InternalInvitationAcceptAnswer)
  @ApiOperation({
    summary:
      'Accept an invitation sent with OAuth through an external login (the provider account is linked to the new ' +
      'user): the checks of the accept page with the e-mail the provider vouches for. 403 MAILING.' +
      'INVITATION_NO_OAUTH, 409 INVITATION_EMAIL / INVITATION_ACCEPTED / ACCOUNTS.OAUTH_LINKED, 410 expired, 404 ' +
      'unknown, 429 locked (system calls only: accounts)',
  })
  acceptExternal(
    @ZodBody(InternalInvitationExternalBody) body: InternalInvitationExternalBody,
  ): Promise<InternalInvitationAcceptAnswer> {
    return this.invitations.acceptExternal(body);
  }
}
