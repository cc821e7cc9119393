import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { Point } from 'typeorm';

/**
 * One value of an answer: per answer, variable and value kind, in the column of its type (text, number, date,
 * list, file, location; a geometric kind's features as their FeatureCollection text, decision 0056), so that statistics, filters and exports read typed values.
 */
@Entity({ name: 'answer_value', schema: 'consultation' })
@Unique('answer_value_key', ['answer', 'variable', 'kind'])
@Index('answer_value_variable_idx', ['variable', 'kind'])
export class AnswerValue {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('uuid')
  answer: string;

  @Column('uuid')
  variable: string;

  /** The value kind (VALUE_TYPES, GEOMETRY_VALUE_TYPES). */
  @Column('text')
  kind: string;

  /** radio: the label; text, string: the text; resource: the address; geom_*: the FeatureCollection text. */
  @Column('text', { nullable: true })
  text_value: string | null;

  @Column('numeric', { nullable: true })
  number_value: string | null;

  /** `yyyy-MM-dd` */
  @Column('date', { nullable: true })
  date_value: string | null;

  /** checkbox: the labels; library: the item uuids. */
  @Column('text', { array: true, nullable: true })
  list_value: string[] | null;

  /** photo, document: the answer_file. */
  @Column('uuid', { nullable: true })
  file: string | null;

  /** resource: the address's location. */
  @Index('answer_value_location_gist', { spatial: true })
  @Column('geometry', { spatialFeatureType: 'Point', srid: 4326, nullable: true })
  location: Point | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated: Date;
}
