import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireRole } from '@agora/common';
import type { TopicWire } from '@agora/contracts';
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
  ofProject(@Param('project') project: string): Promise<TopicWire[]> {
    return this.nodes.ofProject(project);
  }

  @Get('project/:project/token/:topic')
  @ApiOperation({ summary: 'One topic of a project' })
  one(@Param('project') project: string, @Param('topic', TokenPipe) topic: string): Promise<TopicWire> {
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
  create(@Body() body: unknown): Promise<TopicWire> {
    return this.nodes.create(body);
  }

  @Put('token/:topic')
  @StructureFormBody()
  @ApiOperation({ summary: 'Change the fields sent' })
  update(@Param('topic', TokenPipe) topic: string, @Body() body: unknown): Promise<TopicWire> {
    return this.nodes.update(topic, body);
  }

  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a topic with its attributes and variables' })
  async remove(@Param('token', TokenPipe) token: string): Promise<{ message: string }> {
    await this.nodes.remove(token);
    return { message: 'data deleted' };
  }

  @Put('project/:project/token/:token/sortOrder')
  @StructureFormBody()
  @ApiOperation({ summary: 'Move a topic to a 1-based position ({sort_order}) in its project' })
  reorder(
    @Param('project') project: string,
    @Param('token', TokenPipe) token: string,
    @Body() body: unknown,
  ): Promise<TopicWire> {
    return this.nodes.reorder(project, token, body);
  }
}
