import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  AuditLog,
  CurrentUser,
  LoggedIn,
  ZodQuery,
  ZodResponse,
  type AuditActor,
} from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import {
  AnswerListAnswer,
  AnswerPointsAnswer,
  AnswerSummariesAnswer,
  AnswerSummaryQuery,
  AnswerZonesAnswer,
  EnsembleAnswer,
} from '@agora/contracts/api';
import { AnswerReadsService } from '../answer/answer-reads.service.js';
import { OptionalTokenPipe, PagePipe, TokenPipe } from '../http/params.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { AnswerSummariesService } from './answer-summaries.service.js';
import { AreaFilterPipe, type AreaFilter, ApiAreaFilter, WITHIN } from './area-filter.js';
import { MapDataService } from './map-data.service.js';
import { StatisticsService } from './statistics.service.js';

/**
 * What the experts' analysis reads of the answers: statistics, the points of the clusters and heat maps, the
 * answers per zone and the values of one variable, over all of a project's answers or (experts and staff) those
 * inside a drawn area (`…/within/{filter}`). A read of a drawn area reveals the answers of a place: it is recorded
 * in the audit log as it is served (`statistics.area`, `points.area`, `zones.area`, `answers.area`; decision
 * 0084).
 */
@ApiTags('answers')
@LoggedIn()
@Controller()
export class AnalyticsController {
  constructor(
    private readonly reads: AnswerReadsService,
    private readonly statistics: StatisticsService,
    private readonly mapData: MapDataService,
    private readonly summaries: AnswerSummariesService,
    private readonly audit: AuditLog,
  ) {}

  /** Serves `read`, recording it first when it is of a drawn area (a refused read throws before: no entry). */
  private async ofArea<T>(
    actor: AuditActor,
    filter: AreaFilter | null,
    action: string,
    object: { type: string; id: string },
    read: Promise<T>,
  ): Promise<T> {
    const answer = await read;
    if (filter) {
      await this.audit.recordRead(actor, {
        action,
        object,
        detail: { area: JSON.parse(filter.geojson) as object },
      });
    }
    return answer;
  }

  @Get(['data/scope/points/project/:project', 'data/scope/points/project/:project/within/:filter'])
  @ApiAreaFilter()
  @ApiOperation({
    summary:
      'Each answer’s point (on its surface) per attribute, flat [lon, lat, …], for clusters and heat maps; ' +
      'inside a drawn area (experts and staff)',
    description: WITHIN,
  })
  @ZodResponse(AnswerPointsAnswer)
  points(
    @Param('project') project: string,
    @Param('filter', AreaFilterPipe) filter: AreaFilter | null,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<AnswerPointsAnswer> {
    const object = { type: 'project', id: project };
    return this.ofArea(actor, filter, 'points.area', object, this.mapData.points(project, user, filter));
  }

  @Get(['data/scope/zones/project/:project', 'data/scope/zones/project/:project/within/:filter'])
  @ApiAreaFilter()
  @ApiOperation({
    summary:
      'Answers, respondents and weighted respondents per topic boundary (small cells hidden); inside a drawn ' +
      'area (experts and staff), also per drawn polygon',
    description: WITHIN,
  })
  @ZodResponse(AnswerZonesAnswer)
  zones(
    @Param('project') project: string,
    @Param('filter', AreaFilterPipe) filter: AreaFilter | null,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<AnswerZonesAnswer> {
    const object = { type: 'project', id: project };
    return this.ofArea(actor, filter, 'zones.area', object, this.mapData.zones(project, user, filter));
  }

  @Get([
    'data/scope/ensemble/attribute/:attribute',
    'data/scope/ensemble/attribute/:attribute/within/:filter',
    'data/scope/ensemble/attribute/:attribute/variable/:variable',
    'data/scope/ensemble/attribute/:attribute/variable/:variable/within/:filter',
  ])
  @ApiAreaFilter()
  @ApiOperation({
    summary:
      'Statistics of the answers to an attribute, or to one of its variables, weighted, small cells hidden; ' +
      'inside a drawn area (experts and staff)',
    description: WITHIN,
  })
  // the variable is optional in the handler, so its type says nothing to Swagger: named here (the paths without it
  // drop it, services/common/src/http/openapi.ts)
  @ApiParam({ name: 'variable', type: String })
  @ZodResponse(EnsembleAnswer)
  ensemble(
    @Param('attribute', TokenPipe) attribute: string,
    @Param('variable', OptionalTokenPipe) variable: string | undefined,
    @Param('filter', AreaFilterPipe) filter: AreaFilter | null,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<EnsembleAnswer> {
    return this.statistics.ensemble(attribute, user, variable, filter, actor);
  }

  @Get([
    'data/scope/list/page/:page/attribute/:attribute/variable/:variable',
    'data/scope/list/page/:page/attribute/:attribute/variable/:variable/within/:filter',
  ])
  @ApiAreaFilter()
  @ApiOperation({
    summary:
      'The values of one variable, newest first, a page at a time; of the answers inside a drawn area (experts ' +
      'and staff)',
    description: WITHIN,
  })
  @ZodResponse(AnswerListAnswer)
  list(
    @Param('page', PagePipe) page: number,
    @Param('attribute', TokenPipe) attribute: string,
    @Param('variable', TokenPipe) variable: string,
    @Param('filter', AreaFilterPipe) filter: AreaFilter | null,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<AnswerListAnswer> {
    const read = this.reads.list(page, attribute, variable, user, filter);
    return this.ofArea(actor, filter, 'answers.area', { type: 'variable', id: variable }, read);
  }

  @Get([
    'data/scope/list/page/:page/attribute/:attribute',
    'data/scope/list/page/:page/attribute/:attribute/within/:filter',
  ])
  @ApiAreaFilter()
  @ApiOperation({
    summary:
      'The answers of one attribute with their values, a page at a time: searched in the values (`q`), newest, ' +
      'oldest or most liked first (`sort`); of the answers inside a drawn area (experts and staff)',
    description: WITHIN,
  })
  @ZodResponse(AnswerSummariesAnswer)
  summaryList(
    @Param('page', PagePipe) page: number,
    @Param('attribute', TokenPipe) attribute: string,
    @Param('filter', AreaFilterPipe) filter: AreaFilter | null,
    @ZodQuery(AnswerSummaryQuery, FIELD_REFUSAL) query: AnswerSummaryQuery,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<AnswerSummariesAnswer> {
    const read = this.summaries.list(page, attribute, user, query, filter);
    return this.ofArea(actor, filter, 'answers.area', { type: 'attribute', id: attribute }, read);
  }
}
