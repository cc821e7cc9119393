import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { InvitationSendAnswer, InvitationValidateAnswer } from '@agora/contracts/api';
import {
  client,
  DataTable,
  errorMessageId,
  Pagination,
  useConfirm,
  useNotify,
  useSettings,
  type Column,
} from '@agora/platform';
import { EnrolmentText } from './EnrolmentText';
import type { InvitationReportRow, UploadState } from './types';

/** Which rows of the report are shown. */
const SHOWN = ['all', 'invalid', 'invite', 'enrol'] as const;
type Shown = (typeof SHOWN)[number];

function isShown(row: InvitationReportRow, shown: Shown): boolean {
  if (shown === 'invalid') return !row.valid;
  if (shown === 'invite') return row.valid && row.invite;
  if (shown === 'enrol') return row.valid && !row.invite;
  return true;
}

/** Rows of the report shown at once (a file may have 10,000). */
export const REPORT_PAGE_SIZE = 50;

/** The rows with errors first, then the existing users, then the invitations; by line within each. */
export function reportOrder(rows: readonly InvitationReportRow[]): InvitationReportRow[] {
  const rank = (r: InvitationReportRow) => (!r.valid ? 0 : !r.invite ? 1 : 2);
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line);
}

/** A report row's comment: the translation of its code (`platform.error.<CODE>`). */
function CommentText({ code }: { code: string | null }) {
  if (!code) return null;
  return <FormattedMessage id={errorMessageId({ code })} />;
}

export interface ReportProps {
  report: InvitationValidateAnswer;
  upload: UploadState;
  /** after a send: the batch whose progress to show */
  onSent: (answer: InvitationSendAnswer) => void;
}

/**
 * The dry run's report: its counts, a row per CSV line (errors first, filterable) and the send buttons, enabled
 * with at least one valid row and confirmed with the counts. Sending posts the valid rows; the server checks
 * them again.
 */
export function Report({ report, upload, onSent }: ReportProps) {
  const intl = useIntl();
  const notify = useNotify();
  const confirm = useConfirm();
  const shownId = useId();
  const [shown, setShown] = useState<Shown>('all');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const { summary } = report;
  const rows = useMemo(
    () => reportOrder(report.values).filter((r) => isShown(r, shown)),
    [report.values, shown],
  );
  const totalPages = Math.ceil(rows.length / REPORT_PAGE_SIZE);
  const pageRows = rows.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE);

  const columns = useMemo<Column<InvitationReportRow>[]>(
    () => [
      { key: 'line', header: <FormattedMessage id="members.invitations.report.line" /> },
      {
        key: 'name',
        header: <FormattedMessage id="members.invitations.col.name" />,
        cell: (r) => `${r.firstname} ${r.lastname}`.trim(),
      },
      { key: 'email', header: <FormattedMessage id="members.invitations.col.email" /> },
      {
        key: 'enrolment',
        header: <FormattedMessage id="members.invitations.col.enrolment" />,
        cell: (r) => <EnrolmentText enrolment={r.enrolment} />,
      },
      {
        key: 'valid',
        header: <FormattedMessage id="members.invitations.report.valid" />,
        cell: (r) => <FormattedMessage id={r.valid ? 'platform.yes' : 'platform.no'} />,
      },
      {
        key: 'invite',
        header: <FormattedMessage id="members.invitations.report.invite" />,
        cell: (r) => <FormattedMessage id={r.valid && r.invite ? 'platform.yes' : 'platform.no'} />,
      },
      {
        key: 'comment',
        header: <FormattedMessage id="members.invitations.report.comment" />,
        cell: (r) => <CommentText code={r.comment} />,
      },
    ],
    [],
  );

  const { settings } = useSettings();
  /** "send with OAuth" only when the site has an external login the accept page can offer */
  const externalLogins =
    settings.isOpenAuthEnabled || settings.isGoogleAuthEnabled || settings.isFacebookAuthEnabled;

  const send = async (withOAuth: boolean) => {
    const question = intl.formatMessage(
      { id: 'members.invitations.send.confirm' },
      { invite: summary.invite, enrol: summary.enrol, invalid: summary.invalid },
    );
    if (!(await confirm({ title: question }))) return;
    setBusy(true);
    try {
      const body = {
        message: upload.message,
        locale: upload.locale,
        rows: report.values
          .filter((r) => r.valid)
          .map(({ firstname, lastname, email, enrolment }) => ({ firstname, lastname, email, enrolment })),
      };
      const answer = await client.POST(
        withOAuth ? '/api/invitation/scope/sendWithOAuth' : '/api/invitation/scope/send',
        { body },
      );
      // the shell shows notifications with its own catalogue: the remote's text is formatted here
      notify({
        type: 'success',
        body: intl.formatMessage(
          { id: 'members.invitations.sent' },
          { invited: answer.invited, enrolled: answer.enrolled, skipped: answer.skipped },
        ),
      });
      onSent(answer);
    } catch (error) {
      notify({ type: 'danger', body: errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  };

  const canSend = summary.valid > 0 && !busy;
  return (
    <section className="mb-inv-report" data-testid="invitation-report" aria-labelledby="mb-inv-report-title">
      <h2 id="mb-inv-report-title">
        <FormattedMessage id="members.invitations.report.title" />
      </h2>
      <ul className="mb-inv-summary" data-testid="invitation-summary">
        {(['rows', 'valid', 'invite', 'enrol', 'invalid'] as const).map((k) => (
          <li key={k} data-testid={`summary-${k}`}>
            <FormattedMessage id={`members.invitations.summary.${k}`} values={{ n: summary[k] }} />
          </li>
        ))}
      </ul>
      <div className="ag-field mb-inv-shown">
        <label htmlFor={shownId} className="ag-field-label">
          <FormattedMessage id="members.invitations.report.show" />
        </label>
        <select
          id={shownId}
          className="ag-input"
          value={shown}
          onChange={(e) => {
            setShown(e.target.value as Shown);
            setPage(1);
          }}
        >
          {SHOWN.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage({ id: `members.invitations.report.show.${s}` })}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        rows={pageRows}
        columns={columns}
        rowKey={(r) => String(r.line)}
        rowTestId="report-row"
        caption={<FormattedMessage id="members.invitations.report.title" />}
        empty={<FormattedMessage id="members.invitations.report.empty" />}
      />
      <Pagination page={page} totalPages={totalPages} onPage={setPage} />
      <div className="mb-inv-actions">
        <button
          type="button"
          className="ag-button ag-button-primary"
          disabled={!canSend}
          onClick={() => void send(false)}
          data-testid="invitation-send"
        >
          <FormattedMessage id="members.invitations.send" />
        </button>
        {externalLogins && (
          <button
            type="button"
            className="ag-button"
            disabled={!canSend}
            onClick={() => void send(true)}
            data-testid="invitation-send-oauth"
          >
            <FormattedMessage id="members.invitations.sendWithOAuth" />
          </button>
        )}
      </div>
    </section>
  );
}
