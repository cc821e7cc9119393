import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoggedIn, Public, RequireRole } from '@agora/common';
import type { Paged } from '@agora/contracts';
import { FormBody, readSortOrder } from '../http/form.js';
import { PagePipe, TokenPipe } from '../http/params.js';
import { MessageResponse, SORT_ORDER_SCHEMA } from '../http/responses.js';
import { ProjectForm, ProjectLimitsResponse, ProjectPage, ProjectResponse } from './dto/project.response.js';
import { readNewProject, readProjectChanges } from './project.form.js';
import { ProjectService } from './project.service.js';

/**
 * Projects (spec part 2 §7). A project by short name is read by any logged-in user (the questionnaire); the
 * bounds of `max_bytes` by everyone, like the validation rules; the rest is the administrator's
 * (docs/decisions/0013-categories-and-projects.md).
 */
@ApiTags('project')
@Controller('project')
export class ProjectController {
  constructor(private readonly projects: ProjectService) {}

  @RequireRole('admin')
  @Get(['', 'page/:page'])
  @ApiOperation({ summary: 'Projects, by sort_order' })
  @ApiOkResponse({ type: ProjectPage })
  list(@Param('page', PagePipe) page: number): Promise<Paged<ProjectResponse>> {
    return this.projects.page(page);
  }

  @RequireRole('admin')
  @Get('category/:category')
  @ApiOperation({ summary: 'The projects of a category (by token), by sort_order' })
  @ApiOkResponse({ type: [ProjectResponse] })
  ofCategory(@Param('category', TokenPipe) category: string): Promise<ProjectResponse[]> {
    return this.projects.ofCategory(category);
  }

  @Public()
  @Get('limits')
  @ApiOperation({ summary: 'The bounds of max_bytes (bytes) and its default, as the server checks them' })
  @ApiOkResponse({ type: ProjectLimitsResponse })
  limits(): ProjectLimitsResponse {
    return { max_bytes: { ...this.projects.maxBytes } };
  }

  @RequireRole('admin')
  @Get('token/:token')
  @ApiOkResponse({ type: ProjectResponse })
  byToken(@Param('token', TokenPipe) token: string): Promise<ProjectResponse> {
    return this.projects.one({ token });
  }

  @LoggedIn()
  @Get('mname/:mname')
  @ApiOperation({ summary: 'A project by short name' })
  @ApiOkResponse({ type: ProjectResponse })
  byMname(@Param('mname') mname: string): Promise<ProjectResponse> {
    return this.projects.one({ mname });
  }

  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @FormBody()
  @ApiOperation({
    summary: 'Add a project at the end of the order',
    description:
      'Absent dates default: start today, end the day after the start, public_date tomorrow when is_public.',
  })
  @ApiBody({ type: ProjectForm })
  @ApiOkResponse({ type: ProjectResponse })
  create(@Body() body: unknown): Promise<ProjectResponse> {
    return this.projects.create(readNewProject(body, this.projects.maxBytes));
  }

  @RequireRole('admin')
  @Put('token/:token')
  @FormBody()
  @ApiOperation({ summary: 'Change the fields sent' })
  @ApiBody({ type: ProjectForm })
  @ApiOkResponse({ type: ProjectResponse })
  update(@Param('token', TokenPipe) token: string, @Body() body: unknown): Promise<ProjectResponse> {
    return this.projects.update(token, readProjectChanges(body, this.projects.maxBytes));
  }

  @RequireRole('admin')
  @Put('sortOrder')
  @FormBody()
  @ApiOperation({ summary: 'Reorder projects: token → 1-based position, all or nothing' })
  @ApiBody({ schema: SORT_ORDER_SCHEMA })
  @ApiOkResponse({ type: MessageResponse })
  async reorder(@Body() body: unknown): Promise<MessageResponse> {
    await this.projects.reorder(readSortOrder(body));
    return { message: 'successful update' };
  }

  @RequireRole('admin')
  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a project with its topics, attributes and variables' })
  @ApiOkResponse({ type: MessageResponse })
  async remove(@Param('token', TokenPipe) token: string): Promise<MessageResponse> {
    await this.projects.remove(token);
    return { message: 'data deleted' };
  }
}
