import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UploadedFiles } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoggedIn, RequireRole } from '@agora/common';
import type { ProfileChoiceWire, ProfileQuestionWire } from '@agora/contracts';
import { FormBody } from '../http/form.js';
import { IconFormBody, LibraryIcons, type IconFile } from '../http/icons.js';
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
  parseNewQuestionWithIcons,
  parseQuestionChange,
  parseRole,
  parseTokenOrder,
  choiceIconIndex,
  MAX_CHOICES,
} from './profile.input.js';
import { ProfileService } from './profile.service.js';

const DELETED = { message: 'data deleted' } as const;

/** Profile forms: text fields of at most 256 kB; a new question's choice icons in `icons_i`, a choice's in `icon`. */
const QUESTION_ICONS = {
  accepts: (field: string) => choiceIconIndex(field) !== null,
  files: MAX_CHOICES,
  fields: 200,
  fieldSize: 256 * 1024,
};
const CHOICE_ICON = { ...QUESTION_ICONS, accepts: (field: string) => field === 'icon', files: 1 };

/**
 * Consultation-profile questions (docs/decisions/0012-profile-threads-social.md): admins write; every
 * logged-in user reads a category's questions (participants answer them).
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
  @IconFormBody(QUESTION_ICONS)
  @ApiOperation({
    summary: 'Add a question: question, category, role, weight, choices[i][content|icon|weight]',
    description:
      'JSON, or multipart with `choices[i][field]` fields or `choices` as JSON text. In multipart, the icon ' +
      'of choice i may be an uploaded SVG, PNG, JPEG or WebP file `icons_i` instead of `choices[i][icon]`.',
  })
  @ApiBody({ type: ProfileQuestionForm })
  @ApiOkResponse({ type: ProfileQuestionResponse })
  create(@Body() body: unknown, @UploadedFiles() files?: IconFile[]): Promise<ProfileQuestionWire> {
    const { input, slots } = parseNewQuestionWithIcons(
      body,
      (files ?? []).map((f) => f.fieldname),
    );
    return this.icons.writer(files)((urls) => {
      urls.forEach((url, k) => (input.choices[slots[k]!]!.icon = url));
      return this.profile.create(input);
    });
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
  @ApiBody({ type: ProfileChoiceForm })
  @ApiOkResponse({ type: ProfileChoiceResponse })
  create(@Body() body: unknown, @UploadedFiles() files?: IconFile[]): Promise<ProfileChoiceWire> {
    const input = parseNewChoice(body, !!files?.length);
    return this.icons.writer(files)(([url]) =>
      this.profile.addChoice(url === undefined ? input : { ...input, icon: url }),
    );
  }

  @Put('sortOrder')
  @ApiOperation({ summary: 'Order the choices of one question: a JSON array of ids, 1-based' })
  @ApiBody({ schema: ID_ORDER_SCHEMA })
  @ApiOkResponse({ type: [ProfileChoiceResponse] })
  reorder(@Body() body: unknown): Promise<ProfileChoiceWire[]> {
    return this.profile.reorderChoices(parseIdOrder(body));
  }

  @Put('id/:id')
  @IconFormBody(CHOICE_ICON)
  @ApiOperation({
    summary: 'Change the content, weight or icon of a choice (icon: a marker URL, or an uploaded file)',
  })
  @ApiBody({ type: ProfileChoiceChangeForm })
  @ApiOkResponse({ type: ProfileChoiceResponse })
  update(
    @Param('id') id: string,
    @Body() body: unknown,
    @UploadedFiles() files?: IconFile[],
  ): Promise<ProfileChoiceWire> {
    const choice = parseId(id);
    const change = parseChoiceChange(body, !!files?.length);
    return this.icons.writer(files)(([url]) =>
      this.profile.updateChoice(choice, url === undefined ? change : { ...change, icon: url }),
    );
  }

  @Delete('id/:id')
  @ApiOperation({ summary: 'Delete a choice' })
  async remove(@Param('id') id: string): Promise<typeof DELETED> {
    await this.profile.removeChoice(parseId(id));
    return DELETED;
  }
}
