import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Internal } from '@agora/common';
import { EnqueueMailDto, EnqueuedMailDto } from './mail.dto.js';
import { MailService, toMailView, type MailView } from './mail.service.js';

/** Internal API for the other services (their service identities only; never routed from /api). */
@ApiTags('internal')
@Controller('internal/mail')
export class MailController {
  constructor(private readonly mail: MailService) {}

  @Internal('accounts', 'library', 'consultation')
  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EnqueuedMailDto })
  async enqueue(@Body() body: EnqueueMailDto): Promise<EnqueuedMailDto> {
    const mail = await this.mail.enqueue(body);
    return { id: mail.id, status: mail.status };
  }

  @Internal('accounts', 'library', 'consultation')
  @Get(':id')
  @ApiOkResponse({ description: 'the mail and its delivery status' })
  async get(@Param('id', ParseUUIDPipe) id: string): Promise<MailView> {
    return toMailView(await this.mail.get(id));
  }
}
