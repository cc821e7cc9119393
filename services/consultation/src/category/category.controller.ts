import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  CurrentIdentity,
  CurrentUser,
  LoggedIn,
  Public,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import type { Identity, SessionUser } from '@agora/contracts';
import {
  CategoryAnswer,
  CategoryCardListAnswer,
  CategoryChangesBody,
  CategoryListAnswer,
  CategoryMnameAnswer,
  CategoryPageAnswer,
  MessageAnswer,
  NewCategoryBody,
  SortOrderBody,
} from '@agora/contracts/api';
import { FormBody } from '../http/form.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { TokenPipe } from '../http/params.js';
import { CategoryService } from './category.service.js';

/**
 * Categories (spec part 2 §7). Reads: the list (staff: every category; participants: the active ones they are
 * enrolled in), the categories open for enrolment, a category page (by short name) and the short name of a token
 * for everyone, anonymous visitors included; the rest is the administrator's
 * (docs/decisions/0013-categories-and-projects.md, 0036-consultation-profile-weight.md).
 */
@ApiTags('category')
@Controller('category')
export class CategoryController {
  constructor(private readonly categories: CategoryService) {}

  @LoggedIn()
  @Get()
  @ApiOperation({
    summary: 'Categories with their projects, by sort_order',
    description:
      'Staff (reviewer and above): every category; others: the active categories they are enrolled in.',
  })
  @ZodResponse(CategoryListAnswer)
  list(@CurrentUser() user: SessionUser): Promise<CategoryListAnswer> {
    return this.categories.list(user);
  }

  @RequireRole('admin')
  @Get('token/:token')
  @ZodResponse(CategoryAnswer)
  byToken(
    @Param('token', TokenPipe) token: string,
    @CurrentUser() user: SessionUser,
  ): Promise<CategoryAnswer> {
    return this.categories.one({ token }, user);
  }

  @Public()
  @Get('mname/:mname')
  @ApiOperation({
    summary: "A category page: the category by short name, its projects, the caller's enrolment",
    description:
      'Unknown, or not active for anyone neither staff nor enrolled in it: 404 CONSULTATION.CATEGORY_NOT_FOUND. ' +
      'Its members see an inactive category without the projects being prepared.',
  })
  @ZodResponse(CategoryPageAnswer)
  byMname(@Param('mname') mname: string, @CurrentIdentity() identity: Identity): Promise<CategoryPageAnswer> {
    return this.categories.page(mname, identity.user);
  }

  @LoggedIn()
  @Get('scope/enroll')
  @ApiOperation({
    summary: 'The active autosubscribe categories the caller is not enrolled in, by sort_order',
  })
  @ZodResponse(CategoryCardListAnswer)
  async enrollable(@CurrentUser() user: SessionUser): Promise<CategoryCardListAnswer> {
    return { values: await this.categories.enrollable(user) };
  }

  @Public()
  @Get(['token/:token/fields/mname', 'uuid/:token/fields/mname'])
  @ApiOperation({ summary: 'The short name of a category' })
  @ZodResponse(CategoryMnameAnswer)
  mname(@Param('token', TokenPipe) token: string): Promise<CategoryMnameAnswer> {
    return this.categories.mnameOf(token);
  }

  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @FormBody()
  @ApiOperation({
    summary: "Add a category at the end of the order; `active: true` makes it the caller's active category",
  })
  @ZodResponse(CategoryAnswer)
  create(
    @ZodBody(NewCategoryBody, FIELD_REFUSAL) body: NewCategoryBody,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<CategoryAnswer> {
    return this.categories.create(body, user, actor);
  }

  @RequireRole('admin')
  @Put('token/:token')
  @FormBody()
  @ApiOperation({
    summary:
      "Change the fields sent; `active: true` makes it the caller's own active category, false leaves them none",
  })
  @ZodResponse(CategoryAnswer)
  update(
    @Param('token', TokenPipe) token: string,
    @ZodBody(CategoryChangesBody, FIELD_REFUSAL) body: CategoryChangesBody,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<CategoryAnswer> {
    return this.categories.update(token, body, user, actor);
  }

  @RequireRole('admin')
  @Put('sortOrder')
  @FormBody()
  @ApiOperation({ summary: 'Reorder categories: token → 1-based position, all or nothing' })
  @ZodResponse(MessageAnswer)
  async reorder(
    @ZodBody(SortOrderBody, FIELD_REFUSAL) body: SortOrderBody,
    @Actor() actor: AuditActor,
  ): Promise<MessageAnswer> {
    await this.categories.reorder(actor, body);
    return { message: 'successful update' };
  }

  @RequireRole('admin')
  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a category together with its projects' })
  @ZodResponse(MessageAnswer)
  async remove(@Param('token', TokenPipe) token: string, @Actor() actor: AuditActor): Promise<MessageAnswer> {
    await this.categories.remove(actor, token);
    return { message: 'data deleted' };
  }
}
