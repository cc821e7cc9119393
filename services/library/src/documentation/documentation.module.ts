import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LibraryViewModule } from '../library-view/library-view.module.js';
import { DocumentationController } from './documentation.controller.js';
import { DocumentationService } from './documentation.service.js';
import { Documentation } from './entities/documentation.entity.js';
import { PublicPagesController } from './public-pages.controller.js';
import { LibraryValidationController } from './validation.controller.js';

@Module({
  imports: [TypeOrmModule.forFeature([Documentation], 'library'), LibraryViewModule],
  controllers: [DocumentationController, LibraryValidationController, PublicPagesController],
  providers: [DocumentationService],
  exports: [DocumentationService],
})
export class DocumentationModule {}
