import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail telling a participant who opted in that a project they answered has published its results
 * (docs/decisions/0090-results-mail.md), in Greek and English, editable on the templates screen like the others.
 */

const lines = (...l: string[]) => l.join('\n');

const SEEDS = [
  {
    locale: 'el',
    subject: 'Δημοσιεύθηκαν τα αποτελέσματα: «[project]»',
    html: lines(
      '<p>Αγαπητέ/ή [firstname] [lastname],</p>',
      '<p>Τα αποτελέσματα της διαβούλευσης «[project]» ([category]), στην οποία συμμετείχατε, είναι πλέον δημόσια:</p>',
      '<p><a href="[link]">[link]</a></p>',
      '<p>Λαμβάνετε αυτό το μήνυμα επειδή το ζητήσατε στο προφίλ σας. Μπορείτε να το απενεργοποιήσετε εκεί: <a href="[profile]">[profile]</a></p>',
    ),
    text: lines(
      'Αγαπητέ/ή [firstname] [lastname],',
      '',
      'Τα αποτελέσματα της διαβούλευσης «[project]» ([category]), στην οποία συμμετείχατε, είναι πλέον δημόσια:',
      '[link]',
      '',
      'Λαμβάνετε αυτό το μήνυμα επειδή το ζητήσατε στο προφίλ σας. Μπορείτε να το απενεργοποιήσετε εκεί: [profile]',
    ),
  },
  {
    locale: 'en',
    subject: 'Results published: “[project]”',
    html: lines(
      '<p>Dear [firstname] [lastname],</p>',
      '<p>The results of the consultation “[project]” ([category]), which you answered, are now public:</p>',
      '<p><a href="[link]">[link]</a></p>',
      '<p>You receive this e-mail because you asked for it on your profile. You can turn it off there: <a href="[profile]">[profile]</a></p>',
    ),
    text: lines(
      'Dear [firstname] [lastname],',
      '',
      'The results of the consultation “[project]” ([category]), which you answered, are now public:',
      '[link]',
      '',
      'You receive this e-mail because you asked for it on your profile. You can turn it off there: [profile]',
    ),
  },
] as const;

export class ResultsPublishedTemplate1801700000000 implements MigrationInterface {
  name = 'ResultsPublishedTemplate1801700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const t of SEEDS) {
      await q.query(
        `INSERT INTO mailing.template (name, locale, subject, html, body) VALUES ('results_published', $1, $2, $3, $4)
         ON CONFLICT (name, locale) DO NOTHING`,
        [t.locale, t.subject, t.html, t.text],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mailing.template WHERE name = 'results_published'`);
  }
}
