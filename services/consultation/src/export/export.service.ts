import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { AppError, AuditLog, type AuditActor } from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import { EXPORT_MIME, type ExportCrs, type ExportFormat } from '@agora/contracts/api';
import type { DataSource } from 'typeorm';
import { checkAreaFilter, parseAreaFilterParam, type AreaFilter } from '../analytics/area-filter.js';
import { accessOf, AnswerErrors } from '../answer/answer.rules.js';
import { ExportPlan, type ExportProject } from './export-plan.js';
import { exportWriter } from './export-writers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is exported: the project (token or mname), the format, the CRS and the drawn area. */
export interface ExportRequest {
  project: string;
  format: ExportFormat;
  crs: ExportCrs;
  filter: AreaFilter | null;
}

/** An export ready to be written: its project, file name, MIME type and row count. */
export interface PreparedExport {
  project: ExportProject;
  plan: ExportPlan;
  format: ExportFormat;
  fileName: string;
  mime: string;
  total: number;
}

/** The name of an export's files without the extension: `<mname>-answers-<yyyy-mm-dd>[-epsg<code>]`. */
export function exportBaseName(project: ExportProject, crs: ExportCrs): string {
  const day = new Date().toISOString().slice(0, 10);
  return `${project.mname}-answers-${day}${crs === 4326 ? '' : `-epsg${crs}`}`;
}

export const ExportErrors = {
  notAllowed: () =>
    AppError.forbidden('only experts of the category and staff export answers', 'AUTH.FORBIDDEN'),
  format: () => AppError.badRequest('CONSULTATION.EXPORT_FORMAT', 'output_format: csv or geojson'),
  crs: () => AppError.badRequest('CONSULTATION.EXPORT_CRS', 'crs: 4326, 2100 or 3857'),
  notFound: () => AppError.notFound('export not found', 'CONSULTATION.EXPORT_NOT_FOUND'),
  notReady: () => AppError.conflict('CONSULTATION.EXPORT_NOT_READY', 'the export is not finished yet'),
};

/**
 * The exports of a project's answers (decision 0040), for enrolled experts and staff. The rows come from a
 * database cursor (pg-query-stream) through a Transform into the destination, with backpressure all the way:
 * memory stays flat however many answers the project has.
 */
@Injectable()
export class ExportService {
  constructor(
    @InjectDataSource('consultation') private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  /** A job's drawn-area filter, checked as the `within/{filter}` segment is (400 when it does not parse). */
  async areaFilter(text: string | null): Promise<AreaFilter | null> {
    const filter = parseAreaFilterParam(text ?? undefined);
    if (filter) await checkAreaFilter(this.ds.manager, filter);
    return filter;
  }

  /**
   * The plan of `project`'s exports for `user` (its columns: the data dictionary and the `.csvt` say them);
   * 404 for an unknown project, 403 for anyone but experts and staff.
   */
  async plan(
    request: Pick<ExportRequest, 'project' | 'crs' | 'filter'>,
    user: SessionUser,
  ): Promise<{ project: ExportProject; plan: ExportPlan }> {
    const byToken = UUID.test(request.project);
    const [project] = await this.ds.query<ExportProject[]>(
      `SELECT token, mname, category FROM consultation.project
       WHERE ${byToken ? 'token = $1::uuid' : 'mname = $1'}`,
      [byToken ? request.project.toLowerCase() : request.project],
    );
    if (!project) throw AnswerErrors.projectNotFound();
    const access = accessOf(user, project.category);
    if (access === null) throw AnswerErrors.notEnrolled();
    if (access === 'normal') throw ExportErrors.notAllowed();
    const plan = await ExportPlan.of((sql, params) => this.ds.query(sql, params), project, {
      crs: request.crs,
      staff: access === 'staff',
      filter: request.filter,
    });
    return { project, plan };
  }

  /** Checks who asks and plans the export; 404 for an unknown project, 403 for anyone but experts and staff. */
  async prepare(request: ExportRequest, user: SessionUser): Promise<PreparedExport> {
    const { project, plan } = await this.plan(request, user);
    const count = plan.count();
    const [{ total }] = (await this.ds.query(count.sql, count.params)) as [{ total: number }];
    return {
      project,
      plan,
      format: request.format,
      fileName: `${exportBaseName(project, request.crs)}.${request.format}`,
      mime: EXPORT_MIME[request.format],
      total,
    };
  }

  /**
   * Records an export as it is served, or queued (`job`): `export.csv` or `export.geojson` on the project, with
   * the CRS, the drawn area (GeoJSON) and the rows it holds.
   */
  async recordServed(
    actor: AuditActor,
    request: ExportRequest,
    prepared: PreparedExport,
    job: string | null = null,
  ): Promise<void> {
    await this.audit.recordRead(actor, {
      action: `export.${request.format}`,
      object: { type: 'project', id: prepared.project.token },
      detail: {
        crs: request.crs,
        area: request.filter ? (JSON.parse(request.filter.geojson) as object) : null,
        rows: prepared.total,
        job,
      },
    });
  }

  /**
   * Writes the export into `destination` (an HTTP response or a file), reading the rows from a cursor on a
   * connection of its own (no statement time-out there: a slow reader may take long). The connection is given
   * back however the writing ends (done, failed, the reader gone).
   */
  async write(
    prepared: PreparedExport,
    destination: Writable,
    onRow?: (rows: number) => void,
  ): Promise<void> {
    const runner = this.ds.createQueryRunner('slave');
    try {
      await runner.query('SET statement_timeout = 0');
      const { sql, params } = prepared.plan.rows(prepared.format === 'geojson');
      const rows = await runner.stream(sql, params);
      await pipeline(rows, exportWriter(prepared.plan, prepared.format, onRow), destination);
    } finally {
      await runner.query('RESET statement_timeout').catch(() => undefined);
      await runner.release();
    }
  }
}
