import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { DataRequestAnswer, DataRequestKind } from '@agora/contracts/api';
import {
  DataTable,
  DateText,
  ErrorFromCall,
  Loading,
  PageHeader,
  Select,
  useApiGet,
  type Column,
} from '@agora/platform';
import './requests.css';

/** The counts a finished deletion shows, in this order (the others stay in the server's answer). */
const SHOWN_COUNTS = [
  'erased_answers',
  'detached_answers',
  'files',
  'profile_answers',
  'enrolments',
] as const;

function Counts({ request }: { request: DataRequestAnswer }) {
  const shown = SHOWN_COUNTS.filter((k) => request.counts[k] !== undefined);
  if (shown.length === 0) return null;
  return (
    <ul className="mb-requests-counts">
      {shown.map((k) => (
        <li key={k}>
          <FormattedMessage id={`members.requests.count.${k}`} values={{ count: request.counts[k] }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/users/requests (admins): the requests for one's own data, exports and deletions of accounts (decision
 * 0088), newest first, a page at a time: when, by whom, their state and counts, never their content; a deleted
 * account's request names no one.
 */
export default function DataRequestsPage({ basePath }: { basePath: string }) {
  const intl = useIntl();
  const [kind, setKind] = useState<'' | DataRequestKind>('');
  const [page, setPage] = useState(1);
  const query = { page, ...(kind ? { kind } : {}) };
  const list = useApiGet('/api/users/data-requests', { params: { query } });

  const columns = useMemo<Column<DataRequestAnswer>[]>(
    () => [
      {
        key: 'requested',
        header: <FormattedMessage id="members.requests.col.requested" />,
        cell: (r) => <DateText value={r.requested} withTime />,
      },
      {
        key: 'kind',
        header: <FormattedMessage id="members.requests.col.kind" />,
        cell: (r) => <FormattedMessage id={`members.requests.kind.${r.kind}`} />,
      },
      {
        key: 'user',
        header: <FormattedMessage id="members.requests.col.user" />,
        cell: (r) =>
          r.user ? (
            <>
              {r.user.name} <span className="mb-requests-username">({r.user.username})</span>
            </>
          ) : (
            <span data-testid="request-deleted-user">
              <FormattedMessage id="members.requests.deletedUser" />
            </span>
          ),
      },
      {
        key: 'requested_by',
        header: <FormattedMessage id="members.requests.col.by" />,
        cell: (r) => <FormattedMessage id={`members.requests.by.${r.requested_by}`} />,
      },
      {
        key: 'state',
        header: <FormattedMessage id="members.requests.col.state" />,
        cell: (r) => (
          <>
            <FormattedMessage id={`members.requests.state.${r.state}`} />
            {r.code && (
              <span className="mb-requests-code">
                {' '}
                (<FormattedMessage id={`platform.error.${r.code}`} defaultMessage={r.code} />)
              </span>
            )}
          </>
        ),
      },
      {
        key: 'finished',
        header: <FormattedMessage id="members.requests.col.finished" />,
        cell: (r) => (r.finished ? <DateText value={r.finished} withTime /> : ''),
      },
      {
        key: 'counts',
        header: <FormattedMessage id="members.requests.col.counts" />,
        cell: (r) => <Counts request={r} />,
      },
    ],
    [],
  );

  return (
    <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={<FormattedMessage id="members.requests.title" />}
        actions={
          <Link className="ag-button" to={`${basePath}/admin/users/list`} data-testid="requests-users">
            <FormattedMessage id="members.requests.users" />
          </Link>
        }
      />
      <p className="mb-requests-intro">
        <FormattedMessage id="members.requests.intro" />
      </p>
      <div className="mb-requests-filter">
        <Select
          name="requests-kind"
          id="requests-kind"
          label={<FormattedMessage id="members.requests.filter.kind" />}
          value={kind}
          onChange={(value) => {
            setKind(value as '' | DataRequestKind);
            setPage(1);
          }}
          options={(['all', 'export', 'deletion'] as const).map((k) => ({
            value: k === 'all' ? '' : k,
            label: intl.formatMessage({ id: `members.requests.kind.${k}` }),
          }))}
        />
      </div>
      {list.error ? (
        <ErrorFromCall error={list.error} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          <DataTable
            rows={list.data.values}
            columns={columns}
            rowKey={(r) => r.id}
            rowTestId="request-row"
            caption={<FormattedMessage id="members.requests.caption" />}
            empty={<FormattedMessage id="members.requests.empty" />}
          />
          {list.data.total_pages > 1 && (
            <nav className="mb-requests-pages" aria-label="pages">
              <button
                type="button"
                className="ag-button"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
                data-testid="requests-newer"
              >
                <FormattedMessage id="members.requests.newer" />
              </button>
              <span data-testid="requests-page">
                <FormattedMessage
                  id="members.requests.page"
                  values={{ page: list.data.page, pages: list.data.total_pages }}
                />
              </span>
              <button
                type="button"
                className="ag-button"
                disabled={page >= list.data.total_pages}
                onClick={() => setPage((p) => p + 1)}
                data-testid="requests-older"
              >
                <FormattedMessage id="members.requests.older" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
