import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, RequireRole, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import {
  MessageAnswer,
  NewTopicBody,
  TopicAnswer,
  TopicChangesBody,
  TopicListAnswer,
  TopicOrderBody,
} from '@agora/contracts/api';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { TokenPipe } from '../http/params.js';
import { StructureFormBody } from './form.js';
import { NodeService } from './node.service.js';

/** Topics of a project: administrators only (docs/decisions/0011-structure-access-and-geometry.md). */
@ApiTags('node')
@RequireRole('admin')
@Controller('node')
export class NodeController {
  constructor(private readonly nodes: NodeService) {}

  @Get('project/:project')
  @ApiOperation({ summary: 'The topics of a project (token or short name), by sort_order' })
  @ZodResponse(TopicListAnswer)
  ofProject(@Param('project') project: string): Promise<TopicListAnswer> {
    return this.nodes.ofProject(project);
  }

  @Get('project/:project/token/:topic')
  @ApiOperation({ summary: 'One topic of a project' })
  @ZodResponse(TopicAnswer)
  one(@Param('project') project: string, @Param('topic', TokenPipe) topic: string): Promise<TopicAnswer> {
    return this.nodes.one(project, topic);
  }

  @Post()
  @HttpCode(200)
  @StructureFormBody()
  @ApiOperation({
    summary: 'Add a topic at the end of its project',
    description:
      'boundary: GeoJSON Polygon/MultiPolygon (or a Feature/FeatureCollection of them), in geometry_crs',
  })
  @ZodResponse(TopicAnswer)
  create(
    @ZodBody(NewTopicBody, FIELD_REFUSAL) body: NewTopicBody,
    @Actor() actor: AuditActor,
  ): Promise<TopicAnswer> {
    return this.nodes.create(body, actor);
  }

  @Put('token/:topic')
  @StructureFormBody()
  @ApiOperation({ summary: 'Change the fields sent' })
  @ZodResponse(TopicAnswer)
  update(
    @Param('topic', TokenPipe) topic: string,
    @ZodBody(TopicChangesBody, FIELD_REFUSAL) body: TopicChangesBody,
    @Actor() actor: AuditActor,
  ): Promise<TopicAnswer> {
    return this.nodes.update(topic, body, actor);
  }

  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a topic with its attributes and variables' })
  @ZodResponse(MessageAnswer)
  async remove(@Param('token', TokenPipe) token: string, @Actor() actor: AuditActor): Promise<MessageAnswer> {
    await this.nodes.remove(token, actor);
    return { message: 'data deleted' };
  }

  @Put('project/:project/token/:token/sortOrder')
  @StructureFormBody()
  @ApiOperation({ summary: 'Move a topic to a 1-based position ({sort_order}) in its project' })
  @ZodResponse(TopicAnswer)
  reorder(
    @Param('project') project: string,
    @Param('token', TokenPipe) token: string,
    @ZodBody(TopicOrderBody, FIELD_REFUSAL) body: TopicOrderBody,
    @Actor() actor: AuditActor,
  ): Promise<TopicAnswer> {
    return this.nodes.reorder(project, token, body, actor);
  }
}
