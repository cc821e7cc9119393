import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LibraryModule } from '../library/library.module.js';
import { LibraryView } from './entities/library-view.entity.js';
import { LibraryViewController } from './library-view.controller.js';
import { LibraryViewService } from './library-view.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([LibraryView], 'library'), LibraryModule],
  controllers: [LibraryViewController],
  providers: [LibraryViewService],
  exports: [LibraryViewService],
})
export class LibraryViewModule {}
