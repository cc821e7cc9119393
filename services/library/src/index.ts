import 'reflect-metadata';
import type { ServiceDefinition } from '@agora/common';
import { StorageModule } from '@agora/common/storage';
import { BackupsModule } from './backups/backups.module.js';
import { LIBRARY_CONFIG, LibraryConfigModule } from './config/library-config.module.js';
import type { LibraryConfig } from './config/library.config.js';
import { DemoModule } from './demo/demo.module.js';
import { DemoService } from './demo/demo.service.js';
import { DocumentationModule } from './documentation/documentation.module.js';
import { Documentation } from './documentation/entities/documentation.entity.js';
import { FileBrowserModule } from './file-browser/file-browser.module.js';
import { FilesModule } from './files/files.module.js';
import { LibraryItem } from './library/entities/library-item.entity.js';
import { LibraryModule } from './library/library.module.js';
import { LibraryView } from './library-view/entities/library-view.entity.js';
import { LibraryViewModule } from './library-view/library-view.module.js';
import { MarkersModule } from './markers/markers.module.js';
import { LibraryInit1795303200000 } from './migrations/1795303200000-LibraryInit.js';
import { DocumentationFilename1795500000000 } from './migrations/1795500000000-DocumentationFilename.js';
import { LibraryBackups1795600000000 } from './migrations/1795600000000-LibraryBackups.js';
import { BackupJobs1795700000000 } from './migrations/1795700000000-BackupJobs.js';
import { ViewAndPageOwners1795800000000 } from './migrations/1795800000000-ViewAndPageOwners.js';
import { DropBackupJobs1795900000000 } from './migrations/1795900000000-DropBackupJobs.js';
import { AuditLog1801100000000 } from './migrations/1801100000000-AuditLog.js';
import { AuditInternalModule } from './audit/audit-internal.controller.js';
import { LibraryMaintenanceModule } from './audit/audit-prune.js';

export type { LibraryConfig } from './config/library.config.js';
export { loadLibraryConfig } from './config/library.config.js';

export const libraryStorage: ServiceDefinition['storage'] = {
  schema: 'library',
  entities: [LibraryItem, Documentation, LibraryView],
  migrations: [
    LibraryInit1795303200000,
    DocumentationFilename1795500000000,
    LibraryBackups1795600000000,
    BackupJobs1795700000000,
    ViewAndPageOwners1795800000000,
    DropBackupJobs1795900000000,
    AuditLog1801100000000,
  ],
};

/**
 * The library service: media library, documentation, library views and their files.
 * `env` holds the service's own settings (`STORAGE_DIR`, `AGORA_DEMO_DATA`), validated when the app boots.
 */
export function createLibraryService(env: Record<string, string | undefined>): ServiceDefinition {
  return {
    name: 'library',
    title: 'Agora library',
    description: 'Media library, documentation pages, library views and stored files.',
    storage: libraryStorage,
    modules: [
      LibraryConfigModule.forRoot(env),
      StorageModule.forRoot(LIBRARY_CONFIG, (config: LibraryConfig) => config.storage),
      LibraryModule,
      FilesModule,
      DemoModule,
      BackupsModule,
      FileBrowserModule,
      LibraryViewModule,
      DocumentationModule,
      MarkersModule,
      AuditInternalModule,
      LibraryMaintenanceModule,
    ],
    onReady: async (app) => {
      await app.get(DemoService).seed();
    },
  };
}

export const libraryService: ServiceDefinition = createLibraryService(process.env);
