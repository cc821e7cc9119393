import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentUser, LOGGER, LoggedIn, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import type { Logger } from 'pino';
import type { SessionUser } from '@agora/contracts';
import {
  EXPORT_MIME,
  ExportDictionary,
  ExportJobAnswer,
  ExportJobBody,
  ExportJobCreated,
  type ExportCrs,
  type ExportFormat,
} from '@agora/contracts/api';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { AreaFilterPipe, type AreaFilter, ApiAreaFilter } from '../analytics/area-filter.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { TokenPipe } from '../http/params.js';
import { ExportJobs } from './export-jobs.js';
import { ExportCrsPipe, ExportFormatPipe } from './export.params.js';
import { csvtText, dictionaryOf } from './export-writers.js';
import { exportBaseName, ExportService, type PreparedExport } from './export.service.js';

const BASE = 'export/project/:project/output_format/:format';

/** The headers of a file download: an attachment under `name`, never cached or sniffed. */
function attachment(res: Response, name: string, mime: string): void {
  res.status(200);
  res.setHeader('Content-Type', mime);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** Exports of a project's answers for experts and staff (decision 0040). */
@ApiTags('exports')
@LoggedIn()
@Controller()
export class ExportController {
  constructor(
    private readonly exports: ExportService,
    private readonly jobs: ExportJobs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get([BASE, `${BASE}/crs/:crs`, `${BASE}/within/:filter`, `${BASE}/crs/:crs/within/:filter`])
  @ApiAreaFilter()
  @ApiOperation({
    summary: "A project's answers as CSV (UTF-8 with BOM) or GeoJSON, streamed (project: token or mname)",
    description:
      'Enrolled experts and staff. One row (feature) per answer: respondent pseudonym, topic, attribute, ' +
      'dates, one column per variable, the profile answers and weight, the geometry (WKT in CSV) and its ' +
      'centroid, in EPSG:4326 or, on request, 2100 or 3857; `within/{filter}` keeps the answers in the drawn area.',
  })
  @ApiProduces('text/csv', 'application/geo+json')
  async file(
    @Param('project') project: string,
    @Param('format', ExportFormatPipe) format: ExportFormat,
    @Param('crs', ExportCrsPipe) crs: ExportCrs,
    @Param('filter', AreaFilterPipe) filter: AreaFilter | null,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
    @Res() res: Response,
  ): Promise<void> {
    const request = { project, format, crs, filter };
    const prepared: PreparedExport = await this.exports.prepare(request, user);
    await this.exports.recordServed(actor, request, prepared);
    attachment(res, prepared.fileName, prepared.mime);
    // the reader may go away mid-way: the cursor is closed and its connection given back; anything else is
    // logged (the answer has begun: it ends short)
    await this.exports.write(prepared, res).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.error({ err }, 'export failed mid-way');
    });
  }

  @Get('export/project/:project/dictionary')
  @ApiOperation({
    summary:
      "The data dictionary of a project's exports: every column's short key, labels (el, en), kind, type",
    description:
      'Enrolled experts and staff (the columns they export). The files name their columns by short keys (at ' +
      'most 10 characters, so that a Shapefile keeps them); this says what each holds, its GDAL type and its ' +
      'choices, and how values are written (the CSV formula guard, lists, coordinates).',
  })
  @ZodResponse(ExportDictionary)
  async dictionary(
    @Param('project') project: string,
    @CurrentUser() user: SessionUser,
  ): Promise<ExportDictionary> {
    const { plan } = await this.exports.plan({ project, crs: 4326, filter: null }, user);
    return dictionaryOf(plan);
  }

  @Get(['export/project/:project/csvt', 'export/project/:project/csvt/crs/:crs'])
  @ApiOperation({
    summary: "The CSV export's `.csvt` sidecar: the GDAL type of every column, in order",
    description:
      'Saved next to the CSV under its name (`x.csv`, `x.csvt`), GDAL and QGIS read numbers as Real, dates as ' +
      'Date, times as DateTime and `wkt` as the geometry. The crs only names the file as the CSV is named.',
  })
  @ApiProduces('text/csv')
  async csvt(
    @Param('project') project: string,
    @Param('crs', ExportCrsPipe) crs: ExportCrs,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const { project: found, plan } = await this.exports.plan({ project, crs, filter: null }, user);
    attachment(res, `${exportBaseName(found, crs)}.csvt`, 'text/csv; charset=utf-8');
    res.end(csvtText(plan));
  }

  @Post('export/project/:project/job')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Exports in the background (large projects): the job answers its progress, then the file',
    description:
      'Checked as the direct export is; the file is kept for EXPORT_TTL, for the user who asked only.',
  })
  @ZodResponse(ExportJobCreated, 202, 'Accepted')
  async addJob(
    @Param('project') project: string,
    @ZodBody(ExportJobBody, FIELD_REFUSAL) body: ExportJobBody,
    @CurrentUser() user: SessionUser,
    @Actor() actor: AuditActor,
  ): Promise<ExportJobCreated> {
    const job = await this.jobs.add(
      { project, format: body.output_format, crs: body.crs ?? 4326, filter: body.filter ?? null },
      user,
      actor,
    );
    return { job };
  }

  @Get('export/job/:job')
  @ApiOperation({ summary: 'Where an export job is: rows done of the total, the file name once done' })
  @ZodResponse(ExportJobAnswer)
  job(@Param('job', TokenPipe) job: string, @CurrentUser() user: SessionUser): Promise<ExportJobAnswer> {
    return this.jobs.state(job, user);
  }

  @Get('export/job/:job/file')
  @ApiOperation({ summary: 'The file of a finished export job, to the user who asked only (404 to others)' })
  @ApiProduces('text/csv', 'application/geo+json')
  async jobFile(
    @Param('job', TokenPipe) job: string,
    @CurrentUser() user: SessionUser,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.jobs.file(job, user);
    attachment(res, file.name, EXPORT_MIME[file.format]);
    res.setHeader('Content-Length', String(file.size));
    await pipeline(file.stream, res).catch(() => undefined);
  }
}
