import { Module } from '@nestjs/common';
import { ThreadController } from './thread.controller.js';
import { ThreadService } from './thread.service.js';

@Module({ controllers: [ThreadController], providers: [ThreadService], exports: [ThreadService] })
export class ThreadModule {}
