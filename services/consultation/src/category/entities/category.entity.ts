import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { Project } from '../../project/entities/project.entity.js';

/** A consultation category: groups projects; users enrol in categories. */
@Entity({ name: 'category', schema: 'consultation' })
export class Category {
  @PrimaryGeneratedColumn('uuid')
  token: string;

  /** Short name, used in URLs. */
  @Column('text', { unique: true })
  mname: string;

  @Column('text')
  title: string;

  @Column('text', { default: '' })
  summary: string;

  @Column('text', { default: '' })
  summary_img: string;

  @Column('text', { default: '' })
  summary_img_alt: string;

  @Column('boolean', { default: false })
  autosubscribe: boolean;

  @Column('text', { default: '' })
  forum_welcome_message: string;

  /** 1-based position in lists. */
  @Column('integer', { default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @OneToMany('Project', (project: Project) => project.category)
  projects: Relation<Project>[];
}
