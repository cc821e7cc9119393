import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  CurrentUser,
  FormFiles,
  LoggedIn,
  RequireRole,
  ZodBody,
  ZodResponse,
  type AuditActor,
  type RefusalOptions,
} from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import {
  MAX_PROFILE_CHOICES,
  NewProfileChoiceBody,
  NewProfileQuestionBody,
  ProfileChoiceAnswer,
  ProfileChoiceChangeBody,
  ProfileChoiceListAnswer,
  ProfileChoiceOrderBody,
  ProfileDeletedAnswer,
  ProfileQuestionAnswer,
  ProfileQuestionChangeBody,
  ProfileQuestionListAnswer,
  ProfileQuestionOrderBody,
} from '@agora/contracts/api';
import { assertMayEnter } from '../category/access.js';
import { FormBody } from '../http/form.js';
import { IconFormBody, LibraryIcons, type IconFile } from '../http/icons.js';
import { TokenPipe } from '../http/params.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import {
  choiceChange,
  choiceIconIndex,
  choiceInput,
  parseId,
  parseRole,
  questionChange,
  questionInput,
} from './profile.input.js';
import { ProfileService } from './profile.service.js';

/** A refused sort order: 400 `REQUEST.SORT_ORDER`, naming the entry (`[2]`) that breaks it. */
const ORDER_REFUSAL: RefusalOptions = { code: 'REQUEST.SORT_ORDER' };

const DELETED: ProfileDeletedAnswer = { message: 'data deleted' };

/** Profile forms: text fields of at most 256 kB; a new question's choice icons in `icons_i`, a choice's in `icon`. */
const QUESTION_ICONS = {
  accepts: (field: string) => choiceIconIndex(field) !== null,
  files: MAX_PROFILE_CHOICES,
  fields: 200,
  fieldSize: 256 * 1024,
};
const CHOICE_ICON = { ...QUESTION_ICONS, accepts: (field: string) => field === 'icon', files: 1 };

/**
 * Consultation-profile questions (docs/decisions/0012-profile-threads-social.md): admins write; staff and the
 * category's participants read its questions (participants answer them).
 */
@ApiTags('consultationProfile')
@Controller('consultationProfile')
export class ProfileQuestionController {
  constructor(
    private readonly profile: ProfileService,
    private readonly icons: LibraryIcons,
  ) {}

  @LoggedIn()
  @Get('category/:category/role/:role')
  @ApiOperation({
    summary: 'The questions of a category for a role (expert|normal), choices included, ordered',
    description:
      'Staff, and the participants enrolled in the category (others: 403 CONSULTATION.NOT_ENROLLED).',
  })
  @ZodResponse(ProfileQuestionListAnswer)
  list(
    @Param('category', TokenPipe) category: string,
    @Param('role') role: string,
    @CurrentUser() user: SessionUser,
  ): Promise<ProfileQuestionListAnswer> {
    const asked = parseRole(role);
    assertMayEnter(user, category);
    return this.profile.list(category, asked);
  }

  @RequireRole('admin')
  @Post()
  @HttpCode(200)
  @IconFormBody(QUESTION_ICONS)
  @ApiOperation({
    summary: 'Add a question: question, category, role, weight, choices[i][content|icon|weight]',
    description:
      'JSON, or multipart with `choices[i][field]` fields or `choices` as JSON text. In multipart, the icon ' +
      'of choice i may be an uploaded SVG, PNG, JPEG or WebP file `icons_i` instead of `choices[i][icon]`.',
  })
  @ZodResponse(ProfileQuestionAnswer)
  create(
    @ZodBody(NewProfileQuestionBody, FIELD_REFUSAL) body: NewProfileQuestionBody,
    @FormFiles() files: IconFile[],
    @Actor() actor: AuditActor,
  ): Promise<ProfileQuestionAnswer> {
    const { input, slots } = questionInput(
      body,
      files.map((f) => f.fieldname),
    );
    return this.icons.writer(files)((urls) => {
      urls.forEach((url, k) => (input.choices[slots[k]!]!.icon = url));
      return this.profile.create(input, actor);
    });
  }

