import { AuditLog, DEFAULT_AUDIT_RETENTION_DAYS } from '@agora/common';
import { createMigrationTestBed, type MigrationTestBed } from '@agora/common/testing';
import type { DataSource } from 'typeorm';
import { mailingStorage } from '../storage.js';
import { TemplateService } from '../templates/template.service.js';

describe('mailing migrations', () => {
  let bed: MigrationTestBed;
  let ds: DataSource;

  beforeAll(async () => {
    bed = await createMigrationTestBed(mailingStorage, 'agora_mailing_mig');
  });
  afterAll(() => bed?.close());
  const tables = () => bed.tables();

  it('run up, down and up again cleanly', async () => {
    expect(await bed.migrate()).toEqual(mailingStorage.migrations.map((m) => new m().name));
    ds = await bed.dataSource();
    expect(await tables()).toEqual(['audit_anchor', 'audit_log', 'invitation', 'mail', 'template']);

    for (let i = 0; i < mailingStorage.migrations.length; i++)
      await ds.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual([]);

    expect((await ds.runMigrations({ transaction: 'each' })).length).toBe(mailingStorage.migrations.length);
    expect(await tables()).toEqual(['audit_anchor', 'audit_log', 'invitation', 'mail', 'template']);
  });

  it('match the entities (nothing left for TypeORM to synchronise)', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('enforce the mail status, unique idempotency keys and one template per name and locale', async () => {
    await expect(
      ds.query(
        `INSERT INTO mailing.mail (to_address, subject, text_body, status) VALUES ('a@b.c', 's', 't', 'lost')`,
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await ds.query(
      `INSERT INTO mailing.mail (to_address, subject, text_body, idempotency_key) VALUES ('a@b.c', 's', 't', 'k')`,
    );
    await expect(
      ds.query(
        `INSERT INTO mailing.mail (to_address, subject, text_body, idempotency_key) VALUES ('a@b.c', 's', 't', 'k')`,
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
    // Mails without a key are not limited.
    await ds.query(
      `INSERT INTO mailing.mail (to_address, subject, text_body) VALUES ('a@b.c', 's', 't'), ('a@b.c', 's', 't')`,
    );
    const [row] = (await ds.query(
      `SELECT status, attempts, id::text AS id FROM mailing.mail WHERE idempotency_key = 'k'`,
    )) as Array<{ status: string; attempts: number; id: string }>;
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 0,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await expect(
      ds.query(
        `INSERT INTO mailing.template (name, locale, subject, body) VALUES ('invitation', 'el', 's', 'b')`,
      ),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
  });

  it('keep a withdrawn invitation (never also accepted) and a withdrawn mail, and undo them', async () => {
    const insert = (cancelled: string | null, accepted: string | null) =>
      ds.query(
        `INSERT INTO mailing.invitation (token_hash, firstname, lastname, email, locale, batch, expires, cancelled,
                                         accepted)
         VALUES (md5(random()::text), 'W', 'W', 'w@example.org', 'en', gen_random_uuid(), now(), $1, $2)
         RETURNING id::text`,
        [cancelled, accepted],
      ) as Promise<Array<{ id: string }>>;
    const [withdrawn] = await insert('2026-12-01T10:00:00Z', null);
    await insert(null, '2026-12-01T10:00:00Z');
    await expect(insert('2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z')).rejects.toMatchObject({
      driverError: { code: '23514' },
    });
    const [mail] = (await ds.query(
      `INSERT INTO mailing.mail (to_address, subject, text_body, status) VALUES ('w@example.org', 's', 't', 'cancelled')
       RETURNING id::text`,
    )) as Array<{ id: string }>;

    // the results template's migration, the audit log's, then the withdrawal's
    await ds.undoLastMigration({ transaction: 'each' });
    await ds.undoLastMigration({ transaction: 'each' });
    await ds.undoLastMigration({ transaction: 'each' });
    const columns = (await ds.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'mailing' AND table_name = 'invitation'`,
    )) as Array<{ column_name: string }>;
    expect(columns.map((c) => c.column_name)).not.toContain('cancelled');
    // the withdrawn mail stays final (never sent) under the statuses of before
    expect(await ds.query(`SELECT status FROM mailing.mail WHERE id = $1`, [mail!.id])).toEqual([
      { status: 'bounced' },
    ]);
    await ds.runMigrations({ transaction: 'each' });
    expect(await ds.query(`SELECT cancelled FROM mailing.invitation WHERE id = $1`, [withdrawn!.id])).toEqual(
      [{ cancelled: null }],
    );
    await ds.query(`DELETE FROM mailing.invitation`);
  });

  it('seed the results mail in Greek and English, and remove it on undo', async () => {
    const names = async () =>
      (
        (await ds.query(
          `SELECT locale FROM mailing.template WHERE name = 'results_published' ORDER BY locale`,
        )) as Array<{ locale: string }>
      ).map((r) => r.locale);
    expect(await names()).toEqual(['el', 'en']);
    await ds.undoLastMigration({ transaction: 'each' });
    expect(await names()).toEqual([]);
    await ds.runMigrations({ transaction: 'each' });
    expect(await names()).toEqual(['el', 'en']);
  });

  it('seed the invitation template in Greek and English with its shortcodes', async () => {
    const templates = new TemplateService(ds, new AuditLog(ds, 'mailing', DEFAULT_AUDIT_RETENTION_DAYS));
    const values = {
      firstname: 'Μαρία',
      lastname: 'Παπαδοπούλου',
      email: 'maria@example.org',
      link: 'https://agora.example.org/invitation/accept/abc123',
      message: 'Welcome to the consultation.',
    };
    const el = await templates.render('invitation', 'el', values);
    expect(el.locale).toBe('el');
    expect(el.subject).toBe('Πρόσκληση συμμετοχής σε δημόσια διαβούλευση');
    expect(el.text).toContain('Αγαπητέ/ή Μαρία Παπαδοπούλου,');
    expect(el.text).toContain('(maria@example.org):\nhttps://agora.example.org/invitation/accept/abc123');
    expect(el.text).toContain('Welcome to the consultation.');
    expect(el.text).not.toMatch(/\[(firstname|lastname|email|link|message)\]/);

    const en = await templates.render('invitation', 'en', { ...values, message: '' });
    expect(en.subject).toBe('Invitation to take part in a public consultation');
    expect(en.text).toMatch(/^Dear Μαρία Παπαδοπούλου,\n\nYou are invited/);
    expect(en.text).not.toMatch(/\n\n\n/);
    // the HTML part: values escaped, no empty paragraph where the message would be
    expect(en.html).toContain('<p>Dear Μαρία Παπαδοπούλου,</p>\n<p>You are invited');
    expect(en.html).toContain('<a href="https://agora.example.org/invitation/accept/abc123">');
    expect(en.html).not.toContain('<p></p>');
    expect(el.html).toContain('<p>Welcome to the consultation.</p>');

    expect((await templates.render('invitation', 'fr', values)).locale).toBe('el');
    await expect(templates.render('missing', 'el', values)).rejects.toMatchObject({
      status: 404,
      code: 'MAIL.TEMPLATE_NOT_FOUND',
    });
  });
});
