import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Geometry } from 'typeorm';

/** Turns Postgres `bigint` (read as a string) into a number: feature ids stay far below 2^53. */
const bigintAsNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** One answer of a user to an attribute (the spec's "choice"), with its geometry on the map, if any. */
@Entity({ name: 'answer', schema: 'consultation' })
@Index('answer_attribute_owner_idx', ['attribute', 'owner'])
@Index('answer_node_owner_idx', ['node', 'owner'])
@Index('answer_project_idx', ['project', 'created', 'token'])
export class Answer {
  @PrimaryGeneratedColumn('uuid')
  token: string;

  @Column('uuid')
  project: string;

  /** The topic. */
  @Column('uuid')
  node: string;

  @Column('uuid')
  attribute: string;

  /** The user who answered. */
  @Column('uuid')
  owner: string;

  /** EPSG:4326; null for an attribute without geometry. */
  @Index('answer_geom_gist', { spatial: true })
  @Column('geometry', { srid: 4326, nullable: true })
  geom: Geometry | null;

  /** The attribute_feature (predefined) it was copied from. */
  @Column('bigint', { nullable: true, transformer: bigintAsNumber })
  predefined: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated: Date;

  /** The `Idempotency-Key` its owner's client sent with the request that made it (decision 0092), or null. */
  @Column('text', { name: 'idempotency_key', nullable: true, select: false })
  idempotencyKey: string | null;

  /** The SHA-256 of that request's body (attribute, topic, geometry), so a reused key with another body is refused. */
  @Column('text', { name: 'idempotency_digest', nullable: true, select: false })
  idempotencyDigest: string | null;
}
