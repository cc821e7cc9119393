import type { ServiceDefinition } from '@agora/common';
import { loadMailConfig, type MailConfig } from './config.js';
import { MailModule } from './mail/mail.module.js';
import { mailingStorage } from './storage.js';
import { TemplatesModule } from './templates/templates.module.js';

/** The mailing service with its mail settings taken from `env` (SMTP_URL, MAIL_FROM, MAIL_WORKER, ...). */
export function createMailingService(env: Record<string, string | undefined>): ServiceDefinition {
  return mailingServiceFor(loadMailConfig(env));
}

export function mailingServiceFor(mail: MailConfig): ServiceDefinition {
  return {
    name: 'mailing',
    title: 'Agora mailing',
    description: 'Outgoing e-mail queue and e-mail templates (internal API).',
    storage: mailingStorage,
    // A mail body may hold 100,000 characters (up to ~400 KB of UTF-8), above the default JSON limit of 100 KB.
    jsonLimit: '1mb',
    modules: [MailModule.forRoot(mail, { http: true, worker: mail.worker === 'inline' }), TemplatesModule],
  };
}

/**
 * The mailing service with the default mail settings (SMTP on 127.0.0.1:1025, worker inline). Launchers that
 * pass an environment should use `createMailingService(env)` so that SMTP_URL and the MAIL_* settings apply.
 */
export const mailingService: ServiceDefinition = createMailingService({});
