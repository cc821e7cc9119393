import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, AuditLog, changedFields, type AuditActor } from '@agora/common';
import {
  MAIL_TEMPLATE_LOCALES,
  type MailTemplateAnswer,
  type MailTemplateBody,
  type MailTemplateContent,
  type MailTemplateListAnswer,
  type MailTemplateLocale,
  type MailTemplatePreviewBody,
} from '@agora/contracts/api';
import type { DataSource } from 'typeorm';
import { htmlToText, sanitizeMailHtml } from './html.js';
import { MailTemplate } from './template.entity.js';
import {
  renderHtmlShortcodes,
  renderShortcodes,
  renderSubject,
  sampleValues,
  TEMPLATE_SHORTCODES,
  type Shortcode,
  type ShortcodeValues,
} from './shortcodes.js';

export interface RenderedMail {
  subject: string;
  text: string;
  /** null: the template has no HTML part */
  html: string | null;
  locale: string;
}

const notFound = () => AppError.notFound('template not found', 'MAIL.TEMPLATE_NOT_FOUND');

function isLocale(locale: string): locale is MailTemplateLocale {
  return (MAIL_TEMPLATE_LOCALES as readonly string[]).includes(locale);
}

/** The shortcodes of a template (a template seeded without an entry in TEMPLATE_SHORTCODES has none). */
function shortcodesOf(name: string): readonly Shortcode[] {
  return Object.hasOwn(TEMPLATE_SHORTCODES, name) ? TEMPLATE_SHORTCODES[name]! : [];
}

/** A template's parts with the values filled in: escaped in the HTML, which is sanitised once more. */
export function renderParts(
  name: string,
  parts: { subject: string; html: string; text: string },
  values: ShortcodeValues,
): { subject: string; html: string | null; text: string } {
  const names = shortcodesOf(name);
  // a paragraph left empty by a missing value (an invitation without a message) leaves no gap
  const html = parts.html.trim()
    ? sanitizeMailHtml(renderHtmlShortcodes(parts.html, values, names)).replace(/<p>\s*<\/p>\s*/g, '')
    : null;
  const text = parts.text.trim() ? renderShortcodes(parts.text, values, names) : htmlToText(html ?? '');
  return { subject: renderSubject(parts.subject, values, names), html, text };
}

/** Reads, edits and renders the e-mail templates. */
@Injectable()
export class TemplateService {
  constructor(
    @InjectDataSource('mailing') private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  private get repo() {
    return this.ds.getRepository(MailTemplate);
  }

  /** The template in `locale`, else in Greek, else in English, else 404. */
  async find(name: string, locale: string): Promise<MailTemplate> {
    const found = await this.repo
      .createQueryBuilder('t')
      .where('t.name = :name', { name })
      .orderBy(`CASE t.locale WHEN :locale THEN 0 WHEN 'el' THEN 1 WHEN 'en' THEN 2 ELSE 3 END`)
      .addOrderBy('t.locale')
      .setParameter('locale', locale)
      .getOne();
    if (!found) throw notFound();
    return found;
  }

  async render(name: string, locale: string, values: ShortcodeValues): Promise<RenderedMail> {
    const t = await this.find(name, locale);
    return {
      ...renderParts(name, { subject: t.subject, html: t.html, text: t.body }, values),
      locale: t.locale,
    };
  }

  /** Every template with its shortcodes and the locales it exists in, by name. */
  async list(): Promise<MailTemplateListAnswer> {
    const rows = await this.repo.find({ select: { name: true, locale: true }, order: { name: 'ASC' } });
    const byName = new Map<string, MailTemplateLocale[]>();
    for (const r of rows) {
      const locales = byName.get(r.name) ?? [];
      if (isLocale(r.locale)) locales.push(r.locale);
      byName.set(r.name, locales);
    }
    return [...byName].map(([name, locales]) => ({
      name,
      shortcodes: [...shortcodesOf(name)],
      locales: MAIL_TEMPLATE_LOCALES.filter((l) => locales.includes(l)),
    }));
  }

  /** Both locales of a template (a locale not written yet is empty); 404 for an unknown name. */
  async get(name: string): Promise<MailTemplateAnswer> {
    const rows = await this.repo.find({ where: { name } });
    if (rows.length === 0) throw notFound();
    const content = (locale: MailTemplateLocale): MailTemplateContent => {
      const r = rows.find((x) => x.locale === locale);
      return { subject: r?.subject ?? '', html: r?.html ?? '', text: r?.body ?? '' };
    };
    return { name, shortcodes: [...shortcodesOf(name)], el: content('el'), en: content('en') };
  }

  /**
   * Stores a locale of an existing template, its HTML sanitised, recorded in the audit log with the content
   * before and after (`templates.update`, object `template` `<name>/<locale>`); answers what was stored.
   */
  async update(
    actor: AuditActor,
    name: string,
    locale: string,
    body: MailTemplateBody,
  ): Promise<MailTemplateContent> {
    if (!isLocale(locale)) throw notFound();
    const html = sanitizeMailHtml(body.html);
    const text = body.text.trim();
    // a template whose only HTML was unsafe (all removed) and that has no plain text is not a mail
    if (!html && !text) {
      throw AppError.badRequest('MAIL.TEMPLATE_EMPTY', 'the template needs an HTML or a plain-text part');
    }
    return this.ds.transaction(async (m) => {
      const [before] = await m.query<Array<{ subject: string; html: string; text: string }>>(
        `SELECT subject, html, body AS text FROM mailing.template WHERE name = $1 AND locale = $2 FOR UPDATE`,
        [name, locale],
      );
      const saved = await m.query<Array<{ subject: string; html: string; body: string }>>(
        `INSERT INTO mailing.template (name, locale, subject, html, body, updated)
         SELECT $1, $2, $3, $4, $5, now() WHERE EXISTS (SELECT 1 FROM mailing.template WHERE name = $1)
         ON CONFLICT (name, locale)
           DO UPDATE SET subject = EXCLUDED.subject, html = EXCLUDED.html, body = EXCLUDED.body, updated = now()
         RETURNING subject, html, body`,
        [name, locale, body.subject, html, text],
      );
      const row = saved[0];
      if (!row) throw notFound();
      const after: MailTemplateContent = { subject: row.subject, html: row.html, text: row.body };
      await this.audit.record(m, actor, {
        action: 'templates.update',
        object: { type: 'template', id: `${name}/${locale}` },
        ...changedFields(before ?? null, after),
      });
      return after;
    });
  }

  /** A template as being edited, rendered with the sample values of its locale (nothing is stored). */
  async preview(body: MailTemplatePreviewBody): Promise<MailTemplateContent> {
    const exists = await this.repo.exists({ where: { name: body.name } });
    if (!exists) throw notFound();
    const parts = { subject: body.subject, html: sanitizeMailHtml(body.html), text: body.text };
    const rendered = renderParts(body.name, parts, sampleValues(body.name, body.locale));
    return { subject: rendered.subject, html: rendered.html ?? '', text: rendered.text };
  }
}