  @RequireRole('admin')
  @Put('sortOrder')
  @ApiOperation({ summary: 'Order the questions of one category and role: a JSON array of tokens, 1-based' })
  @ZodResponse(ProfileQuestionListAnswer)
  reorder(
    @ZodBody(ProfileQuestionOrderBody, ORDER_REFUSAL) body: ProfileQuestionOrderBody,
    @Actor() actor: AuditActor,
  ): Promise<ProfileQuestionListAnswer> {
    return this.profile.reorder(body, actor);
  }

  @RequireRole('admin')
  @Put('token/:token')
  @FormBody()
  @ApiOperation({ summary: 'Change the question text, its weight, or both' })
  @ZodResponse(ProfileQuestionAnswer)
  update(
    @Param('token', TokenPipe) token: string,
    @ZodBody(ProfileQuestionChangeBody, FIELD_REFUSAL) body: ProfileQuestionChangeBody,
    @Actor() actor: AuditActor,
  ): Promise<ProfileQuestionAnswer> {
    return this.profile.update(token, questionChange(body), actor);
  }

  @RequireRole('admin')
  @Delete('token/:token')
  @ApiOperation({ summary: 'Delete a question and its choices' })
  @ZodResponse(ProfileDeletedAnswer)
  async remove(
    @Param('token', TokenPipe) token: string,
    @Actor() actor: AuditActor,
  ): Promise<ProfileDeletedAnswer> {
    await this.profile.remove(token, actor);
    return DELETED;
  }
}

/** The choices of profile questions (`consultationWeight…`): admins only. */
@ApiTags('consultationProfile')
@RequireRole('admin')
@Controller('consultationWeight')
export class ProfileChoiceController {
  constructor(
    private readonly profile: ProfileService,
    private readonly icons: LibraryIcons,
  ) {}

  @Post()
  @HttpCode(200)
  @IconFormBody(CHOICE_ICON)
  @ApiOperation({
    summary:
      'Add a choice to a question: question (token), content, icon (marker URL, or an uploaded file), weight',
  })
  @ZodResponse(ProfileChoiceAnswer)
  create(
    @ZodBody(NewProfileChoiceBody, FIELD_REFUSAL) body: NewProfileChoiceBody,
    @FormFiles() files: IconFile[],
    @Actor() actor: AuditActor,
  ): Promise<ProfileChoiceAnswer> {
    const input = choiceInput(body, files.length > 0);
    return this.icons.writer(files)(([url]) =>
      this.profile.addChoice(url === undefined ? input : { ...input, icon: url }, actor),
    );
  }

  @Put('sortOrder')
  @ApiOperation({ summary: 'Order the choices of one question: a JSON array of ids, 1-based' })
  @ZodResponse(ProfileChoiceListAnswer)
  reorder(
    @ZodBody(ProfileChoiceOrderBody, ORDER_REFUSAL) body: ProfileChoiceOrderBody,
    @Actor() actor: AuditActor,
  ): Promise<ProfileChoiceListAnswer> {
    return this.profile.reorderChoices(body, actor);
  }

  @Put('id/:id')
  @IconFormBody(CHOICE_ICON)
  @ApiOperation({
    summary: 'Change the content, weight or icon of a choice (icon: a marker URL, or an uploaded file)',
  })
  @ZodResponse(ProfileChoiceAnswer)
  update(
    @Param('id') id: string,
    @ZodBody(ProfileChoiceChangeBody, FIELD_REFUSAL) body: ProfileChoiceChangeBody,
    @FormFiles() files: IconFile[],
    @Actor() actor: AuditActor,
  ): Promise<ProfileChoiceAnswer> {
    const choice = parseId(id);
    const change = choiceChange(body, files.length > 0);
    return this.icons.writer(files)(([url]) =>
      this.profile.updateChoice(choice, url === undefined ? change : { ...change, icon: url }, actor),
    );
  }

  @Delete('id/:id')
  @ApiOperation({ summary: 'Delete a choice' })
  @ZodResponse(ProfileDeletedAnswer)
  async remove(@Param('id') id: string, @Actor() actor: AuditActor): Promise<ProfileDeletedAnswer> {
    await this.profile.removeChoice(parseId(id), actor);
    return DELETED;
  }
}
