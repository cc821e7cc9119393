import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The invitation e-mail as first installed (decision 0004); administrators edit it afterwards. */
const INVITATION = [
  {
    locale: 'el',
    subject: 'Πρόσκληση συμμετοχής σε δημόσια διαβούλευση',
    body: [
      'Αγαπητέ/ή [firstname] [lastname],',
      '',
      'Σας προσκαλούμε να συμμετάσχετε σε δημόσια διαβούλευση.',
      '',
      '[message]',
      '',
      'Για να αποδεχθείτε την πρόσκληση, ανοίξτε τον παρακάτω σύνδεσμο και επιβεβαιώστε τη διεύθυνση e-mail σας ([email]):',
      '[link]',
      '',
      'Αν δεν περιμένατε αυτή την πρόσκληση, μπορείτε να αγνοήσετε αυτό το μήνυμα.',
    ].join('\n'),
  },
  {
    locale: 'en',
    subject: 'Invitation to take part in a public consultation',
    body: [
      'Dear [firstname] [lastname],',
      '',
      'You are invited to take part in a public consultation.',
      '',
      '[message]',
      '',
      'To accept the invitation, open the link below and confirm your e-mail address ([email]):',
      '[link]',
      '',
      'If you were not expecting this invitation, you can ignore this e-mail.',
    ].join('\n'),
  },
];

export class MailingInit1795305600000 implements MigrationInterface {
  name = 'MailingInit1795305600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mailing.mail (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idempotency_key text NULL,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NULL,
        status text NOT NULL DEFAULT 'queued',
        attempts integer NOT NULL DEFAULT 0,
        last_error text NULL,
        message_id text NULL,
        created timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz NULL,
        CONSTRAINT mail_idempotency_key_unique UNIQUE (idempotency_key),
        CONSTRAINT mail_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'uncertain')),
        CONSTRAINT mail_attempts_check CHECK (attempts >= 0)
      )`);
    await q.query(`CREATE INDEX mail_status_created_idx ON mailing.mail (status, created)`);
    await q.query(`
      CREATE TABLE mailing.template (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        locale text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        updated timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT template_name_locale_unique UNIQUE (name, locale)
      )`);
    for (const t of INVITATION) {
      await q.query(
        `INSERT INTO mailing.template (name, locale, subject, body) VALUES ('invitation', $1, $2, $3)`,
        [t.locale, t.subject, t.body],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mailing.template`);
    await q.query(`DROP TABLE mailing.mail`);
  }
}
