import { Column, Entity, OneToMany, type Relation } from 'typeorm';
import type { Project } from '../../project/entities/project.entity.js';
import { Summarised } from './summarised.entity.js';

/** A consultation category: groups projects; users enrol in categories. */
@Entity({ name: 'category', schema: 'consultation' })
export class Category extends Summarised {
  @Column('boolean', { default: false })
  autosubscribe: boolean;

  @Column('text', { default: '' })
  forum_welcome_message: string;

  @OneToMany('Project', (project: Project) => project.category)
  projects: Relation<Project>[];
}
