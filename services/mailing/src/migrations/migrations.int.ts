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
    expect(await tables()).toEqual(['invitation', 'mail', 'template']);

    for (let i = 0; i < mailingStorage.migrations.length; i++)
      await ds.undoLastMigration({ transaction: 'each' });
    expect(await tables()).toEqual([]);

    expect((await ds.runMigrations({ transaction: 'each' })).length).toBe(mailingStorage.migrations.length);
    expect(await tables()).toEqual(['invitation', 'mail', 'template']);
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

  it('seed the invitation template in Greek and English with its shortcodes', async () => {
    const templates = new TemplateService(ds);
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

    expect((await templates.render('invitation', 'fr', values)).locale).toBe('el');
    await expect(templates.render('missing', 'el', values)).rejects.toMatchObject({
      status: 404,
      code: 'MAIL.TEMPLATE_NOT_FOUND',
    });
  });
});
