import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, LoggedIn, ZodResponse } from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import { QuestionnaireAnswer } from '@agora/contracts/api';
import { QuestionnaireService } from './questionnaire.service.js';

/** The questionnaire screen of a project (spec part 2 §2), for staff and the category's participants. */
@ApiTags('questionnaire')
@Controller('data/scope/questionnaire')
export class QuestionnaireController {
  constructor(private readonly questionnaires: QuestionnaireService) {}

  @LoggedIn()
  @Get('category/:category/project/:project')
  @ApiOperation({
    summary: 'The questionnaire of a project (category and project by short name) in one answer',
    description:
      'Participants see the visible attributes and variables only. Unknown or inactive category: 404 ' +
      'CONSULTATION.CATEGORY_NOT_FOUND; not enrolled: 403 CONSULTATION.NOT_ENROLLED; unknown project: 404 ' +
      'CONSULTATION.PROJECT_NOT_FOUND.',
  })
  @ZodResponse(QuestionnaireAnswer)
  read(
    @Param('category') category: string,
    @Param('project') project: string,
    @CurrentUser() user: SessionUser,
  ): Promise<QuestionnaireAnswer> {
    return this.questionnaires.read(user, category, project);
  }
}
