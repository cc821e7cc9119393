import { Module } from '@nestjs/common';
import { CategoryModule } from '../category/category.module.js';
import { DemoService } from './demo.service.js';

@Module({ imports: [CategoryModule], providers: [DemoService], exports: [DemoService] })
export class DemoModule {}
