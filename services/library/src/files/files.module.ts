import { Module } from '@nestjs/common';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';

/** Serves stored files at `GET /library/files/<key>` (public). */
@Module({ controllers: [FilesController], providers: [FilesService] })
export class FilesModule {}
