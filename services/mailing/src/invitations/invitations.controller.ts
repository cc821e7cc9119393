import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  AppError,
  CurrentUser,
  FormFile,
  multipartInterceptor,
  parsePage,
  parseSortMethod,
  Public,
  RequireRole,
  ZodBody,
  ZodQuery,
  ZodResponse,
  type AuditActor,
  type FilePart,
} from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import {
  DeletedAnswer,
  INVITATION_CSV_MAX_BYTES,
  InvitationAcceptAnswer,
  InvitationAcceptBody,
  InvitationBatchAnswer,
  InvitationCancelAnswer,
  InvitationHashAnswer,
  InvitationResendAnswer,
  InvitationSendAnswer,
  InvitationSendBody,
  InvitationsPageAnswer,
  InvitationTicketQuery,
  InvitationValidateAnswer,
  InvitationValidateFields,
} from '@agora/contracts/api';
import { UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { checkCsvFile, parseInvitationCsv } from './csv.js';
import { InvitationAcceptance } from './acceptance.js';
import { InvitationDryRun } from './dry-run.js';
import { InvitationListing, parseInvitationFilters, parseInvitationSort } from './listing.js';
import { InvitationResending } from './resending.js';
import { InvitationSending } from './sending.js';
import { InvitationWithdrawal } from './withdrawal.js';

const uuidPipe = new ParseUUIDPipe();

const CSV_FORM = {
  files: [{ name: 'file', maxBytes: INVITATION_CSV_MAX_BYTES }],
  fields: 5,
  fieldSize: 64 * 1024,
  tooLarge: () => new AppError('MAILING.CSV_TOO_LARGE', 413, 'the file is larger than 5 MB'),
};

/** The list's path forms: page, search and filters each optional, in this order. */
const LIST_PATHS = ['', '/page/:page']
  .flatMap((page) => ['', '/query/:query'].map((query) => page + query))
  .flatMap((rest) => ['', '/fq/:fq'].map((fq) => rest + fq))
  .map((rest) => `sort/:field/sort_method/:method${rest}`);

type SendBody = z.output<typeof InvitationSendBody>;
/** A query's type spelled so that its design type is `Object` (see the accounts' OAuth controller). */
type QueryOf<S extends z.ZodType> = z.infer<S>;

/** Invitations by mail (decision 0043): administrators only, except the anonymous accept page's routes. */
@ApiTags('invitation')
@Controller('invitation')
export class InvitationsController {
  constructor(
    private readonly dryRun: InvitationDryRun,
    private readonly sending: InvitationSending,
    private readonly listing: InvitationListing,
    private readonly resending: InvitationResending,
    private readonly acceptance: InvitationAcceptance,
    private readonly withdrawal: InvitationWithdrawal,
  ) {}

  @RequireRole('admin')
  @Post('scope/validate')
  @HttpCode(200)
  @UseInterceptors(multipartInterceptor(CSV_FORM))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        message: { type: 'string' },
        locale: { type: 'string', enum: ['el', 'en'] },
      },
      required: ['file'],
    },
  })
  @ZodResponse(InvitationValidateAnswer)
  @ApiOperation({
    summary:
      'Dry run of an invitation CSV (file; message, locale): a report row per line, writes nothing. 400 ' +
      'MAILING.CSV_TYPE (not a .csv by name or media type) / CSV_INVALID / CSV_COLUMNS / CSV_TOO_LARGE, 413 ' +
      'above 5 MB',
  })
  async validate(
    @FormFile('file') file: FilePart | undefined,
    @ZodBody(InvitationValidateFields) _fields: InvitationValidateFields,
  ): Promise<InvitationValidateAnswer> {
    if (!file?.buffer) throw new AppError('MAILING.CSV_INVALID', 400, 'a .csv file is required');
    checkCsvFile(file);
    return this.dryRun.validate(parseInvitationCsv(file.buffer));
  }

  @RequireRole('admin')
  @Post('scope/send')
  @HttpCode(200)
  @ZodResponse(InvitationSendAnswer)
  @ApiOperation({ summary: 'Invite the rows (validated again); existing users are enrolled and notified' })
  send(
    @ZodBody(InvitationSendBody) body: SendBody,
    @CurrentUser() caller: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<InvitationSendAnswer> {
    return this.sending.send(body, false, caller, actor);
  }

  @RequireRole('admin')
  @Post('scope/sendWithOAuth')
  @HttpCode(200)
  @ZodResponse(InvitationSendAnswer)
  @ApiOperation({ summary: 'As scope/send, the accept page offering the external logins' })
  sendWithOAuth(
    @ZodBody(InvitationSendBody) body: SendBody,
    @CurrentUser() caller: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<InvitationSendAnswer> {
    return this.sending.send(body, true, caller, actor);
  }

  @RequireRole('admin')
  @Post('scope/resend')
  @HttpCode(200)
  @ZodResponse(InvitationResendAnswer)
  @ApiOperation({ summary: 'Mail again every invitation neither accepted nor expired (new links)' })
  async resendAll(@Actor() actor: AuditActor): Promise<InvitationResendAnswer> {
    return { resent: await this.resending.resendAll(actor) };
  }

  @RequireRole('admin')
  @Post('id/:id/resend')
  @HttpCode(200)
  @ZodResponse(InvitationResendAnswer)
  @ApiOperation({ summary: 'Mail an invitation again (a new link, a new expiry); 409 when accepted' })
  async resendOne(
    @Param('id', uuidPipe) id: string,
    @Actor() actor: AuditActor,
  ): Promise<InvitationResendAnswer> {
    return { resent: await this.resending.resendOne(actor, id) };
  }

  @RequireRole('admin')
  @Post('id/:id/cancel')
  @HttpCode(200)
  @ZodResponse(InvitationCancelAnswer)
  @ApiOperation({
    summary:
      'Withdraw an invitation not accepted: its link is refused from now on (410 MAILING.INVITATION_CANCELLED) ' +
      'and its mails not yet sent never go out; again answers the same. 409 MAILING.INVITATION_ACCEPTED, 404',
  })
  cancel(@Param('id', uuidPipe) id: string, @Actor() actor: AuditActor): Promise<InvitationCancelAnswer> {
    return this.withdrawal.cancel(actor, id);
  }

  @RequireRole('admin')
  @Delete('id/:id')
  @HttpCode(200)
  @ZodResponse(DeletedAnswer)
  @ApiOperation({
    summary:
      'Delete an invitation not accepted (withdrawn or not): it leaves the list, its link is unknown from then ' +
      'on and its mails not yet sent never go out. 409 MAILING.INVITATION_ACCEPTED, 404',
  })
  async remove(@Param('id', uuidPipe) id: string, @Actor() actor: AuditActor): Promise<DeletedAnswer> {
    await this.withdrawal.remove(actor, id);
    return { message: 'data deleted' };
  }

  @RequireRole('admin')
  @Get('batch/:batch')
  @ZodResponse(InvitationBatchAnswer)
  @ApiOperation({ summary: "A batch's progress: {total, queued, sent, failed, withdrawn, accepted}" })
  batch(@Param('batch', uuidPipe) batch: string): Promise<InvitationBatchAnswer> {
    return this.listing.batch(batch);
  }

  @RequireRole('admin')
  @Get(LIST_PATHS)
  @ZodResponse(InvitationsPageAnswer)
  @ApiOperation({
    summary:
      'Invitations, sorted (created, firstname, lastname, email, expires, accepted), paged, searched ' +
      '(names, e-mail) and filtered (fq: accepted:{bool};with_oauth:{bool})',
  })
  list(
    @Param('field') field: string,
    @Param('method') method: string,
    @Param('page') page?: string,
    @Param('query') query?: string,
    @Param('fq') fq?: string,
  ): Promise<InvitationsPageAnswer> {
    return this.listing.list({
      sort: parseInvitationSort(field),
      method: parseSortMethod(method),
      page: parsePage(page),
      query: query?.trim() || undefined,
      filters: parseInvitationFilters(fq),
    });
  }

  @Public()
  @Get('hash/:hash')
  @ZodResponse(InvitationHashAnswer)
  @ApiOperation({
    summary:
      'The accept page: {firstname, lastname, with_oauth, expired, accepted, providers}; 410 ' +
      'MAILING.INVITATION_CANCELLED when withdrawn, 404 unknown',
  })
  describe(@Param('hash') hash: string): Promise<InvitationHashAnswer> {
    return this.acceptance.describe(hash);
  }

  @Public()
  @Get('hash/:hash/external')
  @ApiOperation({
    summary:
      "Accept with an external login, from the accounts service's signed login ticket (two minutes): the checks " +
      'of the accept page with the e-mail the provider vouches for, then the user created and linked (a browser ' +
      'navigation: it redirects, never answers an error)',
  })
  @ApiFoundResponse({
    description:
      'to /api/oauth/invitation/complete?ticket={ticket} (accounts makes the session), or to ' +
      '/invitation/accept/{hash}?error={code}: MAILING.INVITATION_TICKET, INVITATION_NOT_FOUND, ' +
      'INVITATION_CANCELLED, RATE_LIMITED, ' +
      'INVITATION_ACCEPTED, INVITATION_EXPIRED, INVITATION_NO_OAUTH, INVITATION_EMAIL, ACCOUNTS.OAUTH_LINKED, ' +
      'ACCOUNTS.EMAIL_EXISTS, MAILING.ACCOUNTS_UNAVAILABLE',
  })
  async acceptExternal(
    @Param('hash') hash: string,
    @ZodQuery(InvitationTicketQuery) query: QueryOf<typeof InvitationTicketQuery>,
    @Res() res: Response,
  ): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, await this.acceptance.acceptExternal(hash, query.ticket));
  }

  @Public()
  @Post('hash/:hash')
  @HttpCode(200)
  @ZodResponse(InvitationAcceptAnswer)
  @ApiOperation({
    summary:
      'Accept with the invited e-mail and a password: the account and its enrolments. 409 ' +
      'MAILING.INVITATION_EMAIL / INVITATION_ACCEPTED, 410 MAILING.INVITATION_CANCELLED (withdrawn) / ' +
      'INVITATION_EXPIRED, 404 unknown, 429 too many wrong e-mails',
  })
  accept(
    @Param('hash') hash: string,
    @ZodBody(InvitationAcceptBody) body: InvitationAcceptBody,
  ): Promise<InvitationAcceptAnswer> {
    return this.acceptance.accept(hash, body);
  }

  @Public()
  @Put('hash/:hash')
  @ZodResponse(InvitationAcceptAnswer)
  @ApiOperation({ summary: 'The same as POST' })
  acceptPut(
    @Param('hash') hash: string,
    @ZodBody(InvitationAcceptBody) body: InvitationAcceptBody,
  ): Promise<InvitationAcceptAnswer> {
    return this.acceptance.accept(hash, body);
  }
}
