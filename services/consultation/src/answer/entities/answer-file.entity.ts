import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An uploaded photo or document of an answer value, served only to who may read the answer. Its bytes are an
 * object of the file store's private area (`storageKey`), or, until they are moved there, still `content`.
 */
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

  /** The checked bytes (images without their metadata) not yet moved to the store; null once they are. */
  @Column('bytea', { select: false, nullable: true })
  content: Buffer | null;

  /** The object of the checked bytes in the store's private area (`answers/<id>`). */
  @Column('text', { name: 'storage_key', nullable: true })
  storageKey: string | null;

  /** SHA-256 of the bytes (hex). */
  @Column('text', { nullable: true })
  sha256: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
