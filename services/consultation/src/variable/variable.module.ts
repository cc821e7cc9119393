import { Module } from '@nestjs/common';
import { VariableController } from './variable.controller.js';
import { VariableService } from './variable.service.js';

@Module({ controllers: [VariableController], providers: [VariableService], exports: [VariableService] })
export class VariableModule {}
