import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Actor, RequireRole, ZodBody, ZodResponse, type AuditActor } from '@agora/common';
import {
  MailTemplateAnswer,
  MailTemplateBody,
  MailTemplateContent,
  MailTemplateListAnswer,
  MailTemplatePreviewAnswer,
  MailTemplatePreviewBody,
} from '@agora/contracts/api';
import { TemplateService } from './template.service.js';

const INVALID = { code: 'MAIL.TEMPLATE_INVALID' } as const;

/** The e-mail templates' editor (administrators; decisions 0004 and 0045). */
@ApiTags('mailTemplate')
@Controller('mailTemplate')
export class TemplateController {
  constructor(private readonly templates: TemplateService) {}

  @ApiOperation({ summary: 'Every e-mail template, its shortcodes and locales' })
  @RequireRole('admin')
  @Get()
  @ZodResponse(MailTemplateListAnswer)
  list(): Promise<MailTemplateListAnswer> {
    return this.templates.list();
  }

  @ApiOperation({ summary: 'One e-mail template in Greek and in English' })
  @ApiParam({ name: 'name', example: 'invitation' })
  @ApiNotFoundResponse({ description: 'no such template (MAIL.TEMPLATE_NOT_FOUND)' })
  @RequireRole('admin')
  @Get('name/:name')
  @ZodResponse(MailTemplateAnswer)
  get(@Param('name') name: string): Promise<MailTemplateAnswer> {
    return this.templates.get(name);
  }

  @ApiOperation({ summary: 'Save one locale of an e-mail template (the HTML is sanitised)' })
  @ApiParam({ name: 'name', example: 'invitation' })
  @ApiParam({ name: 'locale', enum: ['el', 'en'] })
  @ApiNotFoundResponse({ description: 'no such template or locale (MAIL.TEMPLATE_NOT_FOUND)' })
  @RequireRole('admin')
  @Put('name/:name/locale/:locale')
  @ZodResponse(MailTemplateContent, 200, 'what was stored')
  update(
    @Param('name') name: string,
    @Param('locale') locale: string,
    @ZodBody(MailTemplateBody, INVALID) body: MailTemplateBody,
    @Actor() actor: AuditActor,
  ): Promise<MailTemplateContent> {
    return this.templates.update(actor, name, locale, body);
  }

  @ApiOperation({ summary: 'Render a template as being edited with sample values (nothing is stored)' })
  @ApiNotFoundResponse({ description: 'no such template (MAIL.TEMPLATE_NOT_FOUND)' })
  @RequireRole('admin')
  @Post('preview')
  @HttpCode(200)
  @ZodResponse(MailTemplatePreviewAnswer)
  preview(
    @ZodBody(MailTemplatePreviewBody, INVALID) body: MailTemplatePreviewBody,
  ): Promise<MailTemplatePreviewAnswer> {
    return this.templates.preview(body);
  }
}
