import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Templates get an HTML part next to the plain-text one (decision 0045), and every mail the platform sends becomes
 * a template: the invitation's HTML part, the password recovery mail (until now written by accounts) and the
 * enrolment notice, in Greek and English.
 */

const lines = (...l: string[]) => l.join('\n');

const INVITATION_HTML: Record<'el' | 'en', string> = {
  el: lines(
    '<p>Αγαπητέ/ή [firstname] [lastname],</p>',
    '<p>Σας προσκαλούμε να συμμετάσχετε σε δημόσια διαβούλευση.</p>',
    '<p>[message]</p>',
    '<p>Για να αποδεχθείτε την πρόσκληση, ανοίξτε τον παρακάτω σύνδεσμο και επιβεβαιώστε τη διεύθυνση e-mail σας ([email]):</p>',
    '<p><a href="[link]">[link]</a></p>',
    '<p>Αν δεν περιμένατε αυτή την πρόσκληση, μπορείτε να αγνοήσετε αυτό το μήνυμα.</p>',
  ),
  en: lines(
    '<p>Dear [firstname] [lastname],</p>',
    '<p>You are invited to take part in a public consultation.</p>',
    '<p>[message]</p>',
    '<p>To accept the invitation, open the link below and confirm your e-mail address ([email]):</p>',
    '<p><a href="[link]">[link]</a></p>',
    '<p>If you were not expecting this invitation, you can ignore this e-mail.</p>',
  ),
};

interface Seed {
  name: string;
  locale: 'el' | 'en';
  subject: string;
  html: string;
  text: string;
}

const SEEDS: Seed[] = [
  {
    name: 'password_recovery',
    locale: 'el',
    subject: 'Ανάκτηση κωδικού',
    html: lines(
      '<p>Γεια σας [firstname] [lastname],</p>',
      '<p>Λάβαμε αίτημα ανάκτησης του κωδικού σας. Ορίστε νέο κωδικό με αυτόν τον σύνδεσμο:</p>',
      '<p><a href="[link]">[link]</a></p>',
      '<p>Ο σύνδεσμος ισχύει για [minutes] λεπτά και μία μόνο φορά. Αν δεν το ζητήσατε, αγνοήστε αυτό το μήνυμα.</p>',
    ),
    text: lines(
      'Γεια σας [firstname] [lastname],',
      '',
      'Λάβαμε αίτημα ανάκτησης του κωδικού σας. Ορίστε νέο κωδικό με αυτόν τον σύνδεσμο:',
      '[link]',
      'Ο σύνδεσμος ισχύει για [minutes] λεπτά και μία μόνο φορά. Αν δεν το ζητήσατε, αγνοήστε αυτό το μήνυμα.',
    ),
  },
  {
    name: 'password_recovery',
    locale: 'en',
    subject: 'Password recovery',
    html: lines(
      '<p>Hello [firstname] [lastname],</p>',
      '<p>We received a request to recover your password. Set a new password with this link:</p>',
      '<p><a href="[link]">[link]</a></p>',
      '<p>The link is valid for [minutes] minutes and once only. If you did not ask for it, ignore this message.</p>',
    ),
    text: lines(
      'Hello [firstname] [lastname],',
      '',
      'We received a request to recover your password. Set a new password with this link:',
      '[link]',
      'The link is valid for [minutes] minutes and once only. If you did not ask for it, ignore this message.',
    ),
  },
  {
    name: 'enrolment',
    locale: 'el',
    subject: 'Εγγραφή στη διαβούλευση «[category]»',
    html: lines(
      '<p>Αγαπητέ/ή [firstname] [lastname],</p>',
      '<p>Εγγραφήκατε στη διαβούλευση «[category]» με ρόλο: [role].</p>',
      '<p>Μπορείτε να συμμετάσχετε από τον παρακάτω σύνδεσμο, αφού συνδεθείτε με τον λογαριασμό σας:</p>',
      '<p><a href="[link]">[link]</a></p>',
    ),
    text: lines(
      'Αγαπητέ/ή [firstname] [lastname],',
      '',
      'Εγγραφήκατε στη διαβούλευση «[category]» με ρόλο: [role].',
      '',
      'Μπορείτε να συμμετάσχετε από τον παρακάτω σύνδεσμο, αφού συνδεθείτε με τον λογαριασμό σας:',
      '[link]',
    ),
  },
  {
    name: 'enrolment',
    locale: 'en',
    subject: 'Enrolled in the consultation “[category]”',
    html: lines(
      '<p>Dear [firstname] [lastname],</p>',
      '<p>You have been enrolled in the consultation “[category]” with the role: [role].</p>',
      '<p>You can take part through the link below once logged in with your account:</p>',
      '<p><a href="[link]">[link]</a></p>',
    ),
    text: lines(
      'Dear [firstname] [lastname],',
      '',
      'You have been enrolled in the consultation “[category]” with the role: [role].',
      '',
      'You can take part through the link below once logged in with your account:',
      '[link]',
    ),
  },
];

export class MailTemplatesHtml1800200000000 implements MigrationInterface {
  name = 'MailTemplatesHtml1800200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mailing.template ADD COLUMN html text NOT NULL DEFAULT ''`);
    for (const [locale, html] of Object.entries(INVITATION_HTML)) {
      // only the invitation as first installed: an edited one keeps what its administrator wrote
      await q.query(
        `UPDATE mailing.template SET html = $2 WHERE name = 'invitation' AND locale = $1 AND html = ''`,
        [locale, html],
      );
    }
    for (const t of SEEDS) {
      await q.query(
        `INSERT INTO mailing.template (name, locale, subject, html, body) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name, locale) DO NOTHING`,
        [t.name, t.locale, t.subject, t.html, t.text],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mailing.template WHERE name IN ('password_recovery', 'enrolment')`);
    await q.query(`ALTER TABLE mailing.template DROP COLUMN html`);
  }
}
