import { Global, Module } from '@nestjs/common';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE, type FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

/** The storage the configuration chooses: an S3-compatible store when STORAGE_S3_* are set, else STORAGE_DIR. */
export function createFileStorage(config: LibraryConfig): FileStorage {
  return config.storage.s3 ? new S3FileStorage(config.storage.s3) : new LocalFileStorage(config.storage.dir);
}

/**
 * The private storage (backup archives): `STORAGE_PRIVATE_DIR`, or the `private/` folder of the S3 bucket, which
 * the public S3 storage refuses to address.
 */
export function createPrivateFileStorage(config: LibraryConfig): FileStorage {
  return config.storage.s3
    ? new S3FileStorage({ ...config.storage.s3, area: 'private' })
    : new LocalFileStorage(config.storage.privateDir);
}

/** Provides `FILE_STORAGE` and `PRIVATE_FILE_STORAGE` (see `createFileStorage`, `createPrivateFileStorage`). */
@Global()
@Module({
  providers: [
    { provide: FILE_STORAGE, inject: [LIBRARY_CONFIG], useFactory: createFileStorage },
    { provide: PRIVATE_FILE_STORAGE, inject: [LIBRARY_CONFIG], useFactory: createPrivateFileStorage },
  ],
  exports: [FILE_STORAGE, PRIVATE_FILE_STORAGE],
})
export class StorageModule {}
