import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoggedIn, RequireRole } from '@agora/common';
import type { ProfileChoiceWire, ProfileQuestionWire } from '@agora/contracts';
import { FormBody } from '../http/form.js';
import { TokenPipe } from '../http/params.js';
import {
  ID_ORDER_SCHEMA,
  ProfileChoiceChangeForm,
  ProfileChoiceForm,
  ProfileQuestionChangeForm,
  ProfileQuestionForm,
  TOKEN_ORDER_SCHEMA,
} from './dto/profile.form.js';
import { ProfileChoiceResponse, ProfileQuestionResponse } from './dto/profile.response.js';
import {
  parseChoiceChange,
  parseId,
  parseIdOrder,
  parseNewChoice,
  parseNewQuestion,
  parseQuestionChange,
  parseRole,
  parseTokenOrder,
} from './profile.input.js';
import { ProfileService } from './profile.service.js';

const DELETED = { message: 'data deleted' } as const;

/**
 * Consultation-profile questions (docs/decisions/0012-profile-threads-social.md): admins write; every
 * logged-in user reads a category's questions (participants answer them).
 */
@ApiTags('consultationProfile')
@Controller('consultationProfile')
export class ProfileQuestionController {
  constructor(private readonly profile: ProfileService) {}

  @LoggedIn()
  @Get('category/:category/role/:role')
  @ApiOperation({
    summary: 'The questions of a category for a role (expert|normal), choices included, ordered',
  })
  @ApiOkResponse({ type: [ProfileQuestionResponse] })
  list(
    @Param('category', TokenPipe) category: string,
    @Param('role') role: string,
  ): Promise<ProfileQuestionWire[]> {
    return this.profile.list(category, parseRole(role));
  }

  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @FormBody()
  @ApiOperation({
    summary: 'Add a question: question, category, role, weight, choices[i][content|icon|weight]',
    description: 'JSON, or multipart with `choices[i][field]` fields or `choices` as JSON text.',
  })
  @ApiBody({ type: ProfileQuestionForm })
  @ApiOkResponse({ type: ProfileQuestionResponse })
  create(@Body() body: unknown): Promise<ProfileQuestionWire> {
    return this.profile.create(parseNewQuestion(body));
  }

  @RequireRole('admin')
  @Put('sortOrder')
  @ApiOperation({ summary: 'Order the questions of one category and role: a JSON array of tokens, 1-based' })
  @ApiBody({ schema: TOKEN_ORDER_SCHEMA })
  @ApiOkResponse({ type: [ProfileQuestionResponse] })
  reorder(@Body() body: unknown): Promise<ProfileQuestionWire[]> {
    return this.profile.reorder(parseTokenOrder(body));
  }

  @RequireRole('admin')
  @Put('token/:token')
  @FormBody()
  @ApiOperation({ summary: 'Change the question text, its weight, or both' })
  @ApiBody({ type: ProfileQuestionChangeForm })
  @ApiOkResponse({ type: ProfileQuestionResponse })
  update(@Param('token', TokenPipe) token: string, @Body() body: unknown): Promise<ProfileQuestionWire> {
    return this.profile.update(token, parseQuestionChange(body));
  }

  @RequireRole('admin')
  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a question and its choices' })
  async remove(@Param('token', TokenPipe) token: string): Promise<typeof DELETED> {
    await this.profile.remove(token);
    return DELETED;
  }
}

/** The choices of profile questions (`consultationWeight…`): admins only. */
@ApiTags('consultationProfile')
@RequireRole('admin')
@Controller('consultationWeight')
export class ProfileChoiceController {
  constructor(private readonly profile: ProfileService) {}

  @Post()
  @HttpCode(200)
  @FormBody()
  @ApiOperation({
    summary: 'Add a choice to a question: question (token), content, icon (marker URL), weight',
  })
  @ApiBody({ type: ProfileChoiceForm })
  @ApiOkResponse({ type: ProfileChoiceResponse })
  create(@Body() body: unknown): Promise<ProfileChoiceWire> {
    return this.profile.addChoice(parseNewChoice(body));
  }

  @Put('sortOrder')
  @ApiOperation({ summary: 'Order the choices of one question: a JSON array of ids, 1-based' })
  @ApiBody({ schema: ID_ORDER_SCHEMA })
  @ApiOkResponse({ type: [ProfileChoiceResponse] })
  reorder(@Body() body: unknown): Promise<ProfileChoiceWire[]> {
    return this.profile.reorderChoices(parseIdOrder(body));
  }

  @Put('id/:id')
  @FormBody()
  @ApiOperation({ summary: 'Change the content, weight or icon of a choice' })
  @ApiBody({ type: ProfileChoiceChangeForm })
  @ApiOkResponse({ type: ProfileChoiceResponse })
  update(@Param('id') id: string, @Body() body: unknown): Promise<ProfileChoiceWire> {
    return this.profile.updateChoice(parseId(id), parseChoiceChange(body));
  }

  @Delete('id/:id')
  @ApiOperation({ summary: 'Delete a choice' })
  async remove(@Param('id') id: string): Promise<typeof DELETED> {
    await this.profile.removeChoice(parseId(id));
    return DELETED;
  }
}
