import { Global, Module, type DynamicModule, type InjectionToken } from '@nestjs/common';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE } from './file-storage.js';
import { createFileStorage, type StorageConfig } from './storage-config.js';

/**
 * Provides `FILE_STORAGE` (the public area) and `PRIVATE_FILE_STORAGE` of the store that the service's
 * configuration (`configToken`, its `storage` read by `storageOf`) chooses.
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot<C>(configToken: InjectionToken, storageOf: (config: C) => StorageConfig): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        {
          provide: FILE_STORAGE,
          inject: [configToken],
          useFactory: (config: C) => createFileStorage(storageOf(config), 'public'),
        },
        {
          provide: PRIVATE_FILE_STORAGE,
          inject: [configToken],
          useFactory: (config: C) => createFileStorage(storageOf(config), 'private'),
        },
      ],
      exports: [FILE_STORAGE, PRIVATE_FILE_STORAGE],
    };
  }
}
