import { FormattedMessage } from 'react-intl';
import { downloadText, toCsv } from '@agora/platform';

/** The columns of the sample file: the three required ones and two category/role pairs. */
export const SAMPLE_HEADER = [
  'firstname',
  'lastname',
  'email',
  'category_1',
  'role_1',
  'category_2',
  'role_2',
];

/** The rows of the sample file: Greek and Latin names, one or two enrolments, none. */
export const SAMPLE_ROWS = [
  ['Μαρία', 'Παπαδοπούλου', 'maria.papadopoulou@example.org', 'urban', 'expert', '', ''],
  ['Γιώργος', 'Οικονόμου', 'g.oikonomou@example.org', 'urban', 'normal', 'coast', 'expert'],
  ['Anna', 'Smith', 'anna.smith@example.org', '', '', '', ''],
];

/** The sample CSV (UTF-8 with a byte order mark, so that spreadsheets read Greek). */
export function sampleCsv(): string {
  return toCsv(SAMPLE_HEADER, SAMPLE_ROWS);
}

/** The instructions tab: the CSV format and a sample file to download. */
export function InstructionsTab() {
  return (
    <div className="mb-inv-help" data-testid="invitation-instructions-tab">
      <p>
        <FormattedMessage id="members.invitations.instructions.intro" />
      </p>
      <ul>
        <li>
          <FormattedMessage id="members.invitations.instructions.required" />
        </li>
        <li>
          <FormattedMessage id="members.invitations.instructions.pairs" />
        </li>
        <li>
          <FormattedMessage id="members.invitations.instructions.other" />
        </li>
        <li>
          <FormattedMessage id="members.invitations.instructions.separators" />
        </li>
        <li>
          <FormattedMessage id="members.invitations.instructions.encoding" />
        </li>
        <li>
          <FormattedMessage id="members.invitations.instructions.existing" />
        </li>
        <li>
          <FormattedMessage id="members.invitations.instructions.limits" />
        </li>
      </ul>
      <pre className="mb-inv-sample" data-testid="invitation-sample">
        {[SAMPLE_HEADER, ...SAMPLE_ROWS].map((r) => r.join(',')).join('\n')}
      </pre>
      <button
        type="button"
        className="ag-button"
        onClick={() => downloadText('invitations-sample.csv', sampleCsv())}
        data-testid="invitation-sample-download"
      >
        <FormattedMessage id="members.invitations.instructions.download" />
      </button>
    </div>
  );
}
