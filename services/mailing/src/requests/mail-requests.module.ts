import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { MAIL_REQUESTS_QUEUE } from '@agora/common';
import { TemplateService } from '../templates/template.service.js';
import { mailRequestsProcessorFor } from './mail-requests.processor.js';

/**
 * The consumer of the `mail-requests` queue. Imported by MailModule (which holds the BullMQ root connection
 * and MailService); the processor finds MailService through the module graph, and renders template requests with
 * its own TemplateService (the worker-only process has no templates' HTTP module).
 */
@Module({})
export class MailRequestsModule {
  static forRoot(concurrency: number): DynamicModule {
    return {
      module: MailRequestsModule,
      imports: [BullModule.registerQueue({ name: MAIL_REQUESTS_QUEUE })],
      providers: [mailRequestsProcessorFor(concurrency), TemplateService],
    };
  }
}
