import {
  applyDecorators,
  createParamDecorator,
  HttpException,
  Inject,
  Injectable,
  mixin,
  Optional,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { MULTER_MODULE_OPTIONS } from '@nestjs/platform-express/multer/files.constants.js';
import type { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface.js';
import { ApiConsumes } from '@nestjs/swagger';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { defer, finalize, mergeMap, type Observable } from 'rxjs';
import { AppError } from '../errors/app-error.js';

/**
 * The one multipart/form-data parser of the services (multer, in memory unless the module's multer options give a
 * `dest`). A route declares its form: the file parts it takes, each with its count, size and check, and the limits
 * of its text fields. JSON bodies pass through untouched; the body's fields are then validated by the route's
 * schema (`ZodBody` reads their text into the schema's types). Every refusal has the same shape:
 *
 * - a file where none is accepted, or more files than declared: 400 `REQUEST.FILE`;
 * - a file of a type not accepted: 415 `REQUEST.FILE`, or the route's own refusal (`check`);
 * - a file above its size: 413, the form's `tooLarge` (default `REQUEST.TOO_LARGE`);
 * - a form that cannot be read (truncated, too many or too long fields): `REQUEST.FORM`, 400 unless multer says
 *   otherwise (415 for a multipart type other than form-data).
 */

/** What multer knows of a file part before reading it. */
export interface FilePartInfo {
  fieldname: string;
  originalname: string;
  mimetype: string;
}

/** A file part as multer holds it: in memory (`buffer`) or on disk (`path`, with the module's `dest`). */
export interface FilePart extends FilePartInfo {
  size: number;
  buffer?: Buffer;
  path?: string;
}

/** A file part held in memory (the default storage). */
export interface MemoryFilePart extends FilePart {
  buffer: Buffer;
}

/** A file part written to the module's `dest`. */
export interface DiskFilePart extends FilePart {
  path: string;
}

/** A file part of a `spool` form: written to a temporary file as it arrived, with its SHA-256 (hex). */
export interface SpooledFilePart extends DiskFilePart {
  sha256: string;
}

/** One kind of file part a form accepts. */
export interface FileField {
  /** The part's name, or a test of it for numbered parts (`icons_0`, `icons_1`, …). */
  name: string | ((fieldname: string) => boolean);
  /** At most this many files in the parts it names (default 1). */
  maxCount?: number;
  /** Largest file (bytes); default the module's multer `limits.fileSize`. */
  maxBytes?: number;
  /** Accepted media types as sent (`image/svg+xml`); others are refused with 415 `REQUEST.FILE`. */
  types?: readonly string[];
  /** The route's own refusal of a file, decided before it is read (by its name or type); undefined accepts it. */
  check?: (file: FilePartInfo) => AppError | undefined;
}

/** A route's form: what it accepts besides its text fields. */
export interface MultipartForm {
  /** The file parts it takes; none (the default): any file is 400 `REQUEST.FILE`. */
  files?: readonly FileField[];
  /** At most this many text fields (default 30), each at most `fieldSize` bytes (default 1 MB). */
  fields?: number;
  fieldSize?: number;
  /** The 413 of a file above its size (default `REQUEST.TOO_LARGE` "field: the file is larger than N MB"). */
  tooLarge?: (fieldname: string, maxBytes: number) => AppError;
  /** The `Error` of a file where none is accepted (default "files are not accepted here"). */
  refusal?: string;
  /**
   * Write the file parts to temporary files as they arrive (`SpooledFilePart`), never holding one in memory; the
   * files are removed once the request is answered, so the handler moves or copies what it keeps.
   */
  spool?: boolean;
}

const DEFAULT_FIELDS = 30;
const DEFAULT_FIELD_SIZE = 1024 * 1024;
const MB = 1024 * 1024;

/** "the file is larger than 20 MB" (0.5 MB for half a megabyte). */
export function largerThan(maxBytes: number): string {
  return `the file is larger than ${maxBytes / MB} MB`;
}

const defaultTooLarge = (fieldname: string, maxBytes: number): AppError =>
  new AppError('REQUEST.TOO_LARGE', 413, `${fieldname}: ${largerThan(maxBytes)}`, { field: fieldname });

/** Multer's code and part of an error it raised (kept as the `cause` of Nest's exception). */
function multerCause(error: unknown): { code?: string; field?: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause as { code?: unknown; field?: unknown } | undefined;
  if (!cause || typeof cause !== 'object') return undefined;
  return {
    ...(typeof cause.code === 'string' ? { code: cause.code } : {}),
    ...(typeof cause.field === 'string' ? { field: cause.field } : {}),
  };
}

const names = (field: FileField, fieldname: string): boolean =>
  typeof field.name === 'string' ? field.name === fieldname : field.name(fieldname);

/**
 * multer's storage of a `spool` form: each part goes to a temporary file (only its owner may read it) through a
 * hash, so the handler gets its path, size and SHA-256 without the bytes ever being in memory. A part that
 * breaks a limit is removed by multer (`_removeFile`).
 */
const spoolStorage = {
  _handleFile(
    _req: unknown,
    file: { stream: Readable },
    done: (error: unknown, info?: Partial<SpooledFilePart>) => void,
  ): void {
    const target = path.join(os.tmpdir(), `agora-upload-${randomBytes(12).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        hash.update(chunk);
        size += chunk.length;
        next(null, chunk);
      },
    });
    pipeline(file.stream, count, createWriteStream(target, { flags: 'wx', mode: 0o600 })).then(
      () => done(null, { path: target, size, sha256: hash.digest('hex') }),
      (error: unknown) => void rm(target, { force: true }).finally(() => done(error)),
    );
  },
  _removeFile(_req: unknown, file: { path?: string }, done: (error: unknown) => void): void {
    if (!file.path) return done(null);
    rm(file.path, { force: true }).then(() => done(null), done);
  },
};

/** The parser of one form: its multer options, and the refusals in the service's shape. */
class FormRules {
  /** The largest file multer reads (the module's when a field leaves its size to the module). */
  readonly fileSize: number | undefined;
  private readonly fileFields: readonly FileField[];
  private readonly tooLarge: (fieldname: string, maxBytes: number) => AppError;

  constructor(
    private readonly form: MultipartForm,
    moduleFileSize: number | undefined,
  ) {
    this.fileFields = form.files ?? [];
    this.tooLarge = form.tooLarge ?? defaultTooLarge;
    const sizes = this.fileFields.map((f) => f.maxBytes ?? moduleFileSize);
    this.fileSize = sizes.includes(undefined) ? moduleFileSize : Math.max(0, ...(sizes as number[]));
  }

  /** multer's options: limits of the form, and the filter that refuses a file before it is read. */
  options(): MulterOptions {
    const files = this.fileFields.reduce((n, f) => n + (f.maxCount ?? 1), 0);
    const fields = this.form.fields ?? DEFAULT_FIELDS;
    const counted = new WeakMap<object, Map<FileField, number>>();
    return {
      limits: {
        // one more than the form takes: the filter refuses that one by its part's name
        files: files + 1,
        fields,
        fieldSize: this.form.fieldSize ?? DEFAULT_FIELD_SIZE,
        parts: fields + files + 1,
        ...(this.fileSize !== undefined ? { fileSize: this.fileSize } : {}),
      },
      ...(this.form.spool ? { storage: spoolStorage } : {}),
      fileFilter: (req, file, done) => {
        const field = this.fileFields.find((f) => names(f, file.fieldname));
        if (!field) return done(this.notAccepted(file.fieldname), false);
        const seen = counted.get(req) ?? new Map<FileField, number>();
        counted.set(req, seen);
        const count = (seen.get(field) ?? 0) + 1;
        seen.set(field, count);
        if (count > (field.maxCount ?? 1))
          return done(this.fileRefusal(file.fieldname, 'too many files'), false);
        if (field.types && !field.types.includes(file.mimetype))
          return done(this.wrongType(file.fieldname, field.types), false);
        const refused = field.check?.(file);
        return refused ? done(refused, false) : done(null, true);
      },
    };
  }

  /** The first file above the size of its field (multer checked only the largest of them), or none. */
  oversized(files: readonly FilePart[]): AppError | undefined {
    for (const file of files) {
      const max = this.fileFields.find((f) => names(f, file.fieldname))?.maxBytes;
      if (max !== undefined && file.size > max) return this.tooLarge(file.fieldname, max);
    }
    return undefined;
  }

  /** The service's refusal of multer's error (or of an error of this form's filter). */
  refusal(error: unknown): AppError {
    if (error instanceof AppError) return error;
    const cause = multerCause(error);
    switch (cause?.code) {
      case 'LIMIT_FILE_SIZE': {
        const field = cause.field ?? 'file';
        const max = this.fileFields.find((f) => names(f, field))?.maxBytes ?? this.fileSize ?? 0;
        return this.tooLarge(field, max);
      }
      case 'LIMIT_UNEXPECTED_FILE':
        return this.notAccepted(cause.field ?? 'file');
      case 'LIMIT_FILE_COUNT':
        return this.fileFields.length === 0
          ? this.notAccepted(cause.field ?? 'file')
          : this.fileRefusal(cause.field ?? 'file', 'too many files');
    }
    if (error instanceof HttpException) return new AppError('REQUEST.FORM', error.getStatus(), error.message);
    return AppError.badRequest('REQUEST.FORM', 'malformed multipart/form-data');
  }

  private notAccepted(fieldname: string): AppError {
    return this.fileRefusal(fieldname, this.form.refusal ?? 'files are not accepted here');
  }

  /** 400 `REQUEST.FILE`; naming the part when the form takes files in other parts. */
  private fileRefusal(fieldname: string, message: string, status = 400): AppError {
    return this.fileFields.length === 0
      ? new AppError('REQUEST.FILE', status, message)
      : new AppError('REQUEST.FILE', status, `${fieldname}: ${message}`, { field: fieldname });
  }

  private wrongType(fieldname: string, types: readonly string[]): AppError {
    return this.fileRefusal(fieldname, `the file must be one of ${types.join(', ')}`, 415);
  }
}

/** The files multer read for a request (any() leaves them in a list). */
function filesOf(request: { files?: unknown }): FilePart[] {
  return Array.isArray(request.files) ? (request.files as FilePart[]) : [];
}

/** Removes files multer wrote to disk for a request that is refused after reading them. */
async function removeStored(files: readonly FilePart[]): Promise<void> {
  await Promise.all(files.flatMap((f) => (f.path ? [rm(f.path, { force: true })] : [])));
}

/** The interceptor of one form (a mixin: one class per route, with the module's multer options injected). */
export function multipartInterceptor(form: MultipartForm): Type<NestInterceptor> {
  @Injectable()
  class MultipartInterceptor implements NestInterceptor {
    private readonly rules: FormRules;
    private readonly multer: NestInterceptor;

    constructor(@Optional() @Inject(MULTER_MODULE_OPTIONS) moduleOptions: MulterOptions | undefined) {
      const limits = moduleOptions?.limits;
      const moduleFileSize =
        limits && typeof limits === 'object' && typeof limits.fileSize === 'number'
          ? limits.fileSize
          : undefined;
      this.rules = new FormRules(form, moduleFileSize);
      const Multer = AnyFilesInterceptor(this.rules.options());
      this.multer = new Multer(moduleOptions);
    }

    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = ctx.switchToHttp().getRequest<{ files?: unknown }>();
      try {
        // the handler runs after multer has read the form (runMulter), through this `next`
        return await this.multer.intercept(ctx, {
          handle: () =>
            defer(async () => {
              const files = filesOf(request);
              const oversized = this.rules.oversized(files);
              if (!oversized) return;
              await removeStored(files);
              throw oversized;
            }).pipe(
              mergeMap(() => next.handle()),
              // a spooled part is the request's only: gone once it is answered, whatever the answer
              finalize(() => {
                if (form.spool) void removeStored(filesOf(request)).catch(() => undefined);
              }),
            ),
        });
      } catch (error) {
        throw this.rules.refusal(error);
      }
    }
  }
  return mixin(MultipartInterceptor);
}

/**
 * A route's multipart form (or JSON body): `@MultipartBody({ files: [{ name: 'resource', maxBytes }] })`. Read the
 * files with `@FormFile('resource')` or `@FormFiles()`, the text fields with `@ZodBody(schema)`. With `json: false`
 * the document names the form alone (a route that needs its file).
 */
export function MultipartBody(
  form: MultipartForm = {},
  { json = true }: { json?: boolean } = {},
): MethodDecorator {
  return applyDecorators(
    UseInterceptors(multipartInterceptor(form)),
    ApiConsumes(...(json ? ['application/json'] : []), 'multipart/form-data'),
  );
}

/** The first file of a part (undefined when none was sent). */
export const FormFile = createParamDecorator((fieldname: string, ctx: ExecutionContext) =>
  filesOf(ctx.switchToHttp().getRequest<{ files?: unknown }>()).find((f) => f.fieldname === fieldname),
);

/** Every file of the form, in the order sent (each names its part in `fieldname`). */
export const FormFiles = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  filesOf(ctx.switchToHttp().getRequest<{ files?: unknown }>()),
);
