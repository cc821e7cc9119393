import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiPath } from '@agora/contracts';
import {
  AuditFilterQuery,
  type AuditEntry,
  type AuditFilterParams,
  type AuditPageAnswer,
} from '@agora/contracts/api';
import {
  apiKey,
  client,
  DataTable,
  DateText,
  ErrorFromCall,
  Loading,
  PageHeader,
  TextField,
  useApiGet,
  type Column,
} from '@agora/platform';
import './audit.css';

/** The form's fields: text as typed; the dates are days (yyyy-MM-dd) in the browser's time zone. */
interface FilterForm {
  user: string;
  action: string;
  object_type: string;
  object_id: string;
  from: string;
  to: string;
}

const EMPTY: FilterForm = { user: '', action: '', object_type: '', object_id: '', from: '', to: '' };

/** The start of a day in the browser's time zone, as an instant (`to` is exclusive: the day after it). */
function dayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays).toISOString();
}

/** The query of the form's filled fields: the whole of `to`'s day is included. */
function queryOf(form: FilterForm): AuditFilterParams {
  const q: AuditFilterParams = {};
  for (const key of ['user', 'action', 'object_type', 'object_id'] as const) {
    const value = form[key].trim();
    if (value) q[key] = value;
  }
  if (form.from) q.from = dayStart(form.from);
  if (form.to) q.to = dayStart(form.to, 1);
  return q;
}

/** The fields the schema of the server's query refuses (the same schema the gateway checks). */
function refusedFields(query: AuditFilterParams): Set<string> {
  const checked = AuditFilterQuery.safeParse(query);
  return new Set(checked.success ? [] : checked.error.issues.map((i) => String(i.path[0])));
}

/** A change's values before and after, or a detail, as readable JSON. */
function Values({ entry }: { entry: AuditEntry }) {
  const parts = [
    ['before', entry.before],
    ['after', entry.after],
    ['detail', entry.detail],
  ] as const;
  const shown = parts.filter(([, value]) => value !== null);
  if (shown.length === 0) return null;
  return (
    <details className="mb-audit-values">
      <summary>
        <FormattedMessage id="members.audit.values" />
      </summary>
      {shown.map(([name, value]) => (
        <div key={name}>
          <div className="mb-audit-values-name">
            <FormattedMessage id={`members.audit.${name}`} />
          </div>
          <pre data-testid={`audit-${name}`}>{JSON.stringify(value, null, 2)}</pre>
        </div>
      ))}
    </details>
  );
}

/**
 * /admin/audit (admins): the services' audit logs merged, newest first, filtered by who, action, object and
 * days, a page at a time, and the same filtered log as CSV (decision 0084).
 */
