import { Controller, Delete, Get, HttpCode, Param, Post, Put, UploadedFiles } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, RequireRole, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import {
  MessageAnswer,
  NewVariableBody,
  VariableAnswer,
  VariableChangesBody,
  VariableListAnswer,
  VariableOrderBody,
} from '@agora/contracts/api';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { IconFormBody, LibraryIcons, ONE_ICON, type IconFile } from '../http/icons.js';
import { TokenPipe } from '../http/params.js';
import { StructureFormBody } from '../node/form.js';
import { VariableService } from './variable.service.js';

/** Variables of attributes: administrators only (docs/decisions/0011-structure-access-and-geometry.md). */
@ApiTags('variable')
@RequireRole('admin')
@Controller('variable')
export class VariableController {
  constructor(
    private readonly variables: VariableService,
    private readonly icons: LibraryIcons,
  ) {}

  @Get('project/:project')
  @ApiOperation({
    summary: 'The variables of a project (token or short name), by topic, attribute and sort_order',
  })
  @ZodResponse(VariableListAnswer)
  ofProject(@Param('project') project: string): Promise<VariableListAnswer> {
    return this.variables.ofProject(project);
  }

  @Get('attribute/:token')
  @ApiOperation({ summary: 'The variables of an attribute, by sort_order' })
  @ZodResponse(VariableListAnswer)
  ofAttribute(@Param('token', TokenPipe) token: string): Promise<VariableListAnswer> {
    return this.variables.ofAttribute(token);
  }

  @Get('node/:node/token/:token')
  @ApiOperation({ summary: 'One variable of a topic' })
  @ZodResponse(VariableAnswer)
  one(
    @Param('node', TokenPipe) node: string,
    @Param('token', TokenPipe) token: string,
  ): Promise<VariableAnswer> {
    return this.variables.one(node, token);
  }

  @Post()
  @HttpCode(200)
  @IconFormBody(ONE_ICON)
  @ApiOperation({
    summary: 'Add a variable at the end of its attribute',
    description:
      'variable_type: a JSON list of {kind, options} (VALUE_TYPES, GEOMETRY_VALUE_TYPES). ' +
      'icon: a marker URL, or an uploaded SVG, PNG, JPEG or WebP file (multipart).',
  })
  @ZodResponse(VariableAnswer)
  create(
    @ZodBody(NewVariableBody, FIELD_REFUSAL) body: NewVariableBody,
    @Actor() actor: AuditActor,
    @UploadedFiles() files?: IconFile[],
  ): Promise<VariableAnswer> {
    return this.variables.create(body, this.icons.formWriter(body, files), actor);
  }

  @Put('token/:token')
  @IconFormBody(ONE_ICON)
  @ApiOperation({
    summary: 'Change the fields sent ({is_visible} alone hides or shows); icon: a URL or an uploaded file',
  })
  @ZodResponse(VariableAnswer)
  update(
    @Param('token', TokenPipe) token: string,
    @ZodBody(VariableChangesBody, FIELD_REFUSAL) body: VariableChangesBody,
    @Actor() actor: AuditActor,
    @UploadedFiles() files?: IconFile[],
  ): Promise<VariableAnswer> {
    return this.variables.update(token, body, this.icons.formWriter(body, files), actor);
  }

  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a variable' })
  @ZodResponse(MessageAnswer)
  async remove(@Param('token', TokenPipe) token: string, @Actor() actor: AuditActor): Promise<MessageAnswer> {
    await this.variables.remove(token, actor);
    return { message: 'data deleted' };
  }

  @Put('project/:project/token/:token/sortOrder')
  @StructureFormBody()
  @ApiOperation({
    summary:
      'Move a variable to a 1-based position ({sort_order}) in an attribute ({attribute}) of the project',
  })
  @ZodResponse(VariableAnswer)
  reorder(
    @Param('project') project: string,
    @Param('token', TokenPipe) token: string,
    @ZodBody(VariableOrderBody, FIELD_REFUSAL) body: VariableOrderBody,
    @Actor() actor: AuditActor,
  ): Promise<VariableAnswer> {
    return this.variables.reorder(project, token, body, actor);
  }
}
