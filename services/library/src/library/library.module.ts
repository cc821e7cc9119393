import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EditorUploadController } from './editor-upload.controller.js';
import { LibraryItem } from './entities/library-item.entity.js';
import { LibraryInternalController } from './library-internal.controller.js';
import { LibraryController } from './library.controller.js';
import { LibraryService } from './library.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LibraryItem], 'library')],
  controllers: [LibraryController, EditorUploadController, LibraryInternalController],
  providers: [LibraryService],
  exports: [LibraryService],
})
export class LibraryModule {}
