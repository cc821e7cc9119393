import { Module } from '@nestjs/common';
import { CategoryModule } from '../category/category.module.js';
import { LibraryIcons } from '../http/icons.js';
import { ProfileChoiceController, ProfileQuestionController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

@Module({
  imports: [CategoryModule],
  controllers: [ProfileQuestionController, ProfileChoiceController],
  providers: [ProfileService, LibraryIcons],
  exports: [ProfileService],
})
export class ProfileModule {}
