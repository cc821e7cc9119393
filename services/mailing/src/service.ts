import type { ServiceDefinition } from '@agora/common';
import { loadInvitationConfig, loadMailConfig, type InvitationConfig, type MailConfig } from './config.js';
import { InvitationsModule } from './invitations/invitations.module.js';
import { MailModule } from './mail/mail.module.js';
import { mailingStorage } from './storage.js';
import { TemplatesModule } from './templates/templates.module.js';
import { AuditInternalModule } from './audit/audit-internal.controller.js';

/** The mailing service with its mail settings taken from `env` (SMTP_URL, MAIL_FROM, MAIL_WORKER, ...). */
export function createMailingService(env: Record<string, string | undefined>): ServiceDefinition {
  return mailingServiceFor(loadMailConfig(env), loadInvitationConfig(env));
}

export function mailingServiceFor(
  mail: MailConfig,
  invitations: InvitationConfig = loadInvitationConfig({}),
): ServiceDefinition {
  const mailModule = MailModule.forRoot(mail, { http: true, worker: mail.worker === 'inline' });
  return {
    name: 'mailing',
    title: 'Agora mailing',
    description: 'Outgoing e-mail queue, e-mail templates and invitations by mail.',
    storage: mailingStorage,
    // A mail body may hold 100,000 characters (up to ~400 KB of UTF-8), above the default JSON limit of 100 KB;
    // an invitation batch of 10,000 rows takes a few MB.
    jsonLimit: '8mb',
    modules: [
      mailModule,
      TemplatesModule,
      InvitationsModule.forRoot(invitations, mailModule),
      AuditInternalModule,
    ],
  };
}

/**
 * The mailing service with the default mail settings (SMTP on 127.0.0.1:1025, worker inline). Launchers that
 * pass an environment should use `createMailingService(env)` so that SMTP_URL and the MAIL_* settings apply.
 */
export const mailingService: ServiceDefinition = createMailingService({});
