import { useCallback, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { ENROL_ROLES, isRole, ROLES, type EnrolRole } from '@agora/contracts';
import { client, DataTable, errorMessageId, PageHeader, useNotify, type Column } from '@agora/platform';
import { personColumns, roleColumn } from '../common/columns';
import '../common/people.css';
import { ActiveCategoryLine, ActiveCategoryPage, useCategoryTable } from './activeCategory';
import { CANDIDATES_LIST, type CandidateRow } from './types';
import './members.css';

const ROLE_FILTER = 'core.users.role';

/** The page of the active category, or the prompt without one. */
export default function EnrollPage({ basePath = '' }: { basePath?: string }) {
  return (
    <ActiveCategoryPage
      basePath={basePath}
      titleId="members.enroll.title"
      render={(category) => <EnrollIn basePath={basePath} token={category.token} title={category.title} />}
    />
  );
}

/**
 * /admin/administration/enroll[/{role}]: the users not enrolled in the active category (searchable, filtered by
 * their site role), chosen with check boxes (all of a page at once) and enrolled together with one enrolment role
 * (`POST enrolment {category, uuids, role}`).
 */
function EnrollIn({ basePath, token, title }: { basePath: string; token: string; title: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const { mutate } = useSWRConfig();
  const roleId = useId();
  const table = useCategoryTable(CANDIDATES_LIST, token, ROLE_FILTER, isRole);
  // the rows the table shows (the same SWR entry as the table's), for "select all on this page"
  const { data } = useSWR(table.listPath, table.fetchPage, { keepPreviousData: true });
  const pageRows = useMemo(() => data?.values ?? [], [data]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [enrolRole, setEnrolRole] = useState<EnrolRole>('normal');
  const [busy, setBusy] = useState(false);

  const toggle = useCallback(
    (uuid: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(uuid)) next.add(uuid);
        return next;
      }),
    [],
  );
  const allOnPage = pageRows.length > 0 && pageRows.every((r) => selected.has(r.uuid));
  const toggleAll = useCallback(
    () =>
      setSelected((s) => {
        const next = new Set(s);
        for (const r of pageRows) {
          if (allOnPage) next.delete(r.uuid);
          else next.add(r.uuid);
        }
        return next;
      }),
    [allOnPage, pageRows],
  );

  const enrol = async () => {
    if (selected.size === 0) return;
    setBusy(true);
    try {
      const answer = await client.POST('/api/enrolment', {
        body: { category: token, uuids: [...selected], role: enrolRole },
      });
      const enrolled = answer && 'enrolled' in answer ? answer.enrolled : selected.size;
      notify({
        type: 'success',
        body: intl.formatMessage({ id: 'members.enroll.done' }, { count: enrolled }),
      });
      setSelected(new Set());
      // the enrolled users leave this list (and join the members')
      await mutate((key) => typeof key === 'string' && key.startsWith(`/api/enrolment/category/${token}/`));
    } catch (err) {
      notify({ type: 'danger', body: errorMessageId(err) });
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<Column<CandidateRow>[]>(
    () => [
      {
        key: 'select',
        header: (
          <input
            type="checkbox"
            checked={allOnPage}
            onChange={toggleAll}
            disabled={pageRows.length === 0}
            aria-label={intl.formatMessage({ id: 'members.enroll.selectPage' })}
            data-testid="enroll-select-page"
          />
        ),
        cell: (u) => (
          <input
            type="checkbox"
            checked={selected.has(u.uuid)}
            onChange={() => toggle(u.uuid)}
            aria-label={intl.formatMessage({ id: 'members.enroll.select' }, { username: u.username })}
            data-testid="enroll-select"
          />
        ),
      },
      ...personColumns<CandidateRow>(),
      roleColumn<CandidateRow>(),
    ],
    [allOnPage, intl, pageRows.length, selected, toggle, toggleAll],
  );

  const filters = useMemo(
    () => [
      {
        key: ROLE_FILTER,
        label: <FormattedMessage id="members.users.filter.role" />,
        options: ROLES.map((r) => ({ value: r, label: intl.formatMessage({ id: `members.role.${r}` }) })),
      },
    ],
    [intl],
  );

  return (
    <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={<FormattedMessage id="members.enroll.title" />}
        actions={
          <Link
            className="ag-button"
            to={`${basePath}/admin/administration/members`}
            data-testid="enroll-members"
          >
            <FormattedMessage id="members.members.title" />
          </Link>
        }
      />
      <ActiveCategoryLine title={title} />
      <div
        className="mb-enroll-bar"
        role="group"
        aria-label={intl.formatMessage({ id: 'members.enroll.bar' })}
      >
        <label htmlFor={roleId}>
          <FormattedMessage id="members.enroll.role" />
        </label>
        <select
          id={roleId}
          className="ag-input"
          value={enrolRole}
          onChange={(e) => setEnrolRole(e.target.value as EnrolRole)}
          data-testid="enroll-role"
        >
          {ENROL_ROLES.map((r) => (
            <option key={r} value={r}>
              {intl.formatMessage({ id: `members.enrolRole.${r}` })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="ag-button ag-button-primary"
          disabled={selected.size === 0 || busy}
          onClick={() => void enrol()}
          data-testid="enroll-submit"
        >
          <FormattedMessage id="members.enroll.submit" values={{ count: selected.size }} />
        </button>
      </div>
      <div className="mb-people mb-members mb-enroll-list">
        <DataTable
          table={table}
          columns={columns}
          rowKey={(u) => u.uuid}
          rowTestId="candidate-row"
          caption={<FormattedMessage id="members.enroll.caption" />}
          empty={<FormattedMessage id="members.enroll.empty" />}
          filters={filters}
          searchable
        />
      </div>
    </section>
  );
}
