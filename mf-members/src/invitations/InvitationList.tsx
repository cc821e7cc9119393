import { useCallback, useMemo } from 'react';
import { roleAllows } from '@agora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR, { useSWRConfig } from 'swr';
import {
  type ApiError,
  client,
  DataTable,
  DateText,
  errorMessageId,
  useConfirm,
  useNotify,
  useListQuery,
  useSession,
  type Column,
  type TablePage,
} from '@agora/platform';
import { EnrolmentText, enrolmentCsv } from './EnrolmentText';
import { StatusBadge } from './StatusBadge';
import { INVITATIONS_LIST, isInvitationsKey, type InvitationAnswer } from './types';

/**
 * The invitations sent (spec: sorted by created, newest first): search, filters accepted and with_oauth, pages,
 * each invitation's state, resending one or all those not accepted, and withdrawing or deleting one not accepted
 * (after a confirmation; administrators only, the role these routes answer).
 */
export function InvitationList() {
  const intl = useIntl();
  const notify = useNotify();
  const confirm = useConfirm();
  const { mutate } = useSWRConfig();
  const { user } = useSession();
  const mayManage = roleAllows(user?.role, 'admin');
  const table = useListQuery({ path: INVITATIONS_LIST, sort: 'created', method: 'desc' });
  const reload = useCallback(() => void mutate(isInvitationsKey), [mutate]);
  // the page the table shows (the same read, not a second call): with no invitation at all, there is nothing to
  // resend, and the button is not offered
  const { data } = useSWR<TablePage<InvitationAnswer>, ApiError>(table.listPath, table.fetchPage);
  const unfiltered = !table.query && Object.values(table.filters).every((v) => !v);
  const noInvitations = unfiltered && table.page === 1 && data?.values.length === 0;

  const resendOne = useCallback(
    async (invitation: InvitationAnswer) => {
      try {
        await client.POST('/api/invitation/id/{id}/resend', { params: { path: { id: invitation.id } } });
        notify({ type: 'success', body: intl.formatMessage({ id: 'members.invitations.resent' }, { n: 1 }) });
        reload();
      } catch (error) {
        notify({ type: 'danger', body: errorMessageId(error) });
      }
    },
    [intl, notify, reload],
  );

  const cancelOne = useCallback(
    async (invitation: InvitationAnswer) => {
      const title = intl.formatMessage(
        { id: 'members.invitations.cancel.confirm' },
        { name: `${invitation.firstname} ${invitation.lastname}`.trim(), email: invitation.email },
      );
      if (!(await confirm({ title }))) return;
      try {
        await client.POST('/api/invitation/id/{id}/cancel', { params: { path: { id: invitation.id } } });
        notify({ type: 'success', body: intl.formatMessage({ id: 'members.invitations.cancelled' }) });
        reload();
      } catch (error) {
        notify({ type: 'danger', body: errorMessageId(error) });
      }
    },
    [confirm, intl, notify, reload],
  );

  const deleteOne = useCallback(
    async (invitation: InvitationAnswer) => {
      const title = intl.formatMessage(
        { id: 'members.invitations.delete.confirm' },
        { name: `${invitation.firstname} ${invitation.lastname}`.trim(), email: invitation.email },
      );
      if (!(await confirm({ title }))) return;
      try {
        await client.DELETE('/api/invitation/id/{id}', { params: { path: { id: invitation.id } } });
        notify({ type: 'success', body: intl.formatMessage({ id: 'members.invitations.deleted' }) });
        reload();
      } catch (error) {
        notify({ type: 'danger', body: errorMessageId(error) });
      }
    },
    [confirm, intl, notify, reload],
  );

  const resendAll = async () => {
    // the shell's dialog knows only its own catalogue: the question is formatted here
    const title = intl.formatMessage({ id: 'members.invitations.resendAll.confirm' });
    if (!(await confirm({ title }))) return;
    try {
      const answer = await client.POST('/api/invitation/scope/resend');
      notify({
        type: 'success',
        body: intl.formatMessage({ id: 'members.invitations.resent' }, { n: answer.resent }),
      });
      reload();
    } catch (error) {
      notify({ type: 'danger', body: errorMessageId(error) });
    }
  };

  const columns = useMemo<Column<InvitationAnswer>[]>(
    () => [
      { key: 'firstname', header: <FormattedMessage id="members.invitations.col.firstname" />, sort: true },
      { key: 'lastname', header: <FormattedMessage id="members.invitations.col.lastname" />, sort: true },
      { key: 'email', header: <FormattedMessage id="members.invitations.col.email" />, sort: true },
      {
        key: 'enrolment',
        header: <FormattedMessage id="members.invitations.col.enrolment" />,
        cell: (i) => <EnrolmentText enrolment={i.enrolment} />,
        csv: (i) => enrolmentCsv(i.enrolment),
      },
      {
        key: 'created',
        header: <FormattedMessage id="members.invitations.col.created" />,
        sort: true,
        cell: (i) => <DateText value={i.created} withTime />,
      },
      {
        key: 'expires',
        header: <FormattedMessage id="members.invitations.col.expires" />,
        sort: true,
        cell: (i) => <DateText value={i.expires} />,
      },
      {
        key: 'with_oauth',
        header: <FormattedMessage id="members.invitations.col.with_oauth" />,
        cell: (i) => <FormattedMessage id={i.with_oauth ? 'platform.yes' : 'platform.no'} />,
      },
      {
        key: 'status',
        header: <FormattedMessage id="members.invitations.col.status" />,
        cell: (i) => <StatusBadge invitation={i} />,
      },
      {
        key: 'accepted',
        header: <FormattedMessage id="members.invitations.col.accepted" />,
        sort: true,
        cell: (i) => <DateText value={i.accepted} />,
      },
      {
        key: 'resend',
        header: <FormattedMessage id="platform.table.actions" />,
        // an accepted invitation is done with; a withdrawn one can only be deleted (a new one is sent instead)
        cell: (i) =>
          i.status === 'accepted' || !mayManage ? null : (
            <span className="mb-inv-actions">
              {i.status !== 'cancelled' && (
                <>
                  <button
                    type="button"
                    className="ag-button"
                    onClick={() => void resendOne(i)}
                    data-testid="invitation-resend"
                  >
                    <FormattedMessage id="members.invitations.resend" />
                  </button>
                  <button
                    type="button"
                    className="ag-button"
                    onClick={() => void cancelOne(i)}
                    data-testid="invitation-cancel"
                  >
                    <FormattedMessage id="members.invitations.cancel" />
                  </button>
                </>
              )}
              <button
                type="button"
                className="ag-button"
                onClick={() => void deleteOne(i)}
                data-testid="invitation-delete"
              >
                <FormattedMessage id="members.invitations.delete" />
              </button>
            </span>
          ),
        csv: () => '',
      },
    ],
    [cancelOne, deleteOne, mayManage, resendOne],
  );

  const yesNo = useMemo(
    () => [
      { value: 'true', label: intl.formatMessage({ id: 'platform.yes' }) },
      { value: 'false', label: intl.formatMessage({ id: 'platform.no' }) },
    ],
    [intl],
  );
  const filters = useMemo(
    () => [
      {
        key: 'accepted',
        label: <FormattedMessage id="members.invitations.filter.accepted" />,
        options: yesNo,
      },
      {
        key: 'with_oauth',
        label: <FormattedMessage id="members.invitations.filter.with_oauth" />,
        options: yesNo,
      },
    ],
    [yesNo],
  );

  return (
    <section className="mb-inv-list" aria-labelledby="mb-inv-list-title">
      <div className="mb-inv-list-head">
        <h2 id="mb-inv-list-title">
          <FormattedMessage id="members.invitations.list.title" />
        </h2>
        {!noInvitations && mayManage && (
          <button
            type="button"
            className="ag-button"
            onClick={() => void resendAll()}
            data-testid="invitation-resend-all"
          >
            <FormattedMessage id="members.invitations.resendAll" />
          </button>
        )}
      </div>
      <DataTable
        table={table}
        columns={columns}
        rowKey={(i) => i.id}
        rowTestId="invitation-row"
        caption={<FormattedMessage id="members.invitations.list.title" />}
        empty={<FormattedMessage id="members.invitations.list.empty" />}
        filters={filters}
        searchable
      />
    </section>
  );
}
