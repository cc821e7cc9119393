import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { mkdirSync } from 'node:fs';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { BackupsController } from './backups.controller.js';
import { BackupsService } from './backups.service.js';
import { PrivateArchivesMove } from './private-archives.js';

/** Library backups: export, restore (server file, upload, another server) and API keys. */
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
  ],
  controllers: [BackupsController],
  providers: [BackupsService, PrivateArchivesMove],
})
export class BackupsModule {}
