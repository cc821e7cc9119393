import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, CurrentUser, LoggedIn, Public, RequireRole } from '@agora/common';
import type { Identity, SessionUser } from '@agora/contracts';
import { FormBody, readSortOrder } from '../http/form.js';
import { TokenPipe } from '../http/params.js';
import { MessageResponse, SORT_ORDER_SCHEMA } from '../http/responses.js';
import { readCategoryChanges, readNewCategory } from './category.form.js';
import { CategoryService } from './category.service.js';
import { CategoryForm, CategoryMnameResponse, CategoryResponse } from './dto/category.response.js';

/**
 * Categories (spec part 2 §7). Reads: the list for any logged-in user, a category page (by short name) and the
 * short name of a token for everyone, anonymous visitors included; the rest is the administrator's
 * (docs/decisions/0013-categories-and-projects.md).
 */
@ApiTags('category')
@Controller('category')
export class CategoryController {
  constructor(private readonly categories: CategoryService) {}

  @LoggedIn()
  @Get()
  @ApiOperation({ summary: 'Categories with their projects, by sort_order' })
  @ApiOkResponse({ type: [CategoryResponse] })
  list(@CurrentUser() user: SessionUser): Promise<CategoryResponse[]> {
    return this.categories.list(user);
  }

  @RequireRole('admin')
  @Get('token/:token')
  @ApiOkResponse({ type: CategoryResponse })
  byToken(
    @Param('token', TokenPipe) token: string,
    @CurrentUser() user: SessionUser,
  ): Promise<CategoryResponse> {
    return this.categories.one({ token }, user);
  }

  @Public()
  @Get('mname/:mname')
  @ApiOperation({ summary: 'A category page: the category by short name, with its projects' })
  @ApiOkResponse({ type: CategoryResponse })
  byMname(@Param('mname') mname: string, @CurrentIdentity() identity: Identity): Promise<CategoryResponse> {
    return this.categories.one({ mname }, identity.user);
  }

  @Public()
  @Get(['token/:token/fields/mname', 'uuid/:token/fields/mname'])
  @ApiOperation({ summary: 'The short name of a category' })
  @ApiOkResponse({ type: CategoryMnameResponse })
  mname(@Param('token', TokenPipe) token: string): Promise<{ mname: string }> {
    return this.categories.mnameOf(token);
  }

  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @FormBody()
  @ApiOperation({
    summary: "Add a category at the end of the order; `active: true` makes it the caller's active category",
  })
  @ApiBody({ type: CategoryForm })
  @ApiOkResponse({ type: CategoryResponse })
  create(@Body() body: unknown, @CurrentUser() user: SessionUser): Promise<CategoryResponse> {
    return this.categories.create(readNewCategory(body), user);
  }

  @RequireRole('admin')
  @Put('token/:token')
  @FormBody()
  @ApiOperation({
    summary:
      "Change the fields sent; `active: true` makes it the caller's own active category, false leaves them none",
  })
  @ApiBody({ type: CategoryForm })
  @ApiOkResponse({ type: CategoryResponse })
  update(
    @Param('token', TokenPipe) token: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<CategoryResponse> {
    return this.categories.update(token, readCategoryChanges(body), user);
  }

  @RequireRole('admin')
  @Put('sortOrder')
  @FormBody()
  @ApiOperation({ summary: 'Reorder categories: token → 1-based position, all or nothing' })
  @ApiBody({ schema: SORT_ORDER_SCHEMA })
  @ApiOkResponse({ type: MessageResponse })
  async reorder(@Body() body: unknown): Promise<MessageResponse> {
    await this.categories.reorder(readSortOrder(body));
    return { message: 'successful update' };
  }

  @RequireRole('admin')
  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a category together with its projects' })
  @ApiOkResponse({ type: MessageResponse })
  async remove(@Param('token', TokenPipe) token: string): Promise<MessageResponse> {
    await this.categories.remove(token);
    return { message: 'data deleted' };
  }
}
