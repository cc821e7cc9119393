import { Module } from '@nestjs/common';
import { CategoryModule } from '../category/category.module.js';
import { LibraryIcons } from '../http/icons.js';
import { ProfileAnswersController } from './profile-answers.controller.js';
import { ProfileAnswersService } from './profile-answers.service.js';
import { ProfileChoiceController, ProfileQuestionController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';
import { ProfileWeightsInternalController } from './profile-weights-internal.controller.js';

@Module({
  imports: [CategoryModule],
  controllers: [
    ProfileQuestionController,
    ProfileChoiceController,
    ProfileAnswersController,
    ProfileWeightsInternalController,
  ],
  providers: [ProfileService, ProfileAnswersService, LibraryIcons],
  exports: [ProfileService],
})
export class ProfileModule {}
