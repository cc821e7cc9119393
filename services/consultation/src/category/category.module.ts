import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryController } from './category.controller.js';
import { CategoryInternalController } from './category-internal.controller.js';
import { CategoryService } from './category.service.js';
import { Category } from './entities/category.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Category], 'consultation')],
  controllers: [CategoryController, CategoryInternalController],
  providers: [CategoryService],
  exports: [CategoryService],
})
export class CategoryModule {}
