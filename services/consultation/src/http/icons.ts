import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  InternalCallError,
  largerThan,
  LOGGER,
  MultipartBody,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type MemoryFilePart,
  type ServiceConfig,
} from '@agora/common';
import { ICON_MAX_BYTES, isErrorCode, type ErrorCode } from '@agora/contracts';
import type { Logger } from 'pino';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { ValidationErrors } from '../validation/validation.errors.js';

/**
 * Uploaded icons of the structure forms (attribute, variable, profile choices). The consultation service keeps no
 * files: an uploaded icon is checked and stored by the library (`POST /internal/library/icons`), and the write keeps
 * its URL, like a marker's. A string `icon` field stays a URL.
 */

/** How long the library may take to store or remove an icon. */
const LIBRARY_TIMEOUT_MS = 10_000;

/** One uploaded file part, as the multipart parser holds it (in memory). */
export type IconFile = MemoryFilePart;

export const IconErrors = {
  both: (field: string) => ValidationErrors.invalidField(field, 'send a link or a file, not both'),
  tooLarge: (field: string) =>
    new AppError('ICON.TOO_LARGE', 413, `${field}: ${largerThan(ICON_MAX_BYTES)}`, { field }),
  refused: (field: string, status: number, message: string, code: ErrorCode) =>
    new AppError(code, status, `${field}: ${message}`, { field }),
  unavailable: () =>
    new AppError(
      'ICON.LIBRARY_UNAVAILABLE',
      503,
      'the library service cannot store the icon now: try again later',
    ),
};

interface IconFormOptions {
  /** Whether a file may come in this part (`icon`, `icons_3`). */
  accepts: (field: string) => boolean;
  /** At most this many files. */
  files: number;
  /** At most this many text fields, each at most `fieldSize` bytes. */
  fields: number;
  fieldSize: number;
}

const NOT_HERE = 'files are not accepted here: send the link of a library file';

/**
 * A write taking JSON or multipart/form-data text fields and, in multipart, uploaded icon files in the parts that
 * `accepts` names (read them with `@UploadedFiles()`), each at most the library's `ICON_MAX_BYTES` (413
 * `ICON.TOO_LARGE`); any other file is a 400 `REQUEST.FILE` naming its part. The one multipart parser of the
 * services (`MultipartBody`) reads the form.
 */
export function IconFormBody(options: IconFormOptions): MethodDecorator {
  return MultipartBody({
    files: [{ name: options.accepts, maxCount: options.files, maxBytes: ICON_MAX_BYTES }],
    fields: options.fields,
    fieldSize: options.fieldSize,
    tooLarge: (field) => IconErrors.tooLarge(field),
    refusal: NOT_HERE,
  });
}

/** The structure forms' options: one `icon` file beside text fields of up to 2 MB (GeoJSON), at most 100. */
export const ONE_ICON: IconFormOptions = {
  accepts: (field) => field === 'icon',
  files: 1,
  fields: 100,
  fieldSize: 2 * 1024 * 1024,
};

/**
 * Runs a database write with the uploaded icons: stores them first, passes their URLs (in the order of the files)
 * to `write`, and removes them again when `write` fails, so no icon is left without its row.
 */
export type IconWrite = <T>(write: (urls: string[]) => Promise<T>) => Promise<T>;

/** A write without uploaded icons. */
export const NO_ICONS: IconWrite = (write) => write([]);

/** 400 when a field holds a link and a file. */
function assertNotBoth(body: unknown, files: readonly IconFile[]): void {
  if (body === null || typeof body !== 'object') return;
  for (const f of files) if (Object.hasOwn(body, f.fieldname)) throw IconErrors.both(f.fieldname);
}

/** The library's internal icon routes, called as the system (signed like the gateway's own calls). */
@Injectable()
export class LibraryIcons {
  private readonly library: InternalClient<'library'>;

  constructor(
    @Inject(CONSULTATION_CONFIG) config: ConsultationConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.library = serviceClient(service, 'library', {
      baseUrl: config.libraryUrl,
      timeoutMs: LIBRARY_TIMEOUT_MS,
    });
  }

  /**
   * The `IconWrite` of a structure form's `icon` file, after checking the form does not also send `icon` as a
   * link (`assertNotBoth`).
   */
  formWriter(body: unknown, files: readonly IconFile[] | undefined): IconWrite {
    assertNotBoth(body, files ?? []);
    return this.writer(files);
  }

  /** The `IconWrite` of these files (none: the write runs as is). */
  writer(files: readonly IconFile[] | undefined): IconWrite {
    const list = [...(files ?? [])];
    if (list.length === 0) return NO_ICONS;
    return async <T>(write: (urls: string[]) => Promise<T>): Promise<T> => {
      const urls: string[] = [];
      try {
        for (const file of list) urls.push(await this.store(file));
        return await write(urls);
      } catch (error) {
        await Promise.all(urls.map((url) => this.remove(url)));
        throw error;
      }
    };
  }

  /** Stores one icon: its URL; the library's 4xx as `{field}: {message}`, 503 when it cannot answer. */
  async store(file: IconFile): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.buffer)]), file.originalname || 'icon');
    let body: unknown;
    try {
      ({ body } = await this.library.post('/internal/library/icons', form));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      if (error.kind === 'refused' && error.status !== undefined && error.error !== undefined)
        throw IconErrors.refused(
          file.fieldname,
          error.status,
          error.error,
          // the library's own code when it is one of the API's, else the generic refusal
          isErrorCode(error.code) ? error.code : 'ICON.REFUSED',
        );
      throw IconErrors.unavailable();
    }
    const url = (body as { url?: unknown } | undefined)?.url;
    if (typeof url !== 'string') throw IconErrors.unavailable();
    return url;
  }

  /** Removes an icon stored by `store`; a failure is logged (the write has failed already). */
  async remove(url: string): Promise<void> {
    const name = url.split('/').pop() ?? '';
    try {
      await this.library.delete(`/internal/library/icons/${encodeURIComponent(name)}`);
    } catch (error) {
      this.logger.warn({ url, err: error }, 'an uploaded icon could not be removed after a failed write');
    }
  }
}
