import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError } from '@agora/common';
import type { DataSource } from 'typeorm';
import { MailTemplate } from './template.entity.js';
import { renderShortcodes, renderSubject, type ShortcodeValues } from './shortcodes.js';

export interface RenderedMail {
  subject: string;
  text: string;
  locale: string;
}

/** Reads the editable e-mail templates and fills in their shortcodes. */
@Injectable()
export class TemplateService {
  constructor(@InjectDataSource('mailing') private readonly ds: DataSource) {}

  /** The template in `locale`, else in Greek, else in English, else 404. */
  async find(name: string, locale: string): Promise<MailTemplate> {
    const found = await this.ds
      .getRepository(MailTemplate)
      .createQueryBuilder('t')
      .where('t.name = :name', { name })
      .orderBy(`CASE t.locale WHEN :locale THEN 0 WHEN 'el' THEN 1 WHEN 'en' THEN 2 ELSE 3 END`)
      .addOrderBy('t.locale')
      .setParameter('locale', locale)
      .getOne();
    if (!found) throw AppError.notFound('template not found', 'MAIL.TEMPLATE_NOT_FOUND');
    return found;
  }

  async render(name: string, locale: string, values: ShortcodeValues): Promise<RenderedMail> {
    const t = await this.find(name, locale);
    return {
      subject: renderSubject(t.subject, values),
      text: renderShortcodes(t.body, values),
      locale: t.locale,
    };
  }
}
