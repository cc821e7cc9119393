import { Controller, Delete, Get, HttpCode, Param, Post, Put, UploadedFiles } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, RequireRole, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import {
  AttributeAnswer,
  AttributeChangesBody,
  AttributeListAnswer,
  AttributeOrderBody,
  MessageAnswer,
  NewAttributeBody,
} from '@agora/contracts/api';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { IconFormBody, LibraryIcons, ONE_ICON, type IconFile } from '../http/icons.js';
import { TokenPipe } from '../http/params.js';
import { StructureFormBody } from '../node/form.js';
import { AttributeService } from './attribute.service.js';

/** Attributes of topics: administrators only (docs/decisions/0011-structure-access-and-geometry.md). */
@ApiTags('attribute')
@RequireRole('admin')
@Controller('attribute')
export class AttributeController {
  constructor(
    private readonly attributes: AttributeService,
    private readonly icons: LibraryIcons,
  ) {}

  @Get('project/:project')
  @ApiOperation({ summary: 'The attributes of a project (token or short name), by topic and sort_order' })
  @ZodResponse(AttributeListAnswer)
  ofProject(@Param('project') project: string): Promise<AttributeListAnswer> {
    return this.attributes.ofProject(project);
  }

  @Get('node/:node/token/:attribute')
  @ApiOperation({ summary: 'One attribute of a topic' })
  @ZodResponse(AttributeAnswer)
  one(
    @Param('node', TokenPipe) node: string,
    @Param('attribute', TokenPipe) attribute: string,
  ): Promise<AttributeAnswer> {
    return this.attributes.one(node, attribute);
  }

  @Post()
  @HttpCode(200)
  @IconFormBody(ONE_ICON)
  @ApiOperation({
    summary: 'Add an attribute at the end of its topic (`node`)',
    description:
      'predefined, context: GeoJSON FeatureCollection (or Feature, or geometry), in geometry_crs. ' +
      'icon: a marker URL, or an uploaded SVG, PNG, JPEG or WebP file (multipart).',
  })
  @ZodResponse(AttributeAnswer)
  create(
    @ZodBody(NewAttributeBody, FIELD_REFUSAL) body: NewAttributeBody,
    @Actor() actor: AuditActor,
    @UploadedFiles() files?: IconFile[],
  ): Promise<AttributeAnswer> {
    return this.attributes.create(body, this.icons.formWriter(body, files), actor);
  }

  @Put('token/:attribute')
  @IconFormBody(ONE_ICON)
  @ApiOperation({
    summary: 'Change the fields sent ({is_visible} alone hides or shows); icon: a URL or an uploaded file',
  })
  @ZodResponse(AttributeAnswer)
  update(
    @Param('attribute', TokenPipe) attribute: string,
    @ZodBody(AttributeChangesBody, FIELD_REFUSAL) body: AttributeChangesBody,
    @Actor() actor: AuditActor,
    @UploadedFiles() files?: IconFile[],
  ): Promise<AttributeAnswer> {
    return this.attributes.update(attribute, body, this.icons.formWriter(body, files), actor);
  }

  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete an attribute with its variables and features' })
  @ZodResponse(MessageAnswer)
  async remove(@Param('token', TokenPipe) token: string, @Actor() actor: AuditActor): Promise<MessageAnswer> {
    await this.attributes.remove(token, actor);
    return { message: 'data deleted' };
  }

  @Put('project/:project/token/:token/sortOrder')
  @StructureFormBody()
  @ApiOperation({
    summary: 'Move an attribute to a 1-based position ({sort_order}) in a topic ({node}) of the project',
  })
  @ZodResponse(AttributeAnswer)
  reorder(
    @Param('project') project: string,
    @Param('token', TokenPipe) token: string,
    @ZodBody(AttributeOrderBody, FIELD_REFUSAL) body: AttributeOrderBody,
    @Actor() actor: AuditActor,
  ): Promise<AttributeAnswer> {
    return this.attributes.reorder(project, token, body, actor);
  }
}
