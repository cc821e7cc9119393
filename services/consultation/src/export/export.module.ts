import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { INFRA, type Infra } from '@agora/common';
import { EXPORT_CONFIG, EXPORTS_QUEUE, ExportJobs } from './export-jobs.js';
import { loadExportConfig } from './export.config.js';
import { ExportController } from './export.controller.js';
import { ExportService } from './export.service.js';

/** Exports of a project's answers (CSV, GeoJSON), streamed or as background jobs (in the file store, EXPORT_TTL). */
@Module({})
export class ExportModule {
  static forRoot(env: Record<string, string | undefined>): DynamicModule {
    return {
      module: ExportModule,
      imports: [
        BullModule.forRootAsync({
          inject: [INFRA],
          useFactory: (infra: Infra) => ({ connection: infra.bullConnection, prefix: infra.queuePrefix }),
        }),
        BullModule.registerQueue({ name: EXPORTS_QUEUE }),
      ],
      controllers: [ExportController],
      providers: [
        { provide: EXPORT_CONFIG, useFactory: () => loadExportConfig(env) },
        ExportService,
        ExportJobs,
      ],
    };
  }
}
