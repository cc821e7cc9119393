import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser, LoggedIn } from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import type { ExportCrs, ExportFormat } from '@agora/contracts/api';
import type { Response } from 'express';
import { AreaFilterPipe, type AreaFilter } from '../analytics/area-filter.js';
import { ExportCrsPipe, ExportFormatPipe } from './export.params.js';
import { ExportService, type PreparedExport } from './export.service.js';

const BASE = 'export/project/:project/output_format/:format';

/** Sends a prepared export as an attachment, streamed. */
export async function sendExport(
  exports: ExportService,
  prepared: PreparedExport,
  res: Response,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', prepared.mime);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${prepared.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(prepared.fileName)}`,
  );
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // the reader may go away mid-way: the cursor is closed and its connection given back, nothing else to do
  await exports.write(prepared, res).catch(() => undefined);
}

/** Exports of a project's answers for experts and staff (decision 0040). */
@ApiTags('exports')
@LoggedIn()
@Controller()
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get([BASE, `${BASE}/crs/:crs`, `${BASE}/within/:filter`, `${BASE}/crs/:crs/within/:filter`])
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
    @Res() res: Response,
  ): Promise<void> {
    const prepared = await this.exports.prepare({ project, format, crs, filter }, user);
    await sendExport(this.exports, prepared, res);
  }
}
