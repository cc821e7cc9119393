import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  AppError,
  CurrentUser,
  FormFile,
  LoggedIn,
  parseSortMethod,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import {
  DeletedAnswer,
  LibraryItemAnswer,
  LibraryItemBody,
  LibraryItemPageAnswer,
  LibraryItemsAnswer,
  LibraryRecentAnswer,
  LibraryTagsAnswer,
} from '@agora/contracts/api';
import { PagePipe } from '../http/page.pipe.js';
import { assertUuid, parseTagSegment, parseUuidList } from '../uploads/rules.js';
import { MultipartUpload } from '../uploads/upload.decorator.js';
import { UPLOAD_LIMITS } from '../uploads/upload-errors.js';
import type { UploadedPart } from '../uploads/upload.options.js';
import { LibraryService, MAX_RECENT } from './library.service.js';

function parseLimit(raw: string): number {
  if (!/^[1-9][0-9]{0,2}$/.test(raw) || Number(raw) > MAX_RECENT)
    throw AppError.badRequest('REQUEST.LIMIT', `limit must be 1-${MAX_RECENT}`);
  return Number(raw);
}

function assertPut(method: string | undefined): void {
  if (method?.toUpperCase() !== 'PUT')
    throw AppError.badRequest('REQUEST.METHOD', 'use PUT (or _method=PUT)');
}

/** Library management is for editors and admins (docs/decisions/0003-library-roles.md). */
@ApiTags('library')
@RequireRole('editor')
@Controller('library')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Get(['', 'page/:page'])
  @ApiOperation({ summary: 'Library items, newest first' })
  @ZodResponse(LibraryItemPageAnswer)
  list(
    @Param('page', PagePipe) page: number,
    @CurrentUser() user: SessionUser,
  ): Promise<Paged<LibraryItemAnswer>> {
    return this.library.page(page, [], user);
  }

  @Get('page/:page/taglist/:tags')
  @ApiOperation({ summary: 'Library items having ALL the `;`-joined tags, newest first' })
  @ZodResponse(LibraryItemPageAnswer)
  byTags(
    @Param('page', PagePipe) page: number,
    @Param('tags') tags: string,
    @CurrentUser() user: SessionUser,
  ): Promise<Paged<LibraryItemAnswer>> {
    return this.library.page(page, parseTagSegment(tags), user);
  }

  // any logged-in user: participants see the library items a variable offers them in the answer form
  @Get('uuid/:uuids')
  @LoggedIn()
  @ApiOperation({
    summary: 'Items by `;`-joined uuids, in the order asked (unknown uuids skipped); any logged-in user',
  })
  @ZodResponse(LibraryItemsAnswer)
  byIds(@Param('uuids') uuids: string, @CurrentUser() user: SessionUser): Promise<LibraryItemsAnswer> {
    return this.library.byIds(parseUuidList(uuids), user);
  }

  // The forms with and without the optional segment are two handlers so that each one's document names its path
  // parameters (an optional `@Param` is reflected as Object, which the document generator leaves out).
  @Get('autocomplete/tags/query/:q')
  @ApiOperation({ summary: 'At most 8 tags starting with / containing q' })
  @ZodResponse(LibraryTagsAnswer)
  autocomplete(@Param('q') q: string): Promise<string[]> {
    return this.library.autocomplete(q, parseTagSegment(undefined));
  }

  @Get('autocomplete/tags/query/:q/tags/:tags')
  @ApiOperation({ summary: 'At most 8 tags starting with / containing q, except the `;`-joined tags given' })
  @ZodResponse(LibraryTagsAnswer)
  autocompleteExcept(@Param('q') q: string, @Param('tags') tags: string): Promise<string[]> {
    return this.library.autocomplete(q, parseTagSegment(tags));
  }

  @Get('limit/:limit/sort/created/sort_method/:method')
  @ApiOperation({ summary: 'The newest (DESC) or oldest (ASC) items' })
  @ZodResponse(LibraryRecentAnswer)
  recent(
    @Param('limit') limit: string,
    @Param('method') method: string,
    @CurrentUser() user: SessionUser,
  ): Promise<LibraryRecentAnswer> {
    return this.recentOf(limit, undefined, method, user);
  }

  @Get('limit/:limit/taglist/:tags/sort/created/sort_method/:method')
  @ApiOperation({ summary: 'The newest (DESC) or oldest (ASC) items having all the `;`-joined tags' })
  @ZodResponse(LibraryRecentAnswer)
  recentByTags(
    @Param('limit') limit: string,
    @Param('tags') tags: string,
    @Param('method') method: string,
    @CurrentUser() user: SessionUser,
  ): Promise<LibraryRecentAnswer> {
    return this.recentOf(limit, tags, method, user);
  }

  private async recentOf(
    limit: string,
    tags: string | undefined,
    method: string,
    user: SessionUser,
  ): Promise<LibraryRecentAnswer> {
    return {
      values: await this.library.recent(
        parseLimit(limit),
        parseTagSegment(tags),
        parseSortMethod(method),
        user,
      ),
    };
  }

  @Post()
  @HttpCode(200)
  @MultipartUpload('resource', UPLOAD_LIMITS.image)
  @ApiOperation({ summary: 'Upload an image (checked by content; metadata removed; thumbnail made)' })
  @ZodResponse(LibraryItemAnswer)
  create(
    @ZodBody(LibraryItemBody) form: LibraryItemBody,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<LibraryItemAnswer> {
    return this.library.create(form, file, user, actor);
  }

  @Put('uuid/:uuid')
  @MultipartUpload('resource', UPLOAD_LIMITS.image)
  @ApiOperation({
    summary:
      'Change the fields sent, and the image when a new one is sent (any editor or admin, whoever uploaded it)',
  })
  @ZodResponse(LibraryItemAnswer)
  update(
    @Param('uuid') uuid: string,
    @ZodBody(LibraryItemBody) form: LibraryItemBody,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<LibraryItemAnswer> {
    return this.library.update(assertUuid(uuid), form, file, user, actor);
  }

  @Post('uuid/:uuid')
  @HttpCode(200)
  @MultipartUpload('resource', UPLOAD_LIMITS.image)
  @ApiOperation({ summary: 'The same as PUT, sent as POST with `_method=PUT`' })
  @ZodResponse(LibraryItemAnswer)
  updateByPost(
    @Param('uuid') uuid: string,
    @ZodBody(LibraryItemBody) form: LibraryItemBody,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<LibraryItemAnswer> {
    assertPut(form._method);
    return this.library.update(assertUuid(uuid), form, file, user, actor);
  }

  @Delete('uuid/:uuid')
  @ZodResponse(DeletedAnswer)
  @ApiOperation({
    summary: 'Delete an item and its files (its owner or an admin, else 403 LIBRARY.NOT_OWNER)',
  })
  async remove(
    @Param('uuid') uuid: string,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<DeletedAnswer> {
    await this.library.remove(assertUuid(uuid), user, actor);
    return { message: 'data deleted' };
  }
}
