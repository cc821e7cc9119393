import { applyDecorators, Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, ZodQuery, ZodResponse, type RefusalOptions } from '@agora/common';
import {
  OPEN_DATA_MEDIA,
  OpenDataApiAnswer,
  OpenDataAreaAnswer,
  OpenDataCollectionAnswer,
  OpenDataCollectionsAnswer,
  OpenDataConformanceAnswer,
  OpenDataFeatureAnswer,
  OpenDataFeaturesAnswer,
  OpenDataItemsQuery,
  OpenDataLandingAnswer,
  OpenDataQuery,
  OpenDataSchemaAnswer,
  OpenDataStatisticsAnswer,
  OpenDataStatisticsListAnswer,
} from '@agora/contracts/api';
import type { Request } from 'express';
import { TokenPipe } from '../http/params.js';
import { OpenDataService } from './open-data.service.js';

/** A refused query: 400 `CONSULTATION.OPEN_DATA_QUERY`, "parameter: message". */
const QUERY_REFUSAL: RefusalOptions = { code: 'CONSULTATION.OPEN_DATA_QUERY', namesField: true };

const PUBLISHED =
  'Only for a project whose results are public (published and its publication day come); ' +
  'otherwise 404 CONSULTATION.PROJECT_NOT_FOUND, for everyone.';

/**
 * A GET of the open data, answered as `type`; any site's scripts may read it (CORS `*`: the data are public and
 * no credentials are involved).
 */
const OpenDataGet = (path: string, type: string = OPEN_DATA_MEDIA.json) =>
  applyDecorators(Get(path), Header('Content-Type', type), Header('Access-Control-Allow-Origin', '*'));

/**
 * The address of the open data of `project` as its caller reached it: through the gateway (which says the
 * host and scheme it was asked on) under `/api`, else the service's own.
 */
function baseOf(req: Request, project: string): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const forwarded = first(req.headers['x-forwarded-host']);
  const host = forwarded ?? req.headers.host ?? 'localhost';
  const scheme = first(req.headers['x-forwarded-proto']) ?? req.protocol;
  return `${scheme}://${host}${forwarded ? '/api' : ''}/opendata/project/${project}`;
}

/**
 * A published project's results as open geodata: OGC API - Features, Part 1 Core with GeoJSON (OGC 17-069r4;
 * docs/decisions/0085-open-data-ogc-api-features.md). Anyone reads them, anonymous visitors included.
 */
@ApiTags('open data')
@Public()
@Controller('opendata/project/:project')
export class OpenDataController {
  constructor(private readonly openData: OpenDataService) {}

  @OpenDataGet('')
  @ApiOperation({ summary: 'The landing page of the open data of a project', description: PUBLISHED })
  @ZodResponse(OpenDataLandingAnswer)
  landing(
    @Param('project', TokenPipe) project: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
    @Req() req: Request,
  ): Promise<OpenDataLandingAnswer> {
    return this.openData.landing(project, baseOf(req, project));
  }

  @OpenDataGet('api', OPEN_DATA_MEDIA.openapi)
  @ApiOperation({
    summary: "The definition of the project's open-data API (OpenAPI 3.0, naming the collections)",
    description: PUBLISHED,
  })
  @ZodResponse(OpenDataApiAnswer)
  api(
    @Param('project', TokenPipe) project: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
    @Req() req: Request,
  ): Promise<OpenDataApiAnswer> {
    return this.openData.api(project, baseOf(req, project));
  }

  @OpenDataGet('conformance')
  @ApiOperation({ summary: 'The OGC API - Features conformance classes served', description: PUBLISHED })
  @ZodResponse(OpenDataConformanceAnswer)
  conformance(
    @Param('project', TokenPipe) project: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
  ): Promise<OpenDataConformanceAnswer> {
    return this.openData.conformance(project);
  }

  @OpenDataGet('collections')
  @ApiOperation({
    summary: 'One collection per attribute with answers that have a place',
    description: PUBLISHED,
  })
  @ZodResponse(OpenDataCollectionsAnswer)
  collections(
    @Param('project', TokenPipe) project: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
    @Req() req: Request,
  ): Promise<OpenDataCollectionsAnswer> {
    return this.openData.collections(project, baseOf(req, project));
  }

