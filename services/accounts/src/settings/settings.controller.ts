import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, Public, RequireRole } from '@agora/common';
import type { SiteSettings } from './settings.schema.js';
import { SettingsService } from './settings.service.js';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @ApiOperation({
    summary: 'The site settings (map and its tiles, login providers, locales, registration, geocoder)',
  })
  @Public()
  @Get()
  get(): Promise<SiteSettings> {
    return this.settings.get();
  }

  @ApiOperation({ summary: 'Update the general settings (admins; JSON, any subset of the keys of GET)' })
  @RequireRole('admin')
  @Post('scope/:scope')
  @HttpCode(200)
  async update(
    @Param('scope') scope: string,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<{ message: string }> {
    if (scope !== 'general') throw AppError.notFound('unknown settings scope', 'ACCOUNTS.SETTINGS_SCOPE');
    if (!contentType || !/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new AppError('ACCOUNTS.WRONG_MIMETYPE', 415, 'wrong mimemtype');
    }
    await this.settings.updateGeneral(body);
    return { message: 'settings updated' };
  }
}
