import { Module } from '@nestjs/common';
import { ConsultationValidationController } from './validation.controller.js';

@Module({ controllers: [ConsultationValidationController] })
export class ValidationModule {}
