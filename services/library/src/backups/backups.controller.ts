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
  FormFile,
  multipartInterceptor,
  Public,
  RequireRole,
  ZodBody,
  ZodResponse,
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
import { BackupErrors } from './backups.errors.js';
import { assertFilename, BackupsService } from './backups.service.js';

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
  constructor(private readonly backups: BackupsService) {}

  async intercept(_context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await this.backups.jobs.assertIdle();
    return next.handle();
  }
}

/** Backups of the library (top admin only), see decision 0009. */
@ApiTags('library backups')
@Controller('libraryExport')
export class BackupsController {
  constructor(private readonly backups: BackupsService) {}

  @RequireRole('admin')
  @Get()
  @ZodResponse(BackupsAnswer)
  @ApiOperation({ summary: 'Backups, newest first (api_secret is always null here)' })
  list(): Promise<BackupsAnswer> {
    return this.backups.list();
  }

  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @ZodResponse(BackupJobStartedAnswer)
  @ApiOperation({ summary: 'Starts exporting the whole library to a .tar.gz: {job}; 409 while a job runs' })
  async export(): Promise<BackupJobStartedAnswer> {
    return { job: (await this.backups.startExport()).id };
  }

  @RequireRole('admin')
  @Get('job/:id')
  @ZodResponse(BackupJobAnswer)
  @ApiOperation({ summary: 'Progress of an export or restore job' })
  job(@Param('id') id: string): Promise<BackupJobAnswer> {
    return this.backups.job(id);
  }

  @RequireRole('admin')
  @Delete('filename/:filename')
  @ZodResponse(DeletedAnswer)
  @ApiOperation({ summary: 'Deletes a backup and its archive' })
  async remove(@Param('filename') filename: string): Promise<DeletedAnswer> {
    await this.backups.remove(filename);
    return { message: 'data deleted' };
  }

  @RequireRole('admin')
  @Get('download/:filename')
  @ApiOperation({ summary: 'The archive of a backup, as a download' })
  async download(@Param('filename') filename: string): Promise<StreamableFile> {
    return attachment(await this.backups.download(filename));
  }

  @RequireRole('admin')
  @Put('scope/restore-from-server-file/filename/:filename')
  @ZodResponse(BackupJobStartedAnswer)
  @ApiOperation({ summary: 'Starts restoring the library from a stored backup: {job}' })
  async restoreFromServerFile(@Param('filename') filename: string): Promise<BackupJobStartedAnswer> {
    return { job: (await this.backups.startRestoreFromServerFile(assertFilename(filename))).id };
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
  ): Promise<BackupJobStartedAnswer> {
    return this.acceptUpload(file);
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
  ): Promise<BackupJobStartedAnswer> {
    return this.acceptUpload(file);
  }

  private async acceptUpload(file: UploadedArchive | undefined): Promise<BackupJobStartedAnswer> {
    if (!file) throw BackupErrors.noArchive();
    return { job: (await this.backups.startRestoreFromUpload(file.path)).id };
  }

  @RequireRole('admin')
  @Put('scope/restore-from-api')
  @ZodResponse(BackupJobStartedAnswer)
  @ApiOperation({ summary: 'Starts restoring the library from a backup on another Agora server: {job}' })
  async restoreFromApi(
    @ZodBody(RestoreFromApiBody) body: RestoreFromApiBody,
  ): Promise<BackupJobStartedAnswer> {
    return { job: (await this.backups.startRestoreFromApi(body)).id };
  }

  @RequireRole('admin')
  @Put('scope/enable-api/filename/:filename')
  @ZodResponse(BackupAnswer)
  @ApiOperation({ summary: 'Enables API access: the answer is the only time api_secret is shown' })
  enableApi(@Param('filename') filename: string): Promise<BackupAnswer> {
    return this.backups.enableApi(filename);
  }

  @RequireRole('admin')
  @Put('scope/disable-api/filename/:filename')
  @ZodResponse(BackupAnswer)
  @ApiOperation({ summary: 'Disables API access (client and secret are forgotten)' })
  disableApi(@Param('filename') filename: string): Promise<BackupAnswer> {
    return this.backups.disableApi(filename);
  }

  @Public()
  @Get('api/:client/download')
  @ApiOperation({ summary: 'Server-to-server download of a backup with Authorization: Bearer <api_secret>' })
  async apiDownload(
    @Param('client') client: string,
    @Headers('authorization') authorization: string | undefined,
  ): Promise<StreamableFile> {
    return attachment(await this.backups.apiDownload(client, authorization));
  }
}
