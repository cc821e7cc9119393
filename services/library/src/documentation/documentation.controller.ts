import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, CurrentUser, FormFile, RequireRole } from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import { PagePipe } from '../http/page.pipe.js';
import { assertUuid } from '../uploads/rules.js';
import { UPLOAD_LIMITS } from '../uploads/upload-errors.js';
import { MultipartUpload } from '../uploads/upload.decorator.js';
import type { UploadedPart } from '../uploads/upload.options.js';
import { DocumentationForm, DocumentationPage, DocumentationResponse } from './dto/documentation.dto.js';
import { DocumentationService } from './documentation.service.js';

/** Documentation pages: editors and admins (docs/decisions/0003-library-roles.md). */
@ApiTags('documentation')
@RequireRole('editor')
@Controller('documentation')
export class DocumentationController {
  constructor(private readonly docs: DocumentationService) {}

  @Get(['', 'page/:page', 'page/:page/query/:query'])
  @ApiOperation({ summary: 'Documentation pages, newest first; `query` searches uri and title' })
  @ApiOkResponse({ type: DocumentationPage })
  list(
    @Param('page', PagePipe) page: number,
    @Param('query') query: string | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<Paged<DocumentationResponse>> {
    return this.docs.page(page, query, user);
  }

  @Get('uuid/:uuid')
  @ApiOkResponse({ type: DocumentationResponse })
  one(@Param('uuid') uuid: string, @CurrentUser() user: SessionUser): Promise<DocumentationResponse> {
    return this.docs.one(assertUuid(uuid), user);
  }

  @Post()
  @HttpCode(200)
  @MultipartUpload('resource', UPLOAD_LIMITS.document)
  @ApiOperation({
    summary: 'Add a page: type html (sanitised body) or resource (.pdf/.doc/.docx checked by content)',
  })
  @ApiOkResponse({ type: DocumentationResponse })
  create(
    @Body() form: DocumentationForm,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<DocumentationResponse> {
    return this.docs.create(form, file, user);
  }

  @Put('uuid/:uuid')
  @MultipartUpload('resource', UPLOAD_LIMITS.document)
  @ApiOperation({
    summary:
      'Change the fields sent (the type cannot change); its owner or an admin, else 403 LIBRARY.NOT_OWNER',
  })
  @ApiOkResponse({ type: DocumentationResponse })
  update(
    @Param('uuid') uuid: string,
    @Body() form: DocumentationForm,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<DocumentationResponse> {
    return this.docs.update(assertUuid(uuid), form, file, user);
  }

  @Post('uuid/:uuid')
  @HttpCode(200)
  @MultipartUpload('resource', UPLOAD_LIMITS.document)
  @ApiOperation({ summary: 'The same as PUT, sent as POST with `_method=PUT`' })
  @ApiOkResponse({ type: DocumentationResponse })
  updateByPost(
    @Param('uuid') uuid: string,
    @Body() form: DocumentationForm,
    @FormFile('resource') file: UploadedPart | undefined,
    @CurrentUser() user: SessionUser,
  ): Promise<DocumentationResponse> {
    if (form._method?.toUpperCase() !== 'PUT')
      throw AppError.badRequest('REQUEST.METHOD', 'use PUT (or _method=PUT)');
    return this.docs.update(assertUuid(uuid), form, file, user);
  }

  @Delete('uuid/:uuid')
  @ApiOperation({ summary: 'Delete a page and its file (its owner or an admin, else 403 LIBRARY.NOT_OWNER)' })
  async remove(@Param('uuid') uuid: string, @CurrentUser() user: SessionUser): Promise<{ message: string }> {
    await this.docs.remove(assertUuid(uuid), user);
    return { message: 'data deleted' };
  }
}
