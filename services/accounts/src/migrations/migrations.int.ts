import { createMigrationTestBed, type MigrationTestBed } from '@agora/common/testing';
import type { DataSource } from 'typeorm';
import { accountsStorage } from '../index.js';

const TABLES = [
  'audit_anchor',
  'audit_log',
  'data_request',
  'enrolment',
  'external_identity',
  'my_data_archive',
  'oauth_request',
  'rate_limiter',
  'recovery_token',
  'results_announcement',
  'results_announcer',
  'session',
  'setting',
  'user',
];

describe('accounts migrations', () => {
  let bed: MigrationTestBed;
  let ds: DataSource;

  beforeAll(async () => {
    bed = await createMigrationTestBed(accountsStorage, 'agora_accounts_mig');
  });
  afterAll(() => bed?.close());
  const tables = () => bed.tables();
  const columns = async (table: string) =>
    (
      (await ds.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'accounts' AND table_name = $1 ORDER BY 1`,
        [table],
      )) as Array<{ column_name: string }>
    ).map((r) => r.column_name);
  /** A user; the locale column keeps its default unless `locale` is given. */
  const addUser = async (username: string, email: string, locale?: string) => {
    const rows = (await ds.query(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
       VALUES ($1, 'Μαρία', 'Παπαδάκη', $2, 'editor', 'x') RETURNING uuid::text AS uuid`,
      [username, email],
    )) as Array<{ uuid: string }>;
    const uuid = rows[0]!.uuid;
    if (locale) await ds.query(`UPDATE accounts."user" SET locale = $2 WHERE uuid = $1`, [uuid, locale]);
    return uuid;
  };

  it('run up, down one at a time and up again cleanly', async () => {
    expect(await bed.migrate()).toEqual(accountsStorage.migrations.map((m) => new m().name));
    ds = await bed.dataSource();
    expect(await tables()).toEqual(TABLES);
    expect(await columns('user')).toContain('locale');
    expect(await columns('oauth_request')).toContain('invitation');

    expect(await columns('user')).toContain('results_mail');

    // the last migration alone: the results mail's opt-in and its announcements go
    await ds.undoLastMigration({ transaction: 'each' });
    const withoutResultsMail = TABLES.filter((t) => !t.startsWith('results_'));
    expect(await tables()).toEqual(withoutResultsMail);
    expect(await columns('user')).not.toContain('results_mail');

    // the one before: the requests for one's own data go
    await ds.undoLastMigration({ transaction: 'each' });
    const withoutRequests = withoutResultsMail.filter((t) => t !== 'data_request');
    expect(await tables()).toEqual(withoutRequests);

    // the one before: the archives of one's own data go
    await ds.undoLastMigration({ transaction: 'each' });
    const withoutArchives = withoutRequests.filter((t) => t !== 'my_data_archive');
    expect(await tables()).toEqual(withoutArchives);

    // the one before: the audit log goes
    await ds.undoLastMigration({ transaction: 'each' });
    const withoutAudit = withoutArchives.filter((t) => !t.startsWith('audit_'));
    expect(await tables()).toEqual(withoutAudit);

    // the one before: an external login no longer keeps the invitation it accepts
    await ds.undoLastMigration({ transaction: 'each' });
    expect(await columns('oauth_request')).not.toContain('invitation');
    expect(await tables()).toEqual(withoutAudit);

    // the one before: the enrolments go
    await ds.undoLastMigration({ transaction: 'each' });
    const withoutEnrolments = withoutAudit.filter((t) => t !== 'enrolment');
    expect(await tables()).toEqual(withoutEnrolments);

    // the one before: the counters go back to the fixed-window table
    await ds.undoLastMigration({ transaction: 'each' });
    const fixedWindow = withoutEnrolments.map((t) => (t === 'rate_limiter' ? 'rate_limit' : t));
    expect(await tables()).toEqual(fixedWindow);
    expect(await columns('rate_limit')).toEqual(['count', 'key', 'window_start']);

    // the one before: the locale column goes, the tables stay
    await ds.undoLastMigration({ transaction: 'each' });
    expect(await columns('user')).not.toContain('locale');
    expect(await tables()).toEqual(fixedWindow);

    for (let i = 7; i < accountsStorage.migrations.length; i++)
      await ds.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual([]);
    expect(await ds.query(`SELECT count(*)::int AS n FROM accounts.migrations`)).toEqual([{ n: 0 }]);

    expect((await ds.runMigrations({ transaction: 'each' })).length).toBe(accountsStorage.migrations.length);
    expect(await tables()).toEqual(TABLES);
    expect(await columns('user')).toContain('locale');
  });

  it('keep user names and e-mails unique whatever their case, and check role, locale and coordinates', async () => {
    await addUser('maria_p', 'maria@example.org');
    await expect(addUser('Maria_P', 'other@example.org')).rejects.toMatchObject({
      driverError: { code: '23505' },
    });
    await expect(addUser('maria2', 'MARIA@example.org')).rejects.toMatchObject({
      driverError: { code: '23505' },
    });
    // account mails in Greek unless the user picks English
    expect(await ds.query(`SELECT locale FROM accounts."user" WHERE username = 'maria_p'`)).toEqual([
      { locale: 'el' },
    ]);
    await addUser('john', 'john@example.org', 'en');
    await expect(addUser('jean', 'jean@example.org', 'fr')).rejects.toMatchObject({
      driverError: { code: '23514' },
    });
    await expect(
      ds.query(
        `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash)
         VALUES ('boss', 'B', 'B', 'boss@example.org', 'superuser', 'x')`,
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await expect(
      ds.query(`UPDATE accounts."user" SET lat = 91, lon = 0 WHERE username = 'john'`),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await expect(
      ds.query(`UPDATE accounts."user" SET lat = 0, lon = 181 WHERE username = 'john'`),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
  });

  it("remove a user's sessions, recovery tokens, external identities and enrolments with the user", async () => {
    const uuid = await addUser('nikos', 'nikos@example.org');
    await ds.query(
      `INSERT INTO accounts.enrolment (category, user_uuid, role) VALUES ('5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01', $1, 'expert')`,
      [uuid],
    );
    // one enrolment per category and user
    await expect(
      ds.query(
        `INSERT INTO accounts.enrolment (category, user_uuid, role) VALUES ('5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01', $1, 'normal')`,
        [uuid],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    await ds.query(
      `INSERT INTO accounts.session (id_hash, user_uuid, expires_at) VALUES ('s1', $1, now() + interval '1 hour')`,
      [uuid],
    );
    await ds.query(
      `INSERT INTO accounts.recovery_token (token_hash, user_uuid, expires_at) VALUES ('t1', $1, now() + interval '1 hour')`,
      [uuid],
    );
    await expect(
      ds.query(
        `INSERT INTO accounts.recovery_token (token_hash, user_uuid, expires_at) VALUES ('t1', $1, now())`,
        [uuid],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    await ds.query(
      `INSERT INTO accounts.external_identity (user_uuid, provider, subject) VALUES ($1, 'google', 'g-1')`,
      [uuid],
    );
    // one account per provider subject, and only the known providers
    await expect(
      ds.query(
        `INSERT INTO accounts.external_identity (user_uuid, provider, subject) VALUES ($1, 'google', 'g-1')`,
        [uuid],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    await expect(
      ds.query(
        `INSERT INTO accounts.external_identity (user_uuid, provider, subject) VALUES ($1, 'twitter', 't-1')`,
        [uuid],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    // a session of nobody is refused
    await expect(
      ds.query(
        `INSERT INTO accounts.session (id_hash, user_uuid, expires_at)
         VALUES ('s2', '00000000-0000-4000-8000-000000000009', now())`,
      ),
    ).rejects.toMatchObject({ driverError: { code: '23503' } });

    await ds.query(`DELETE FROM accounts."user" WHERE uuid = $1`, [uuid]);
    const left = (await ds.query(
      `SELECT (SELECT count(*) FROM accounts.session WHERE user_uuid = $1)::int AS sessions,
              (SELECT count(*) FROM accounts.recovery_token WHERE user_uuid = $1)::int AS tokens,
              (SELECT count(*) FROM accounts.external_identity WHERE user_uuid = $1)::int AS identities,
              (SELECT count(*) FROM accounts.enrolment WHERE user_uuid = $1)::int AS enrolments`,
      [uuid],
    )) as unknown[];
    expect(left).toEqual([{ sessions: 0, tokens: 0, identities: 0, enrolments: 0 }]);
  });
});
