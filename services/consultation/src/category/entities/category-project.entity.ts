import { Column, Entity, JoinColumn, ManyToOne, OneToMany, type Point, type Relation } from 'typeorm';
import type { TitledFile, WmsService } from '@agora/contracts';
import { Summarised } from './summarised.entity.js';

// A category and its projects, the two sides of one relation, in one file so that neither entity's file imports
// the other's (category.entity.ts and project.entity.ts re-export them).

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

/** Turns Postgres `bigint` (read as a string) into a number: sizes stay far below 2^53. */
const bigintAsNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** A consultation project: a questionnaire on a map, open between two dates. */
@Entity({ name: 'project', schema: 'consultation' })
export class Project extends Summarised {
  /** `yyyy-MM-dd` */
  @Column('date')
  start_date: string;

  /** `yyyy-MM-dd`, never before `start_date` */
  @Column('date')
  end_date: string;

  /** Days after `end_date` at which the answers are detached from their people; null: never (decision 0089). */
  @Column('integer', { nullable: true })
  retention_days: number | null;

  /** When they were detached; cleared when `end_date` or `retention_days` changes (decision 0089). */
  @Column('timestamptz', { nullable: true })
  personal_links_removed_at: Date | null;

  /** Upload limit per answer file, in bytes. */
  @Column('bigint', { default: 10_485_760, transformer: bigintAsNumber })
  max_bytes: number;

  @Column('boolean', { default: false })
  active: boolean;

  @Column('boolean', { default: false })
  is_public: boolean;

  /** `yyyy-MM-dd`: when results are published, if they are. */
  @Column('date', { nullable: true })
  public_date: string | null;

  @Column('integer', { default: 14 })
  zoom: number;

  /** Map centre, GeoJSON in EPSG:4326 (coordinates `[lng, lat]`). */
  @Column('geometry', { spatialFeatureType: 'Point', srid: 4326, nullable: true })
  center: Point | null;

  /** Map layers offered on the project's map. */
  @Column('jsonb', { default: () => "'[]'::jsonb" })
  wms_services: WmsService[];

  @Column('jsonb', { default: () => "'[]'::jsonb" })
  /** Links to the legislation the project refers to. */
  legislation: TitledFile[];

  /** The open data publish the free-text answers (decision 0085). */
  @Column('boolean', { default: false })
  open_data_free_text: boolean;

  /** A deleted account's answers here are deleted too; else kept, detached from the person (decision 0088). */
  @Column('boolean', { default: false })
  erase_answers_on_account_deletion: boolean;

  /** Metres: the side of the grid cells the open data snap locations to (decision 0085). */
  @Column('integer', { default: 50 })
  open_data_grid_m: number;

  @Column('integer', { nullable: true })
  forum_topic_id: number | null;

  @Column('text', { nullable: true })
  forum_topic_url: string | null;

  @ManyToOne(() => Category, (category) => category.projects, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'category', referencedColumnName: 'token' })
  category: Relation<Category> | null;
}
