import { Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, LoggedIn, ZodBody, ZodResponse } from '@agora/common';
import { REQUEST_ID_HEADER, SESSION_REFRESH_HEADER, type SessionUser } from '@agora/contracts';
import { EnrolmentAnswer, EnrolmentBody } from '@agora/contracts/api';
import type { Response } from 'express';
import { EnrolmentsService } from './enrolments.service.js';

@ApiTags('enrolment')
@Controller('enrolment')
export class EnrolmentController {
  constructor(private readonly enrolments: EnrolmentsService) {}

  @ApiOperation({
    summary:
      "Enrol in a category open to everyone (autosubscribe), with the role normal; answers all the caller's " +
      'enrolments. 404 ACCOUNTS.CATEGORY_NOT_FOUND for an unknown or inactive category, 403 ' +
      'ACCOUNTS.ENROL_NOT_OPEN when it is not open, 200 unchanged when enrolled already, 503 when the ' +
      'consultation service cannot answer',
  })
  @LoggedIn()
  @Post()
  @HttpCode(200)
  @ZodResponse(EnrolmentAnswer)
  async enrol(
    @CurrentUser() user: SessionUser,
    @ZodBody(EnrolmentBody) body: EnrolmentBody,
    @Headers(REQUEST_ID_HEADER) requestId: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<EnrolmentAnswer> {
    const enrolments = await this.enrolments.enrolSelf(user.uuid, body.category, requestId);
    // the gateway drops its cached session, so the caller's next request is signed with the new enrolment
    res.setHeader(SESSION_REFRESH_HEADER, '1');
    return { enrolments };
  }
}
