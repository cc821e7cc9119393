import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An uploaded photo or document of an answer value; its bytes are kept here, served only to who may read them. */
@Entity({ name: 'answer_file', schema: 'consultation' })
@Index('answer_file_answer_idx', ['answer'])
export class AnswerFile {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  owner: string;

  @Column('uuid')
  answer: string;

  @Column('uuid')
  variable: string;

  /** The name it was uploaded with. */
  @Column('text')
  name: string;

  /** The type its bytes prove (image/jpeg, application/pdf, …). */
  @Column('text')
  mime: string;

  @Column('integer')
  bytes: number;

  /** The checked bytes (images without their metadata); select it only to serve the file. */
  @Column('bytea', { select: false })
  content: Buffer;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
