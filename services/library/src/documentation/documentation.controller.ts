import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  AppError,
  CurrentUser,
  FormFile,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import {
  DeletedAnswer,
  DocumentationAnswer,
  DocumentationBody,
  DocumentationPageAnswer,
} from '@agora/contracts/api';
import { PagePipe } from '../http/page.pipe.js';
import { assertUuid } from '../uploads/rules.js';
import { UPLOAD_LIMITS } from '../uploads/upload-errors.js';
import { MultipartUpload } from '../uploads/upload.decorator.js';
import type { UploadedPart } from '../uploads/upload.options.js';
import { DocumentationService } from './documentation.service.js';

/** Documentation pages: editors and admins (docs/decisions/0003-library-roles.md). */
@ApiTags('documentation')
@RequireRole('editor')
@Controller('documentation')
export class DocumentationController {
  constructor(private readonly docs: DocumentationService) {}

  @Get(['', 'page/:page', 'page/:page/query/:query'])
  @ApiOperation({ summary: 'Documentation pages, newest first; `query` searches uri and title' })
  @ZodResponse(DocumentationPageAnswer)
  list(
    @Param('page', PagePipe) page: number,
    @Param('query') query: string | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<Paged<DocumentationAnswer>> {
    return this.docs.page(page, query, user);
  }

  @Get('uuid/:uuid')
  @ZodResponse(DocumentationAnswer)
  one(@Param('uuid') uuid: string, @CurrentUser() user: SessionUser): Promise<DocumentationAnswer> {
    return this.docs.one(assertUuid(uuid), user);
  }

  @Post()
  @HttpCode(200)
  @MultipartUpload('resource', UPLOAD_LIMITS.document)
  @ApiOperation({
    summary: 'Add a page: type html (sanitised body) or resource (.pdf/.doc/.docx checked by content)',
  })
  @ZodResponse(DocumentationAnswer)
  create(
    @ZodBody(DocumentationBody) form: DocumentationBody,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<DocumentationAnswer> {
    return this.docs.create(form, file, user, actor);
  }

  @Put('uuid/:uuid')
  @MultipartUpload('resource', UPLOAD_LIMITS.document)
  @ApiOperation({
    summary: 'Change the fields sent (the type cannot change); any editor or admin, whoever made the page',
  })
  @ZodResponse(DocumentationAnswer)
  update(
    @Param('uuid') uuid: string,
    @ZodBody(DocumentationBody) form: DocumentationBody,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<DocumentationAnswer> {
    return this.docs.update(assertUuid(uuid), form, file, user, actor);
  }

  @Post('uuid/:uuid')
  @HttpCode(200)
  @MultipartUpload('resource', UPLOAD_LIMITS.document)
  @ApiOperation({ summary: 'The same as PUT, sent as POST with `_method=PUT`' })
  @ZodResponse(DocumentationAnswer)
  updateByPost(
    @Param('uuid') uuid: string,
    @ZodBody(DocumentationBody) form: DocumentationBody,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<DocumentationAnswer> {
    if (form._method?.toUpperCase() !== 'PUT')
      throw AppError.badRequest('REQUEST.METHOD', 'use PUT (or _method=PUT)');
    return this.docs.update(assertUuid(uuid), form, file, user, actor);
  }

  @Delete('uuid/:uuid')
  @ZodResponse(DeletedAnswer)
  @ApiOperation({ summary: 'Delete a page and its file (its owner or an admin, else 403 LIBRARY.NOT_OWNER)' })
  async remove(
    @Param('uuid') uuid: string,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<DeletedAnswer> {
    await this.docs.remove(assertUuid(uuid), user, actor);
    return { message: 'data deleted' };
  }
}
