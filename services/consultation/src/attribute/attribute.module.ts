import { Module } from '@nestjs/common';
import { LibraryIcons } from '../http/icons.js';
import { AttributeController } from './attribute.controller.js';
import { AttributeService } from './attribute.service.js';

@Module({
  controllers: [AttributeController],
  providers: [AttributeService, LibraryIcons],
  exports: [AttributeService],
})
export class AttributeModule {}
