import { Module } from '@nestjs/common';
import { LibraryIcons } from '../http/icons.js';
import { VariableController } from './variable.controller.js';
import { VariableService } from './variable.service.js';

@Module({
  controllers: [VariableController],
  providers: [VariableService, LibraryIcons],
  exports: [VariableService],
})
export class VariableModule {}
