import {
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  Param,
  Post,
  Put,
  StreamableFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  AuditLog,
  FormFile,
  multipartInterceptor,
  Public,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
  type MultipartForm,
} from '@agora/common';
import {
  BackupAnswer,
  BackupJobAnswer,
  BackupJobStartedAnswer,
  BackupsAnswer,
  DeletedAnswer,
  RestoreFromApiBody,
} from '@agora/contracts/api';
import type { Observable } from 'rxjs';
import { BackupApiKeys } from './backup-api-keys.js';
import { assertFilename, BackupCatalog } from './backup-catalog.js';
import { BackupExporter } from './backup-exporter.js';
import { BackupQueue } from './backup-queue.js';
import { BackupRestorer } from './backup-restorer.js';
import { BackupErrors } from './backups.errors.js';

/** The parts of the uploaded archive that the restore reads (multer on disk). */
interface UploadedArchive {
  path: string;
  originalname: string;
  size: number;
}

/**
 * The restore upload: one `.tar.gz` in `archive` (another name is refused before it is written), written to the
 * staging folder of the module's multer options, up to their size (413 `REQUEST.TOO_LARGE` above it).
 */
const ARCHIVE_FORM: MultipartForm = {
  files: [
    {
      name: 'archive',
      check: (file) => (/\.(tar\.gz|tgz)$/i.test(file.originalname) ? undefined : BackupErrors.notTarGz()),
    },
  ],
  fields: 10,
};

function attachment(file: { stream: NodeJS.ReadableStream; size: number; filename: string }): StreamableFile {
  return new StreamableFile(file.stream as never, {
    type: 'application/gzip',
    length: file.size,
    disposition: `attachment; filename="${file.filename}"`,
  });
}

/** Answers 409 before an upload is read when a backup job already runs. */
@Injectable()
export class IdleJobsInterceptor implements NestInterceptor {
  constructor(private readonly jobs: BackupQueue) {}

  async intercept(_context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await this.jobs.assertIdle();
    return next.handle();
  }
}

/**
 * Backups of the library (top admin only), see decision 0009. Each backup made, downloaded, deleted, restored,
 * opened to or closed for the API is recorded in the audit log once it is done or its job started
 * (`backup.<action>`, decision 0084): the archives and jobs are files and queued work outside the database's
 * transactions.
 */
@ApiTags('library backups')
@Controller('libraryExport')
export class BackupsController {
  constructor(
    private readonly catalog: BackupCatalog,
    private readonly jobs: BackupQueue,
    private readonly exporter: BackupExporter,
    private readonly restorer: BackupRestorer,
    private readonly apiKeys: BackupApiKeys,
    private readonly audit: AuditLog,
  ) {}

  /** Records a backup action done (or its job started) by `actor`. */
  private async recorded<T>(
    actor: AuditActor,
    action: string,
    filename: string | null,
    detail: object,
    done: T,
  ): Promise<T> {
    await this.audit.recordRead(actor, {
      action: `backup.${action}`,
      object: { type: 'backup', id: filename },
      detail,
    });
    return done;
  }

  @RequireRole('admin')
  @Get()
  @ZodResponse(BackupsAnswer)
  @ApiOperation({ summary: 'Backups, newest first (api_secret is always null here)' })
  list(): Promise<BackupsAnswer> {
    return this.catalog.list();
  }

  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @ZodResponse(BackupJobStartedAnswer)
  @ApiOperation({ summary: 'Starts exporting the whole library to a .tar.gz: {job}; 409 while a job runs' })
  async export(@Actor() actor: AuditActor): Promise<BackupJobStartedAnswer> {
    const job = await this.exporter.start();
    return this.recorded(actor, 'create', null, { job }, { job });
  }

  @RequireRole('admin')
  @Get('job/:id')
  @ZodResponse(BackupJobAnswer)
  @ApiOperation({ summary: 'Progress of an export or restore job' })
  job(@Param('id') id: string): Promise<BackupJobAnswer> {
    return this.jobs.get(id);
  }

  @RequireRole('admin')
  @Delete('filename/:filename')
  @ZodResponse(DeletedAnswer)
  @ApiOperation({ summary: 'Deletes a backup and its archive' })
  async remove(@Param('filename') filename: string, @Actor() actor: AuditActor): Promise<DeletedAnswer> {
    await this.catalog.remove(filename);
    return this.recorded(actor, 'delete', filename, {}, { message: 'data deleted' as const });
  }

