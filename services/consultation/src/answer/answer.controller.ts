import {
  Controller,
  Delete,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CurrentUser,
  FormFiles,
  LoggedIn,
  MultipartBody,
  ZodBody,
  ZodQuery,
  ZodResponse,
} from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import {
  AnswerLayerQuery,
  AnswerValuesChangeBody,
  AnswerVariablesAnswer,
  ChoiceAnswer,
  ChoiceGeometryBody,
  ChoiceLayerAnswer,
  ChoiceListAnswer,
  ChoiceValuesAnswer,
  DeletedChoiceAnswer,
  NewAnswerValuesBody,
  NewChoiceBody,
  VariableValuesAnswer,
} from '@agora/contracts/api';
import { AreaFilterPipe, type AreaFilter, ApiAreaFilter, WITHIN } from '../analytics/area-filter.js';
import { ProfileChoicePipe } from '../analytics/profile-choice.pipe.js';
import { FormBody } from '../http/form.js';
import { TokenPipe } from '../http/params.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { VariableService } from '../variable/variable.service.js';
import { AnswerReadsService } from './answer-reads.service.js';
import type { AnswerFilePart } from './answer-file-check.js';
import { AnswerValuesService } from './answer-values.service.js';
import { AnswerWritesService } from './answer-writes.service.js';
import { ChoiceReadsService } from './choice-reads.service.js';

/** The largest answer file the form reads (the top of a project's max_bytes); the real limit is checked after. */
export const ANSWER_FILE_MAX_BYTES = 100 * 1024 * 1024;

/** The values form: `values[i][…]` fields and the files `resource_i` of photo and document values. */
const ValuesForm = () =>
  MultipartBody({
    files: [
      {
        name: (field) => /^resource_[0-9]{1,2}$/.test(field),
        // a variable takes at most one photo and one document
        maxCount: 2,
        maxBytes: ANSWER_FILE_MAX_BYTES,
      },
    ],
    fields: 100,
    fieldSize: 2 * 1024 * 1024,
    refusal: 'files are accepted only as resource_i',
    // streamed to temporary files, never held in memory: the checked ones go on to the file store
    spool: true,
  });

/** Answers (choices) and their values: logged-in users enrolled in the category, or staff reading. */
@ApiTags('answers')
@LoggedIn()
@Controller()
export class AnswerController {
  constructor(
    private readonly writes: AnswerWritesService,
    private readonly values: AnswerValuesService,
    private readonly choices: ChoiceReadsService,
    private readonly reads: AnswerReadsService,
    private readonly variables: VariableService,
  ) {}

