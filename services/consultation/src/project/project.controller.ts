import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  CurrentUser,
  LoggedIn,
  Public,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import {
  MessageAnswer,
  NewProjectBody,
  OPEN_DATA_GRID_M,
  ProjectAnswer,
  ProjectChangesBody,
  ProjectLimitsAnswer,
  ProjectListAnswer,
  ProjectPageAnswer,
  ProjectRetentionAnswer,
  SortOrderBody,
} from '@agora/contracts/api';
import { FormBody } from '../http/form.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { PagePipe, TokenPipe } from '../http/params.js';
import { ProjectService } from './project.service.js';

/**
 * Projects (spec part 2 §7). A project by short name is read by staff and the category's participants; the
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
  @ZodResponse(ProjectPageAnswer)
  list(@Param('page', PagePipe) page: number): Promise<Paged<ProjectAnswer>> {
    return this.projects.page(page);
  }

  @RequireRole('admin')
  @Get('category/:category')
  @ApiOperation({ summary: 'The projects of a category (by token), by sort_order' })
  @ZodResponse(ProjectListAnswer)
  ofCategory(@Param('category', TokenPipe) category: string): Promise<ProjectListAnswer> {
    return this.projects.ofCategory(category);
  }

  @Public()
  @Get('limits')
  @ApiOperation({
    summary:
      'The bounds of max_bytes (bytes) and of open_data_grid_m (metres) and their defaults, as the server checks them',
  })
  @ZodResponse(ProjectLimitsAnswer)
  limits(): ProjectLimitsAnswer {
    return { max_bytes: { ...this.projects.maxBytes }, open_data_grid_m: { ...OPEN_DATA_GRID_M } };
  }

  @Public()
  @Get('retention')
  @ApiOperation({
    summary: 'How long the answers of the open and the published projects stay linked to their people',
    description:
      'The projects that are open or whose results are public, by sort_order: their end date, retention_days ' +
      '(null: kept until the account is deleted) and the day the answers are detached (decision 0089). Anyone.',
  })
  @ZodResponse(ProjectRetentionAnswer)
  retention(): Promise<ProjectRetentionAnswer> {
    return this.projects.retention();
  }

  @RequireRole('admin')
  @Get('token/:token')
  @ZodResponse(ProjectAnswer)
  byToken(@Param('token', TokenPipe) token: string): Promise<ProjectAnswer> {
    return this.projects.one({ token });
  }

  @LoggedIn()
  @Get('mname/:mname')
  @ApiOperation({
    summary: 'A project by short name',
    description:
      'Staff: any project. Others: a project of a category they are enrolled in (else 403 ' +
      'CONSULTATION.NOT_ENROLLED) that is active or public (else 404).',
  })
  @ZodResponse(ProjectAnswer)
  byMname(@Param('mname') mname: string, @CurrentUser() user: SessionUser): Promise<ProjectAnswer> {
    return this.projects.forCaller(mname, user);
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
  @ZodResponse(ProjectAnswer)
  create(
    @ZodBody(NewProjectBody, FIELD_REFUSAL) body: NewProjectBody,
    @Actor() actor: AuditActor,
  ): Promise<ProjectAnswer> {
    return this.projects.create(actor, body);
  }

  @RequireRole('admin')
  @Put('token/:token')
  @FormBody()
  @ApiOperation({ summary: 'Change the fields sent' })
  @ZodResponse(ProjectAnswer)
  update(
    @Param('token', TokenPipe) token: string,
    @ZodBody(ProjectChangesBody, FIELD_REFUSAL) body: ProjectChangesBody,
    @Actor() actor: AuditActor,
  ): Promise<ProjectAnswer> {
    return this.projects.update(actor, token, body);
  }

  @RequireRole('admin')
  @Put('sortOrder')
  @FormBody()
  @ApiOperation({ summary: 'Reorder projects: token → 1-based position, all or nothing' })
  @ZodResponse(MessageAnswer)
  async reorder(
    @ZodBody(SortOrderBody, FIELD_REFUSAL) body: SortOrderBody,
    @Actor() actor: AuditActor,
  ): Promise<MessageAnswer> {
    await this.projects.reorder(actor, body);
    return { message: 'successful update' };
  }

  @RequireRole('admin')
  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a project with its topics, attributes and variables' })
  @ZodResponse(MessageAnswer)
  async remove(@Param('token', TokenPipe) token: string, @Actor() actor: AuditActor): Promise<MessageAnswer> {
    await this.projects.remove(actor, token);
    return { message: 'data deleted' };
  }
}