  @OpenDataGet('collections/:collection')
  @ApiOperation({
    summary: 'A collection (topic.attribute); 404 CONSULTATION.COLLECTION_NOT_FOUND when there is none',
    description: PUBLISHED,
  })
  @ZodResponse(OpenDataCollectionAnswer)
  collection(
    @Param('project', TokenPipe) project: string,
    @Param('collection') collection: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
    @Req() req: Request,
  ): Promise<OpenDataCollectionAnswer> {
    return this.openData.collection(project, collection, baseOf(req, project));
  }

  @OpenDataGet('collections/:collection/schema', OPEN_DATA_MEDIA.schema)
  @ApiOperation({ summary: "The JSON Schema of a collection's feature properties", description: PUBLISHED })
  @ZodResponse(OpenDataSchemaAnswer)
  schema(
    @Param('project', TokenPipe) project: string,
    @Param('collection') collection: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
    @Req() req: Request,
  ): Promise<OpenDataSchemaAnswer> {
    return this.openData.schema(project, collection, baseOf(req, project));
  }

  @OpenDataGet('area')
  @ApiOperation({
    summary: "Where the consultation took place: the project's first view and its topics' boundaries",
    description: `${PUBLISHED} For the public results page's map; not part of OGC API - Features.`,
  })
  @ZodResponse(OpenDataAreaAnswer)
  area(
    @Param('project', TokenPipe) project: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
  ): Promise<OpenDataAreaAnswer> {
    return this.openData.area(project);
  }

  @OpenDataGet('statistics')
  @ApiOperation({
    summary: 'The attributes whose statistics are published (those with answers, with or without a place)',
    description: `${PUBLISHED} Not part of OGC API - Features.`,
  })
  @ZodResponse(OpenDataStatisticsListAnswer)
  statisticsList(
    @Param('project', TokenPipe) project: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
  ): Promise<OpenDataStatisticsListAnswer> {
    return this.openData.statisticsList(project);
  }

  @OpenDataGet('statistics/:attribute')
  @ApiOperation({
    summary:
      'The statistics of an attribute (topic.attribute) for the public results page; 404 ' +
      'CONSULTATION.COLLECTION_NOT_FOUND when it is not visible or has no answers',
    description:
      `${PUBLISHED} The values' distributions as the experts' statistics show them to non-administrators: ` +
      'cells with fewer respondents than CONSULTATION_MIN_CELL hidden; no profile questions; free texts only ' +
      'when the project allows them. Not part of OGC API - Features.',
  })
  @ZodResponse(OpenDataStatisticsAnswer)
  statistics(
    @Param('project', TokenPipe) project: string,
    @Param('attribute') attribute: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
  ): Promise<OpenDataStatisticsAnswer> {
    return this.openData.statisticsOf(project, attribute);
  }

  @OpenDataGet('collections/:collection/items', OPEN_DATA_MEDIA.geojson)
  @ApiOperation({
    summary: "A page of a collection's features (GeoJSON), generalised, without personal data",
    description:
      `${PUBLISHED} Each answer is published as the centre of its grid cell (the project's open_data_grid_m); ` +
      'cells with fewer respondents than CONSULTATION_MIN_CELL are left out; free texts only when the project ' +
      'allows them. A bad bbox, limit, offset or datetime, or an unknown parameter: 400 ' +
      'CONSULTATION.OPEN_DATA_QUERY.',
  })
  @ZodResponse(OpenDataFeaturesAnswer)
  items(
    @Param('project', TokenPipe) project: string,
    @Param('collection') collection: string,
    @ZodQuery(OpenDataItemsQuery, QUERY_REFUSAL) query: OpenDataItemsQuery,
    @Req() req: Request,
  ): Promise<OpenDataFeaturesAnswer> {
    return this.openData.items(project, collection, query, baseOf(req, project));
  }

  @OpenDataGet('collections/:collection/items/:feature', OPEN_DATA_MEDIA.geojson)
  @ApiOperation({
    summary: 'One published feature; 404 CONSULTATION.FEATURE_NOT_FOUND when it is not published',
    description: PUBLISHED,
  })
  @ZodResponse(OpenDataFeatureAnswer)
  item(
    @Param('project', TokenPipe) project: string,
    @Param('collection') collection: string,
    @Param('feature') feature: string,
    @ZodQuery(OpenDataQuery, QUERY_REFUSAL) _query: OpenDataQuery,
    @Req() req: Request,
  ): Promise<OpenDataFeatureAnswer> {
    return this.openData.item(project, collection, feature, baseOf(req, project));
  }
}
