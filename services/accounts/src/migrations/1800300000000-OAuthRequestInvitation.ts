import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An external login started from an invitation's accept page keeps the invitation's token until the provider
 * answers (docs/decisions/0047-invitations-with-external-login.md).
 */
export class OAuthRequestInvitation1800300000000 implements MigrationInterface {
  name = 'OAuthRequestInvitation1800300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.oauth_request ADD COLUMN invitation text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE accounts.oauth_request DROP COLUMN invitation`);
  }
}
