import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The notice mailed to an existing user whom an invitation CSV enrols instead of inviting (decision 0043). */
const ENROLMENT = [
  {
    locale: 'el',
    subject: 'Εγγραφή σε δημόσια διαβούλευση',
    body: [
      'Αγαπητέ/ή [firstname] [lastname],',
      '',
      'Ο λογαριασμός σας ([email]) εγγράφηκε για συμμετοχή σε δημόσια διαβούλευση.',
      '',
      '[message]',
      '',
      'Συνδεθείτε με τα στοιχεία του λογαριασμού σας για να συμμετάσχετε:',
      '[link]',
    ].join('\n'),
  },
  {
    locale: 'en',
    subject: 'You have been enrolled in a public consultation',
    body: [
      'Dear [firstname] [lastname],',
      '',
      'Your account ([email]) has been enrolled to take part in a public consultation.',
      '',
      '[message]',
      '',
      'Log in with your account to take part:',
      '[link]',
    ].join('\n'),
  },
];

/**
 * Invitations by mail (decision 0043): one row per invited person, its link kept only as the SHA-256 of the
 * random token, its mail the outbox row `mail_id` (the latest one when resent). `enrolment` holds
 * `[{category (token), mname, role}]`. The indexes serve the list's sorts, its search and its filters, the
 * pending-invitation look-up of a CSV's addresses, and the progress of a batch.
 */
export class Invitations1800100000000 implements MigrationInterface {
  name = 'Invitations1800100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mailing.invitation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL,
        firstname text NOT NULL,
        lastname text NOT NULL,
        email text NOT NULL,
        locale text NOT NULL,
        message text NOT NULL DEFAULT '',
        enrolment jsonb NOT NULL DEFAULT '[]'::jsonb,
        with_oauth boolean NOT NULL DEFAULT false,
        batch uuid NOT NULL,
        mail_id uuid NULL,
        created timestamptz NOT NULL DEFAULT now(),
        expires timestamptz NOT NULL,
        accepted timestamptz NULL,
        user_uuid uuid NULL,
        created_by uuid NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz NULL,
        CONSTRAINT invitation_token_hash_unique UNIQUE (token_hash),
        CONSTRAINT invitation_locale_check CHECK (locale IN ('el', 'en')),
        CONSTRAINT invitation_enrolment_check CHECK (jsonb_typeof(enrolment) = 'array'),
        CONSTRAINT invitation_mail_fkey FOREIGN KEY (mail_id) REFERENCES mailing.mail (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX invitation_created_idx ON mailing.invitation (created, id)`);
    await q.query(`CREATE INDEX invitation_email_idx ON mailing.invitation (lower(email))`);
    await q.query(`CREATE INDEX invitation_lastname_idx ON mailing.invitation (lower(lastname))`);
    await q.query(`CREATE INDEX invitation_firstname_idx ON mailing.invitation (lower(firstname))`);
    await q.query(`CREATE INDEX invitation_expires_idx ON mailing.invitation (expires)`);
    await q.query(`CREATE INDEX invitation_accepted_idx ON mailing.invitation (accepted)`);
    await q.query(`CREATE INDEX invitation_batch_idx ON mailing.invitation (batch)`);
    await q.query(`CREATE INDEX invitation_mail_idx ON mailing.invitation (mail_id)`);
    await q.query(
      `CREATE INDEX invitation_pending_email_idx ON mailing.invitation (lower(email), expires) WHERE accepted IS NULL`,
    );
    for (const t of ENROLMENT) {
      await q.query(
        `INSERT INTO mailing.template (name, locale, subject, body) VALUES ('enrolment', $1, $2, $3)
         ON CONFLICT ON CONSTRAINT template_name_locale_unique DO NOTHING`,
        [t.locale, t.subject, t.body],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mailing.template WHERE name = 'enrolment'`);
    await q.query(`DROP TABLE mailing.invitation`);
  }
}
