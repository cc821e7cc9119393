import { Module } from '@nestjs/common';
import { ExportController } from './export.controller.js';
import { ExportService } from './export.service.js';

/** Exports of a project's answers (CSV, GeoJSON), streamed or as background jobs. */
@Module({
  controllers: [ExportController],
  providers: [ExportService],
})
export class ExportModule {}
