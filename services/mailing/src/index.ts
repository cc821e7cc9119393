export { createMailingService, mailingService, mailingServiceFor } from './service.js';
export { mailingStorage } from './storage.js';
export { loadMailConfig, mailEnvSchema, type MailConfig, type MailWorkerMode } from './config.js';
export { startMailWorker, type MailWorker } from './worker-app.js';
export { MailModule, type MailModuleOptions } from './mail/mail.module.js';
export {
  MailService,
  toMailView,
  type DeliveryOutcome,
  type EnqueueMail,
  type MailView,
} from './mail/mail.service.js';
export { Mail, type MailStatus } from './mail/mail.entity.js';
export { MAIL_STATUSES } from '@agora/contracts/api';
export {
  MAIL_QUEUE,
  SEND_MAIL_JOB,
  mailMessageId,
  sendMailJobId,
  type MailJobs,
  type SendMailJob,
} from './mail/mail.jobs.js';
export { MailTemplate } from './templates/template.entity.js';
export { TemplateService, type RenderedMail } from './templates/template.service.js';
export { TemplatesModule } from './templates/templates.module.js';
export {
  escapeHtml,
  renderHtmlShortcodes,
  renderShortcodes,
  renderSubject,
  SAMPLE_VALUES,
  shortcodeValues,
  SHORTCODES,
  TEMPLATE_SHORTCODES,
  type Shortcode,
  type ShortcodeValues,
} from './templates/shortcodes.js';
export { htmlToText, sanitizeMailHtml } from './templates/html.js';
