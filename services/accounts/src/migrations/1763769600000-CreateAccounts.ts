import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1763769600000 implements MigrationInterface {
  name = 'CreateAccounts1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts."user" (
        uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        firstname text NOT NULL,
        lastname text NOT NULL,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'editor', 'reviewer', 'authorized', 'guest')),
        phone text,
        address text,
        lat double precision CHECK (lat BETWEEN -90 AND 90),
        lon double precision CHECK (lon BETWEEN -180 AND 180),
        password_hash text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created timestamptz NOT NULL DEFAULT now(),
        last_login timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX user_username_key ON accounts."user" (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX user_email_key ON accounts."user" (lower(email))`);
    await q.query(`CREATE INDEX user_lastname_idx ON accounts."user" (lastname, firstname)`);
    await q.query(`
      CREATE TABLE accounts.session (
        id_hash text PRIMARY KEY,
        user_uuid uuid NOT NULL REFERENCES accounts."user"(uuid) ON DELETE CASCADE,
        created timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ip text
      )`);
    await q.query(`CREATE INDEX session_user_idx ON accounts.session (user_uuid)`);
    await q.query(`CREATE INDEX session_expires_idx ON accounts.session (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE accounts.session`);
    await q.query(`DROP TABLE accounts."user"`);
  }
}
