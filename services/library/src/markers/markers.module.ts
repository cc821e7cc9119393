import { Module } from '@nestjs/common';
import { IconsInternalController } from './icons-internal.controller.js';
import { MarkersController } from './markers.controller.js';

@Module({ controllers: [MarkersController, IconsInternalController] })
export class MarkersModule {}