  @RequireRole('admin')
  @Get('download/:filename')
  @ApiOperation({ summary: 'The archive of a backup, as a download' })
  async download(@Param('filename') filename: string, @Actor() actor: AuditActor): Promise<StreamableFile> {
    const file = attachment(await this.catalog.download(filename));
    return this.recorded(actor, 'download', filename, {}, file);
  }

  @RequireRole('admin')
  @Put('scope/restore-from-server-file/filename/:filename')
  @ZodResponse(BackupJobStartedAnswer)
  @ApiOperation({ summary: 'Starts restoring the library from a stored backup: {job}' })
  async restoreFromServerFile(
    @Param('filename') filename: string,
    @Actor() actor: AuditActor,
  ): Promise<BackupJobStartedAnswer> {
    const job = await this.restorer.startFromServerFile(assertFilename(filename));
    return this.recorded(actor, 'restore', filename, { source: 'server', job }, { job });
  }

  @RequireRole('admin')
  @Put('scope/restore-from-local-file')
  @ZodResponse(BackupJobStartedAnswer)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { archive: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Starts restoring the library from an uploaded .tar.gz (field archive): {job}' })
  @UseInterceptors(IdleJobsInterceptor, multipartInterceptor(ARCHIVE_FORM))
  restoreFromLocalFile(
    @FormFile('archive') file: UploadedArchive | undefined,
    @Actor() actor: AuditActor,
  ): Promise<BackupJobStartedAnswer> {
    return this.acceptUpload(file, actor);
  }

  /** The same, sent as POST with `_method=PUT` (multipart forms of the spec). */
  @RequireRole('admin')
  @Post('scope/restore-from-local-file')
  @HttpCode(200)
  @ZodResponse(BackupJobStartedAnswer)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(IdleJobsInterceptor, multipartInterceptor(ARCHIVE_FORM))
  restoreFromLocalFilePost(
    @FormFile('archive') file: UploadedArchive | undefined,
    @Actor() actor: AuditActor,
  ): Promise<BackupJobStartedAnswer> {
    return this.acceptUpload(file, actor);
  }

  private async acceptUpload(
    file: UploadedArchive | undefined,
    actor: AuditActor,
  ): Promise<BackupJobStartedAnswer> {
    if (!file) throw BackupErrors.noArchive();
    const job = await this.restorer.startFromUpload(file.path);
    return this.recorded(actor, 'restore', null, { source: 'upload', job }, { job });
  }

  @RequireRole('admin')
  @Put('scope/restore-from-api')
  @ZodResponse(BackupJobStartedAnswer)
  @ApiOperation({ summary: 'Starts restoring the library from a backup on another Agora server: {job}' })
  async restoreFromApi(
    @ZodBody(RestoreFromApiBody) body: RestoreFromApiBody,
    @Actor() actor: AuditActor,
  ): Promise<BackupJobStartedAnswer> {
    const job = await this.restorer.startFromApi(body);
    // the server and the client asked, never the secret
    const detail = { source: 'api', domain: body.domain, api_client: body.api_client, job };
    return this.recorded(actor, 'restore', null, detail, { job });
  }

  @RequireRole('admin')
  @Put('scope/enable-api/filename/:filename')
  @ZodResponse(BackupAnswer)
  @ApiOperation({ summary: 'Enables API access: the answer is the only time api_secret is shown' })
  async enableApi(@Param('filename') filename: string, @Actor() actor: AuditActor): Promise<BackupAnswer> {
    const backup = await this.apiKeys.enable(filename);
    return this.recorded(actor, 'api_enable', filename, { api_client: backup.api_client }, backup);
  }

  @RequireRole('admin')
  @Put('scope/disable-api/filename/:filename')
  @ZodResponse(BackupAnswer)
  @ApiOperation({ summary: 'Disables API access (client and secret are forgotten)' })
  async disableApi(@Param('filename') filename: string, @Actor() actor: AuditActor): Promise<BackupAnswer> {
    return this.recorded(actor, 'api_disable', filename, {}, await this.apiKeys.disable(filename));
  }

  @Public()
  @Get('api/:client/download')
  @ApiOperation({ summary: 'Server-to-server download of a backup with Authorization: Bearer <api_secret>' })
  async apiDownload(
    @Param('client') client: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<StreamableFile> {
    return attachment(await this.apiKeys.download(client, authorization));
  }
}
