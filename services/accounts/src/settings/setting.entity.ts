import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One site setting (the keys of `SiteSettings`); absent keys take their defaults. */
@Entity({ name: 'setting', schema: 'accounts' })
export class Setting {
  @PrimaryColumn('text')
  key: string;

  @Column('jsonb')
  value: unknown;
}