  @Post('data/scope/attribute')
  @FormBody()
  @ApiOperation({
    summary: 'A new answer to an attribute: its geometry (GeoJSON, EPSG:4326) or {predefined: id}',
    description:
      'Enrolled participants while the project is open; the geometry must be of the attribute’s type (else the ' +
      'topic’s), intersect the topic boundary (points inside it) and stay within max_geom of the attribute and topic.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'A key of 1 to 255 visible ASCII characters (a UUID, say) that makes the request safe to send again: the ' +
      'same key with the same body answers the answer it made (201, `Idempotent-Replayed: true`) and makes no ' +
      'other; the same key with another body is 422 CONSULTATION.IDEMPOTENCY_KEY_REUSED',
  })
  @ZodResponse(ChoiceAnswer, 201, 'Created')
  async create(
    @ZodBody(NewChoiceBody, FIELD_REFUSAL) body: NewChoiceBody,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChoiceAnswer> {
    const made = await this.writes.create(body, user, idempotencyKeyOf(idempotencyKey));
    if (made.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return made.answer;
  }

  @Put('data/scope/attribute/choice/:choice')
  @FormBody()
  @ApiOperation({ summary: 'Move (allow_drag: a translation) or reshape (allow_resize) your answer' })
  @ZodResponse(ChoiceAnswer)
  move(
    @Param('choice', TokenPipe) choice: string,
    @ZodBody(ChoiceGeometryBody, FIELD_REFUSAL) body: ChoiceGeometryBody,
    @CurrentUser() user: SessionUser,
  ): Promise<ChoiceAnswer> {
    return this.writes.move(choice, body, user);
  }

  @Delete('data/scope/attribute/choice/:choice')
  @ApiOperation({ summary: 'Delete your answer (with its values and files) while the project is open' })
  @ZodResponse(DeletedChoiceAnswer)
  async remove(
    @Param('choice', TokenPipe) choice: string,
    @CurrentUser() user: SessionUser,
  ): Promise<DeletedChoiceAnswer> {
    await this.writes.remove(choice, user);
    return { message: 'data deleted' };
  }

  @Get('choice/token/:token')
  @ApiOperation({ summary: 'One answer' })
  @ZodResponse(ChoiceAnswer)
  choice(@Param('token', TokenPipe) token: string, @CurrentUser() user: SessionUser): Promise<ChoiceAnswer> {
    return this.choices.choice(token, user);
  }

  @Get('data/scope/answers/choice/:choice')
  @ApiOperation({ summary: 'An answer and the values of its variables' })
  @ZodResponse(ChoiceValuesAnswer)
  choiceValues(
    @Param('choice', TokenPipe) choice: string,
    @CurrentUser() user: SessionUser,
  ): Promise<ChoiceValuesAnswer> {
    return this.choices.choiceValues(choice, user);
  }

  @Post('data/scope/variable')
  @ValuesForm()
  @ApiOperation({
    summary:
      'The first values of one variable of your answer: values[i][variable_type|value|location], files resource_i',
  })
  @ZodResponse(VariableValuesAnswer, 201, 'Created')
  createValues(
    @ZodBody(NewAnswerValuesBody, FIELD_REFUSAL) body: NewAnswerValuesBody,
    @FormFiles() files: AnswerFilePart[],
    @CurrentUser() user: SessionUser,
  ): Promise<VariableValuesAnswer> {
    return this.values.writeValues(body, files, user, 'new');
  }

  @Put('data/scope/variable/choice/:choice/variable/:variable')
  @ValuesForm()
  @ApiOperation({ summary: 'Change the values sent (only the changed ones; an empty value is removed)' })
  @ZodResponse(VariableValuesAnswer)
  changeValues(
    @Param('choice', TokenPipe) choice: string,
    @Param('variable', TokenPipe) variable: string,
    @ZodBody(AnswerValuesChangeBody, FIELD_REFUSAL) body: AnswerValuesChangeBody,
    @FormFiles() files: AnswerFilePart[],
    @CurrentUser() user: SessionUser,
  ): Promise<VariableValuesAnswer> {
    return this.values.writeValues({ ...body, choice, variable }, files, user, 'change');
  }

  // multipart forms override the method: POST with _method=PUT
  @Post('data/scope/variable/choice/:choice/variable/:variable')
  @HttpCode(200)
  @ValuesForm()
  @ApiOperation({ summary: 'The same as PUT, for a multipart form sent with _method=PUT' })
  @ZodResponse(VariableValuesAnswer)
  changeValuesByPost(
    @Param('choice', TokenPipe) choice: string,
    @Param('variable', TokenPipe) variable: string,
    @ZodBody(AnswerValuesChangeBody, FIELD_REFUSAL) body: AnswerValuesChangeBody,
    @FormFiles() files: AnswerFilePart[],
    @CurrentUser() user: SessionUser,
  ): Promise<VariableValuesAnswer> {
    return this.values.writeValues({ ...body, choice, variable }, files, user, 'change');
  }

  @Get('data/scope/file/:id')
  @ApiOperation({ summary: 'A photo or document of an answer, to who may read that answer' })
  @ApiProduces('image/*', 'application/pdf', 'application/octet-stream')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  @Header('Cache-Control', 'private, no-store')
  async file(@Param('id', TokenPipe) id: string, @CurrentUser() user: SessionUser): Promise<StreamableFile> {
    const file = await this.choices.file(id, user);
    return new StreamableFile(file.stream, {
      type: file.mime,
      length: file.size,
      disposition: `${file.mime.startsWith('image/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    });
  }

  @Get([
    'data/scope/geojson/project/:project',
    'data/scope/geojson/project/:project/within/:filter',
    'data/scope/geojson/project/:project/profile/:profile',
    'data/scope/geojson/project/:project/profile/:profile/within/:filter',
  ])
  @ApiAreaFilter()
  @ApiOperation({
    summary:
      'The answers with geometry of a project: layer mine, all or top (by likes); narrowed (experts and staff) to ' +
      'the participants who gave one profile answer, to a drawn area, or both',
    description: WITHIN,
  })
  // the profile answer is optional in the handler, so its type says nothing to Swagger: named here (the paths
  // without it drop it, services/common/src/http/openapi.ts)
  @ApiParam({ name: 'profile', type: Number })
  @ZodResponse(ChoiceLayerAnswer)
  layer(
    @Param('project') project: string,
    @Param('profile', ProfileChoicePipe) profile: number | undefined,
    @Param('filter', AreaFilterPipe) filter: AreaFilter | null,
    @ZodQuery(AnswerLayerQuery, FIELD_REFUSAL) query: AnswerLayerQuery,
    @CurrentUser() user: SessionUser,
  ): Promise<ChoiceLayerAnswer> {
    return this.reads.layer(project, user, query.layer, {
      filter,
      ...(profile !== undefined ? { profile } : {}),
    });
  }

  @Get('data/scope/choices/project/:project')
  @ApiOperation({ summary: 'The answers without geometry of a project: layer mine, all or top' })
  @ZodResponse(ChoiceListAnswer)
  withoutGeometry(
    @Param('project') project: string,
    @ZodQuery(AnswerLayerQuery, FIELD_REFUSAL) query: AnswerLayerQuery,
    @CurrentUser() user: SessionUser,
  ): Promise<ChoiceListAnswer> {
    return this.reads.withoutGeometry(project, user, query.layer);
  }

  @Get('variable/attribute/:attribute/case/map')
  @ApiOperation({ summary: 'The visible variables of an attribute, for its answer form' })
  @ZodResponse(AnswerVariablesAnswer)
  async variablesOf(
    @Param('attribute', TokenPipe) attribute: string,
    @CurrentUser() user: SessionUser,
  ): Promise<AnswerVariablesAnswer> {
    const token = await this.reads.formAttribute(attribute, user);
    return (await this.variables.ofAttribute(token)).filter((v) => v.is_visible);
  }
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The `Idempotency-Key` header's value, checked; absent: undefined. */
function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header))
    throw ValidationErrors.invalidField(
      'Idempotency-Key',
      'a key of 1 to 255 visible ASCII characters',
      'invalid',
    );
  return header;
}
