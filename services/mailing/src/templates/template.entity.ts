import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** An editable e-mail template, one row per name and locale (decision 0004). */
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

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated: Date;
}
