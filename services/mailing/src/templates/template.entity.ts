import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** An editable e-mail template, one row per name and locale (decisions 0004 and 0045). */
@Entity({ name: 'template', schema: 'mailing' })
@Unique('template_name_locale_unique', ['name', 'locale'])
export class MailTemplate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  locale: string;

  @Column({ type: 'text' })
  subject: string;

  /** The plain-text part; empty: generated from the HTML part when a mail is rendered (decision 0045). */
  @Column({ type: 'text' })
  body: string;

  /** The HTML part, sanitised when saved; empty: the mail is plain text only. */
  @Column({ type: 'text', default: '' })
  html: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated: Date;
}