export default function AuditPage() {
  const intl = useIntl();
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [applied, setApplied] = useState<AuditFilterParams>({});
  const [refused, setRefused] = useState<Set<string>>(new Set());
  const first = useApiGet('/api/audit', { params: { query: applied } });
  /** The older pages asked for with "show older entries", for the filters they were asked with. */
  const listKey = apiKey('/api/audit', { params: { query: applied } });
  const [older, setOlder] = useState<{ key: string; pages: AuditPageAnswer[] }>({ key: '', pages: [] });
  const [more, setMore] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const pages = first.data ? [first.data, ...(older.key === listKey ? older.pages : [])] : [];
  const entries = pages.flatMap((p) => p.entries);
  const next = pages.at(-1)?.next ?? null;
  const missing = [...new Set(pages.flatMap((p) => p.missing))];

  const showOlder = async () => {
    if (!next) return;
    setMore({ busy: true, error: null });
    try {
      const page = await client.GET('/api/audit', { params: { query: { ...applied, cursor: next } } });
      setOlder((o) => ({ key: listKey, pages: [...(o.key === listKey ? o.pages : []), page] }));
      setMore({ busy: false, error: null });
    } catch (error) {
      setMore({ busy: false, error });
    }
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    const query = queryOf(form);
    const wrong = refusedFields(query);
    setRefused(wrong);
    if (wrong.size === 0) setApplied(query);
  };
  const clear = () => {
    setForm(EMPTY);
    setRefused(new Set());
    setApplied({});
  };
  const field = (key: keyof FilterForm, type: 'text' | 'date' = 'text') => (
    <TextField
      name={`audit-${key}`}
      id={`audit-${key}`}
      type={type}
      label={<FormattedMessage id={`members.audit.filter.${key}`} />}
      value={form[key]}
      onChange={(value) => setForm((f) => ({ ...f, [key]: value }))}
      errorText={refused.has(key) ? intl.formatMessage({ id: `members.audit.invalid.${key}` }) : null}
    />
  );

  const columns = useMemo<Column<AuditEntry>[]>(
    () => [
      {
        key: 'at',
        header: <FormattedMessage id="members.audit.col.at" />,
        cell: (e) => <DateText value={e.at} withTime />,
      },
      {
        key: 'actor',
        header: <FormattedMessage id="members.audit.col.actor" />,
        cell: (e) =>
          e.actor.username ? (
            <>
              {e.actor.username}
              {e.actor.role && (
                <span className="mb-audit-role">
                  {' '}
                  (<FormattedMessage id={`members.role.${e.actor.role}`} defaultMessage={e.actor.role} />)
                </span>
              )}
            </>
          ) : e.actor.uuid ? (
            // a user who deleted their own account: the entry keeps no name (decision 0088)
            <span data-testid="audit-actor-unnamed">
              <FormattedMessage id="members.audit.unnamed" /> <code>{e.actor.uuid}</code>
            </span>
          ) : (
            <FormattedMessage id="members.audit.system" />
          ),
      },
      { key: 'ip', header: <FormattedMessage id="members.audit.col.ip" />, cell: (e) => e.ip ?? '' },
      {
        key: 'action',
        header: <FormattedMessage id="members.audit.col.action" />,
        cell: (e) => <code>{e.action}</code>,
      },
      {
        key: 'object',
        header: <FormattedMessage id="members.audit.col.object" />,
        cell: (e) => (
          <>
            <code>{e.object.type}</code>
            {e.object.id && <span className="mb-audit-object-id"> {e.object.id}</span>}
          </>
        ),
      },
      {
        key: 'service',
        header: <FormattedMessage id="members.audit.col.service" />,
        cell: (e) => <FormattedMessage id={`members.audit.service.${e.service}`} />,
      },
      {
        key: 'values',
        header: <FormattedMessage id="members.audit.col.values" />,
        cell: (e) => <Values entry={e} />,
      },
    ],
    [],
  );

  const csvHref = apiPath('/api/audit/csv', { query: applied });

  return (
    <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={<FormattedMessage id="members.audit.title" />}
        actions={
          <a className="ag-button" href={csvHref} download="audit.csv" data-testid="audit-csv">
            <FormattedMessage id="members.audit.csv" />
          </a>
        }
      />
      <p className="mb-audit-intro">
        <FormattedMessage id="members.audit.intro" />
      </p>
      <form className="mb-audit-filters" onSubmit={search} data-testid="audit-filters" noValidate>
        {field('user')}
        {field('action')}
        {field('object_type')}
        {field('object_id')}
        {field('from', 'date')}
        {field('to', 'date')}
        <div className="mb-audit-buttons">
          <button type="submit" className="ag-button ag-button-primary" data-testid="audit-search">
            <FormattedMessage id="members.audit.search" />
          </button>
          <button type="button" className="ag-button" onClick={clear} data-testid="audit-clear">
            <FormattedMessage id="members.audit.clear" />
          </button>
        </div>
      </form>
      {missing.length > 0 && (
        <p className="mb-audit-missing" role="alert" data-testid="audit-missing">
          <FormattedMessage
            id="members.audit.missing"
            values={{
              services: missing
                .map((s) => intl.formatMessage({ id: `members.audit.service.${s}` }))
                .join(', '),
            }}
          />
        </p>
      )}
      {first.error ? (
        <ErrorFromCall error={first.error} />
      ) : !first.data ? (
        <Loading />
      ) : (
        <>
          <DataTable
            rows={entries}
            columns={columns}
            rowKey={(e) => `${e.service}:${e.id}`}
            rowTestId="audit-row"
            caption={<FormattedMessage id="members.audit.caption" />}
            empty={<FormattedMessage id="members.audit.empty" />}
          />
          {more.error !== null && <ErrorFromCall error={more.error} />}
          {next && (
            <button
              type="button"
              className="ag-button mb-audit-more"
              disabled={more.busy}
              onClick={() => void showOlder()}
              data-testid="audit-more"
            >
              <FormattedMessage id={more.busy ? 'members.audit.loading' : 'members.audit.more'} />
            </button>
          )}
        </>
      )}
    </section>
  );
}
