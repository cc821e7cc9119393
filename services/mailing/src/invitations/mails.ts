import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@agora/common';
import type { EnrolRole } from '@agora/contracts';
import type { UserLocale } from '@agora/contracts/api';
import type { EntityManager } from 'typeorm';
import type { InvitationConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { MailService } from '../mail/mail.service.js';
import type { ShortcodeValues } from '../templates/shortcodes.js';
import { renderParts, TemplateService } from '../templates/template.service.js';
import { INVITATION_CONFIG } from './invitation.tokens.js';

/** A mail row to write with an invitation (or an enrolment notice) in the batch's transaction. */
export type Templates = Map<string, { subject: string; html: string; text: string }>;

/** A mail's subject, HTML and text parts from a template read by `templatesFor` (as the templates render it). */
export function renderMail(
  templates: Templates,
  name: string,
  locale: UserLocale,
  values: ShortcodeValues,
): { subject: string; text: string; html: string | null } {
  const t = templates.get(`${name}:${locale}`);
  if (!t) throw new Error(`template ${name}:${locale} not loaded`);
  return renderParts(name, t, values);
}

/** An enrolment role as the enrolment notice names it, in the mail's language. */
export const ROLE_NAMES: Record<UserLocale, Record<EnrolRole, string>> = {
  el: { expert: 'ειδικός', normal: 'συμμετέχων' },
  en: { expert: 'expert', normal: 'participant' },
};

export interface NewMailRow {
  id: string;
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export async function insertMails(m: EntityManager, mails: readonly NewMailRow[]): Promise<void> {
  if (mails.length === 0) return;
  await m.query(
    `INSERT INTO mailing.mail (id, idempotency_key, to_address, subject, text_body, html_body)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
    [
      mails.map((x) => x.id),
      mails.map((x) => x.key),
      mails.map((x) => x.to),
      mails.map((x) => x.subject),
      mails.map((x) => x.text),
      mails.map((x) => x.html),
    ],
  );
}

/** The invitations' mails: their templates, their links, their jobs. */
@Injectable()
export class InvitationMails {
  constructor(
    private readonly templates: TemplateService,
    private readonly mail: MailService,
    @Inject(INVITATION_CONFIG) private readonly config: InvitationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Adds the committed mails' jobs without holding the answer (10,000 jobs take seconds): the mails are safe in
   * the outbox, and a job that is never added is added by the worker's sweep of mails left 'queued'.
   */
  addJobsLater(ids: string[]): void {
    this.mail.addJobs(ids).catch((err: unknown) => this.logger.warn({ err }, 'mail jobs not added now'));
  }

  acceptLink(token: string): string {
    return `${this.config.publicUrl}/invitation/accept/${token}`;
  }

  /** The templates a batch needs, each read once (name:locale -> texts). */
  async templatesFor(wanted: ReadonlyArray<readonly [string, UserLocale]>): Promise<Templates> {
    const out: Templates = new Map();
    for (const [name, locale] of wanted) {
      const key = `${name}:${locale}`;
      if (out.has(key)) continue;
      const t = await this.templates.find(name, locale);
      out.set(key, { subject: t.subject, html: t.html, text: t.body });
    }
    return out;
  }
}
