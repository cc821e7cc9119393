import { Module } from '@nestjs/common';
import { LibraryModule } from '../library/library.module.js';
import { DemoService } from './demo.service.js';

@Module({ imports: [LibraryModule], providers: [DemoService], exports: [DemoService] })
export class DemoModule {}
