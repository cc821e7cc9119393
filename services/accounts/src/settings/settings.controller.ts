import {
  Controller,
  Get,
  HttpCode,
  Post,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Actor, AppError, Public, RequireRole, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import {
  GeneralSettingsBody,
  MessageAnswer,
  SiteSettingsAnswer,
  SiteTextsAnswer,
  SiteTextsBody,
} from '@agora/contracts/api';
import type { Request } from 'express';
import { SettingsService } from './settings.service.js';

/** 415 unless the body is JSON: checked before the body is (a guard runs before the body's schema). */
class JsonBodyGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const contentType = ctx.switchToHttp().getRequest<Request>().headers['content-type'];
    if (!contentType || !/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new AppError('ACCOUNTS.WRONG_MIMETYPE', 415, 'wrong mimemtype');
    }
    return true;
  }
}

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @ApiOperation({
    summary: 'The site settings (map and its tiles, login providers, locales, registration, geocoder)',
  })
  @Public()
  @Get()
  @ZodResponse(SiteSettingsAnswer)
  get(): Promise<SiteSettingsAnswer> {
    return this.settings.get();
  }

  @ApiOperation({ summary: 'Update the general settings (admins; JSON, any subset of the keys of GET)' })
  @RequireRole('admin')
  @Post('scope/general')
  @HttpCode(200)
  @UseGuards(JsonBodyGuard)
  @ZodResponse(MessageAnswer)
  async update(
    @ZodBody(GeneralSettingsBody, { code: 'ACCOUNTS.MISSING_PARAMETERS' }) body: GeneralSettingsBody,
    @Actor() actor: AuditActor,
  ): Promise<MessageAnswer> {
    await this.settings.updateGeneral(actor, body);
    return { message: 'settings updated' };
  }

  @ApiOperation({ summary: 'The front page texts: title and HTML body in Greek and English (everyone)' })
  @Public()
  @Get('scope/frontpage')
  @ZodResponse(SiteTextsAnswer)
  frontpage(): Promise<SiteTextsAnswer> {
    return this.settings.getTexts('frontpage');
  }

  @ApiOperation({ summary: 'The privacy policy: title and HTML body in Greek and English (everyone)' })
  @Public()
  @Get('scope/policy')
  @ZodResponse(SiteTextsAnswer)
  policy(): Promise<SiteTextsAnswer> {
    return this.settings.getTexts('policy');
  }

  @ApiOperation({ summary: 'Update the front page texts (admins; the bodies are sanitised HTML)' })
  @RequireRole('admin')
  @Post('scope/frontpage')
  @HttpCode(200)
  @UseGuards(JsonBodyGuard)
  @ZodResponse(SiteTextsAnswer, 200, 'what was stored')
  updateFrontpage(
    @ZodBody(SiteTextsBody, { code: 'ACCOUNTS.MISSING_PARAMETERS' }) body: SiteTextsBody,
    @Actor() actor: AuditActor,
  ): Promise<SiteTextsAnswer> {
    return this.settings.updateTexts(actor, 'frontpage', body);
  }

  @ApiOperation({ summary: 'Update the privacy policy (admins; the bodies are sanitised HTML)' })
  @RequireRole('admin')
  @Post('scope/policy')
  @HttpCode(200)
  @UseGuards(JsonBodyGuard)
  @ZodResponse(SiteTextsAnswer, 200, 'what was stored')
  updatePolicy(
    @ZodBody(SiteTextsBody, { code: 'ACCOUNTS.MISSING_PARAMETERS' }) body: SiteTextsBody,
    @Actor() actor: AuditActor,
  ): Promise<SiteTextsAnswer> {
    return this.settings.updateTexts(actor, 'policy', body);
  }

  @ApiOperation({ summary: 'Any other settings scope: there is none (404)' })
  @ApiParam({ name: 'scope', description: 'only general, frontpage and policy exist' })
  @ApiNotFoundResponse({ description: 'no such settings scope (ACCOUNTS.SETTINGS_SCOPE)' })
  @RequireRole('admin')
  @Post('scope/:scope')
  unknownScope(): never {
    throw AppError.notFound('unknown settings scope', 'ACCOUNTS.SETTINGS_SCOPE');
  }
}
