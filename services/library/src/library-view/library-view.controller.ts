import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  AppError,
  CurrentUser,
  MultipartBody,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import {
  DeletedAnswer,
  LibraryViewAnswer,
  LibraryViewBody,
  LibraryViewPageAnswer,
} from '@agora/contracts/api';
import { PagePipe } from '../http/page.pipe.js';
import { assertUuid } from '../uploads/rules.js';
import { LibraryViewService } from './library-view.service.js';

/** Library views: editors and admins (docs/decisions/0003-library-roles.md). */
@ApiTags('library views')
@RequireRole('editor')
@Controller('libraryView')
export class LibraryViewController {
  constructor(private readonly views: LibraryViewService) {}

  @Get(['', 'page/:page'])
  @ZodResponse(LibraryViewPageAnswer)
  list(
    @Param('page', PagePipe) page: number,
    @CurrentUser() user: SessionUser,
  ): Promise<Paged<LibraryViewAnswer>> {
    return this.views.page(page, user);
  }

  @Get('uuid/:uuid')
  @ZodResponse(LibraryViewAnswer)
  one(@Param('uuid') uuid: string, @CurrentUser() user: SessionUser): Promise<LibraryViewAnswer> {
    return this.views.one(assertUuid(uuid), user);
  }

  @Post()
  @HttpCode(200)
  @MultipartBody()
  @ApiOperation({ summary: 'Add a view (uri, title, description, items: uuids or their JSON text)' })
  @ZodResponse(LibraryViewAnswer)
  create(
    @ZodBody(LibraryViewBody) form: LibraryViewBody,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<LibraryViewAnswer> {
    return this.views.create(form, user, actor);
  }

  @Put('uuid/:uuid')
  @MultipartBody()
  @ApiOperation({ summary: 'Change the fields sent (its owner or an admin, else 403 LIBRARY.NOT_OWNER)' })
  @ZodResponse(LibraryViewAnswer)
  update(
    @Param('uuid') uuid: string,
    @ZodBody(LibraryViewBody) form: LibraryViewBody,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<LibraryViewAnswer> {
    return this.views.update(assertUuid(uuid), form, user, actor);
  }

  @Post('uuid/:uuid')
  @HttpCode(200)
  @MultipartBody()
  @ApiOperation({ summary: 'The same as PUT, sent as POST with `_method=PUT`' })
  @ZodResponse(LibraryViewAnswer)
  updateByPost(
    @Param('uuid') uuid: string,
    @ZodBody(LibraryViewBody) form: LibraryViewBody,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<LibraryViewAnswer> {
    if (form._method?.toUpperCase() !== 'PUT')
      throw AppError.badRequest('REQUEST.METHOD', 'use PUT (or _method=PUT)');
    return this.views.update(assertUuid(uuid), form, user, actor);
  }

  @Delete('uuid/:uuid')
  @ZodResponse(DeletedAnswer)
  @ApiOperation({ summary: 'Delete a view (its owner or an admin, else 403 LIBRARY.NOT_OWNER)' })
  async remove(
    @Param('uuid') uuid: string,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<DeletedAnswer> {
    await this.views.remove(assertUuid(uuid), user, actor);
    return { message: 'data deleted' };
  }
}
