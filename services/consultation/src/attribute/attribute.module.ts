import { Module } from '@nestjs/common';
import { AttributeController } from './attribute.controller.js';
import { AttributeService } from './attribute.service.js';

@Module({ controllers: [AttributeController], providers: [AttributeService], exports: [AttributeService] })
export class AttributeModule {}
