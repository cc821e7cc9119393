import type { ServiceStorage } from '@agora/common';
import { Mail } from './mail/mail.entity.js';
import { MailingInit1795305600000 } from './migrations/1795305600000-MailingInit.js';
import { Invitations1800100000000 } from './migrations/1800100000000-Invitations.js';
import { MailTemplatesHtml1800200000000 } from './migrations/1800200000000-MailTemplatesHtml.js';
import { MailClaimFence1800500000000 } from './migrations/1800500000000-MailClaimFence.js';
import { InvitationCancelled1800600000000 } from './migrations/1800600000000-InvitationCancelled.js';
import { AuditLog1801100000000 } from './migrations/1801100000000-AuditLog.js';
import { ResultsPublishedTemplate1801700000000 } from './migrations/1801700000000-ResultsPublishedTemplate.js';
import { MailTemplate } from './templates/template.entity.js';

/** Schema `mailing`: its entities and migrations, in order. */
export const mailingStorage: ServiceStorage = {
  schema: 'mailing',
  entities: [Mail, MailTemplate],
  migrations: [
    MailingInit1795305600000,
    Invitations1800100000000,
    MailTemplatesHtml1800200000000,
    MailClaimFence1800500000000,
    InvitationCancelled1800600000000,
    AuditLog1801100000000,
    ResultsPublishedTemplate1801700000000,
  ],
};
