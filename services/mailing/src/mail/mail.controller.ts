import { Controller, HttpCode, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Internal, ZodBody, ZodResponse } from '@agora/common';
import { EnqueueMailBody, EnqueuedMailAnswer, MailAnswer } from '@agora/contracts/api';
import { MailService, toMailView } from './mail.service.js';

/**
 * The mail queue over HTTP, for operators' tools and the tests: the gateway's service identity only (the gateway
 * routes no `/internal/…` path). The services send mail through the `mail-requests` queue.
 */
@ApiTags('internal')
@Controller()
export class MailController {
  constructor(private readonly mail: MailService) {}

  @Internal('POST /internal/mail')
  @HttpCode(202)
  @ZodResponse(EnqueuedMailAnswer, 202, 'the mail is queued (or was, under its idempotency key)')
  async enqueue(@ZodBody(EnqueueMailBody) body: EnqueueMailBody): Promise<EnqueuedMailAnswer> {
    const mail = await this.mail.enqueue(body);
    return { id: mail.id, status: mail.status };
  }

  @Internal('GET /internal/mail/{id}')
  @ZodResponse(MailAnswer, 200, 'the mail and its delivery status')
  async get(@Param('id', ParseUUIDPipe) id: string): Promise<MailAnswer> {
    return toMailView(await this.mail.get(id));
  }
}
