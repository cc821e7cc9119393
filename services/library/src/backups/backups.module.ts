import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { MulterModule } from '@nestjs/platform-express';
import { INFRA, type Infra } from '@agora/common';
import { mkdirSync } from 'node:fs';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { BackupApiKeys } from './backup-api-keys.js';
import { BackupCatalog } from './backup-catalog.js';
import { BackupExporter } from './backup-exporter.js';
import { BACKUPS_QUEUE, BackupQueue } from './backup-queue.js';
import { BackupRestorer } from './backup-restorer.js';
import { BackupWorker } from './backup-worker.js';
import { BackupsController } from './backups.controller.js';
import { PrivateArchivesMove } from './private-archives.js';
import { RemoteSource } from './remote-source.js';

/** Library backups: export, restore (server file, upload, another server) and API keys, as queued jobs. */
@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [LIBRARY_CONFIG],
      useFactory: (config: LibraryConfig) => {
        mkdirSync(config.backups.stagingDir, { recursive: true });
        return {
          dest: config.backups.stagingDir,
          limits: { fileSize: config.backups.maxUploadBytes, files: 1, fields: 10, parts: 12 },
        };
      },
    }),
    BullModule.forRootAsync({
      inject: [INFRA],
      useFactory: (infra: Infra) => ({ connection: infra.bullConnection, prefix: infra.queuePrefix }),
    }),
    BullModule.registerQueue({ name: BACKUPS_QUEUE }),
  ],
  controllers: [BackupsController],
  providers: [
    BackupQueue,
    BackupCatalog,
    BackupApiKeys,
    RemoteSource,
    BackupExporter,
    BackupRestorer,
    BackupWorker,
    PrivateArchivesMove,
  ],
})
export class BackupsModule {}
