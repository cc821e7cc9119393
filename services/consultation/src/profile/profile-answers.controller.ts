import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, LoggedIn, ZodBody, ZodResponse } from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import {
  ProfileAnswersBody,
  ProfileFormAnswer,
  ProfileOverviewAnswer,
  ProfileWeightAnswer,
} from '@agora/contracts/api';
import { TokenPipe } from '../http/params.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { ProfileAnswersService } from './profile-answers.service.js';

/**
 * A participant's consultation profile (spec part 2 §7, docs/decisions/0036-consultation-profile-weight.md): their
 * categories, the questions of their enrolment role in one, and their answers with the weight these give them.
 */
@ApiTags('profile answers')
@Controller('data/scope/profile')
export class ProfileAnswersController {
  constructor(private readonly answers: ProfileAnswersService) {}

  @LoggedIn()
  @Get()
  @ApiOperation({
    summary: "The caller's enrolled active categories with their role, profile state and projects",
  })
  @ZodResponse(ProfileOverviewAnswer)
  async overview(@CurrentUser() user: SessionUser): Promise<ProfileOverviewAnswer> {
    return { values: await this.answers.overview(user) };
  }

  @LoggedIn()
  @Get('activeCategory/:category')
  @ApiOperation({
    summary: "The caller's profile form in a category (token): their role's questions, their answers, weight",
    description:
      'Unknown category 404 CONSULTATION.CATEGORY_NOT_FOUND; not enrolled 403 CONSULTATION.NOT_ENROLLED.',
  })
  @ZodResponse(ProfileFormAnswer)
  form(
    @Param('category', TokenPipe) category: string,
    @CurrentUser() user: SessionUser,
  ): Promise<ProfileFormAnswer> {
    return this.answers.form(user, category);
  }

  @LoggedIn()
  @Post('category/:category')
  @HttpCode(200)
  @ApiOperation({
    summary: "Answer the profile: [{question, choice}], one choice for each question of the caller's role",
    description:
      'Replaces earlier answers. A missing question: 400 CONSULTATION.PROFILE_INCOMPLETE; a question of another ' +
      'category or role, twice, or a choice of another question: 400 CONSULTATION.INVALID_FIELD. Nothing is ' +
      'written when refused.',
  })
  @ZodResponse(ProfileWeightAnswer)
  answer(
    @Param('category', TokenPipe) category: string,
    @ZodBody(ProfileAnswersBody, FIELD_REFUSAL) body: ProfileAnswersBody,
    @CurrentUser() user: SessionUser,
  ): Promise<ProfileWeightAnswer> {
    return this.answers.answer(user, category, body);
  }
}
