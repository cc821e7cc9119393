import {
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  AppError,
  CurrentUser,
  LoggedIn,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import { REQUEST_ID_HEADER, roleAllows, SESSION_REFRESH_HEADER, type SessionUser } from '@agora/contracts';
import {
  DeletedAnswer,
  EnrolCandidatesPageAnswer,
  EnrolmentPostAnswer,
  EnrolmentPostBody,
  EnrolmentRoleAnswer,
  EnrolmentRoleBody,
  MembersPageAnswer,
} from '@agora/contracts/api';
import type { Response } from 'express';
import { ListPath, listPaths, parseListPath, type ListPathParams } from '../users/list-path.js';
import { EnrolmentsService } from './enrolments.service.js';
import {
  CANDIDATE_SORT_FIELDS,
  MEMBER_SORT_FIELDS,
  parseCandidateFilter,
  parseMemberFilter,
  parseSortField,
} from './members.query.js';
import { MembersService } from './members.service.js';

const uuidPipe = new ParseUUIDPipe({ version: '4' });

const MEMBERS_PATHS = listPaths('category/:category/enrolled/true/');
const CANDIDATES_PATHS = listPaths('category/:category/');

@ApiTags('enrolment')
@Controller('enrolment')
export class EnrolmentController {
  constructor(
    private readonly enrolments: EnrolmentsService,
    private readonly members: MembersService,
  ) {}

  @ApiOperation({
    summary:
      '{category}: the caller enrols in a category open to everyone (autosubscribe), with the role normal; ' +
      "answers all the caller's enrolments. 404 ACCOUNTS.CATEGORY_NOT_FOUND for an unknown or inactive " +
      'category, 403 ACCOUNTS.ENROL_NOT_OPEN when it is not open, 200 unchanged when enrolled already. ' +
      '{category, uuids, role} (admins): enrols the users in bulk, all or none (404 ACCOUNTS.USER_NOT_FOUND ' +
      'for an unknown user, nothing written); answers {enrolled}. 503 when the consultation service cannot answer',
  })
  @LoggedIn()
  @Post()
  @HttpCode(200)
  @ZodResponse(EnrolmentPostAnswer)
  async enrol(
    @CurrentUser() user: SessionUser,
    @ZodBody(EnrolmentPostBody) body: EnrolmentPostBody,
    @Headers(REQUEST_ID_HEADER) requestId: string | undefined,
    @Res({ passthrough: true }) res: Response,
    @Actor() actor: AuditActor,
  ): Promise<EnrolmentPostAnswer> {
    if ('uuids' in body) {
      if (!roleAllows(user.role, 'admin')) throw AppError.forbidden();
      return { enrolled: await this.members.enrol(actor, body) };
    }
    const enrolments = await this.enrolments.enrolSelf(user.uuid, body.category, requestId);
    // the gateway drops its cached session, so the caller's next request is signed with the new enrolment
    res.setHeader(SESSION_REFRESH_HEADER, '1');
    return { enrolments };
  }

  @ApiOperation({
    summary:
      "A category's members (admins), paged, sorted (username, firstname, lastname, email, weight), searched, " +
      'filtered (fq app.enrolment.role:{expert|normal}); /limit/{n} (max 10000) for CSV. weight is the ' +
      'consultation-profile weight, null when not answered or when the consultation service cannot answer',
  })
  @RequireRole('admin')
  @Get(MEMBERS_PATHS)
  @ZodResponse(MembersPageAnswer)
  listMembers(
    @Param('category') category: string,
    @ListPath() list: ListPathParams,
    @Headers(REQUEST_ID_HEADER) requestId: string | undefined,
  ): Promise<MembersPageAnswer> {
    const sort = (f: string) => parseSortField(MEMBER_SORT_FIELDS, f);
    return this.members.members(category, parseListPath(list, sort, parseMemberFilter), requestId);
  }

  @ApiOperation({
    summary:
      'The active users not enrolled in a category (admins), paged, sorted (username, firstname, lastname, ' +
      'email, role), searched, filtered (fq core.users.role:{role}); /limit/{n} (max 10000)',
  })
  @RequireRole('admin')
  @Get(CANDIDATES_PATHS)
  @ZodResponse(EnrolCandidatesPageAnswer)
  listCandidates(
    @Param('category') category: string,
    @ListPath() list: ListPathParams,
    @Headers(REQUEST_ID_HEADER) requestId: string | undefined,
  ): Promise<EnrolCandidatesPageAnswer> {
    const sort = (f: string) => parseSortField(CANDIDATE_SORT_FIELDS, f);
    return this.members.candidates(category, parseListPath(list, sort, parseCandidateFilter), requestId);
  }

  @ApiOperation({
    summary: "Change a member's enrolment role (admins); 404 ACCOUNTS.ENROLMENT_NOT_FOUND when not enrolled",
  })
  @RequireRole('admin')
  @Put('category/:category/userid/:uuid')
  @ZodResponse(EnrolmentRoleAnswer)
  changeRole(
    @Param('category') category: string,
    @Param('uuid', uuidPipe) uuid: string,
    @ZodBody(EnrolmentRoleBody) body: EnrolmentRoleBody,
    @Actor() actor: AuditActor,
  ): Promise<EnrolmentRoleAnswer> {
    return this.members.changeRole(actor, category, uuid, body.role);
  }

  @ApiOperation({
    summary: 'Unenrol a member (admins); 404 ACCOUNTS.ENROLMENT_NOT_FOUND when not enrolled',
  })
  @RequireRole('admin')
  @Delete('category/:category/userid/:uuid')
  @HttpCode(200)
  @ZodResponse(DeletedAnswer)
  async unenrol(
    @Param('category') category: string,
    @Param('uuid', uuidPipe) uuid: string,
    @Actor() actor: AuditActor,
  ): Promise<DeletedAnswer> {
    await this.members.unenrol(actor, category, uuid);
    return { message: 'data deleted' };
  }
}
