import { AppError } from '@agora/common';

/** Every refusal of the backups area, with its HTTP status and a stable code. */
export const BackupErrors = {
  busy: () => AppError.conflict('BACKUP.BUSY', 'another backup job is running'),
  notFound: () => AppError.notFound('backup not found', 'BACKUP.NOT_FOUND'),
  jobNotFound: () => AppError.notFound('job not found', 'BACKUP.JOB_NOT_FOUND'),
  badFilename: () => AppError.badRequest('BACKUP.INVALID_FILENAME', 'invalid backup filename'),
  noArchive: () => AppError.badRequest('BACKUP.NO_ARCHIVE', 'missing archive (.tar.gz)'),
  notTarGz: () => new AppError('BACKUP.NOT_TAR_GZ', 415, 'the archive must be a .tar.gz file'),
  badRemote: (why: string) => AppError.badRequest('BACKUP.INVALID_REMOTE', why),
  /**
   * Any failure to download from another server (not allowed, unreachable, refused, redirected, cut short): one
   * answer, which tells nothing of the other network (decision 0025).
   */
  remoteFailed: () =>
    new AppError('BACKUP.REMOTE_FAILED', 502, 'the backup could not be fetched from the other server'),
  apiDenied: () => AppError.unauthorized('invalid api credentials', 'BACKUP.API_DENIED'),
  // Archive checks (while unpacking and validating).
  unsafePath: (p: string) => AppError.badRequest('BACKUP.UNSAFE_PATH', `unsafe path in archive: ${p}`),
  badEntryType: (p: string, type: string) =>
    new AppError(
      'BACKUP.UNSAFE_ENTRY',
      422,
      `archive entry ${p} is a ${type}: only files and folders are allowed`,
    ),
  unexpectedEntry: (p: string) =>
    new AppError('BACKUP.UNEXPECTED_ENTRY', 422, `unexpected archive entry: ${p}`),
  duplicateEntry: (p: string) => new AppError('BACKUP.DUPLICATE_ENTRY', 422, `duplicate archive entry: ${p}`),
  tooManyEntries: (max: number) =>
    new AppError('BACKUP.TOO_MANY_ENTRIES', 413, `the archive has more than ${max} entries`),
  entryTooLarge: (p: string, max: number) =>
    new AppError('BACKUP.ENTRY_TOO_LARGE', 413, `archive entry ${p} is larger than ${max} bytes`),
  tooLarge: (max: number) =>
    new AppError('BACKUP.TOO_LARGE', 413, `the archive unpacks to more than ${max} bytes`),
  corrupt: (why: string) => new AppError('BACKUP.CORRUPT', 422, `not a valid .tar.gz archive: ${why}`),
  badManifest: (why: string) => new AppError('BACKUP.INVALID_MANIFEST', 422, `invalid manifest: ${why}`),
  badRow: (file: string, line: number, why: string, id?: unknown) =>
    new AppError(
      'BACKUP.INVALID_ROW',
      422,
      `invalid row in ${file} line ${line}${typeof id === 'string' ? ` (id ${id.slice(0, 36)})` : ''}: ${why}`,
    ),
  missingFile: (key: string) =>
    new AppError('BACKUP.MISSING_FILE', 422, `file missing from the archive: ${key}`),
  badFile: (key: string, expected: string) =>
    new AppError('BACKUP.INVALID_FILE', 422, `file ${key} is not ${expected}`),
  conflictingRows: () =>
    new AppError('BACKUP.CONFLICTING_ROWS', 422, 'the archive rows conflict (duplicate ids or uris)'),
};
