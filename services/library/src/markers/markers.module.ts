import { Module } from '@nestjs/common';
import { MarkersController } from './markers.controller.js';

@Module({ controllers: [MarkersController] })
export class MarkersModule {}
