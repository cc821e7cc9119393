import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MyDataAnswer } from '@agora/contracts/api';
import {
  apiUrl,
  client,
  DateText,
  ErrorFromCall,
  errorMessageId,
  useApiGet,
  useJobProgress,
  useNotify,
} from '@agora/platform';

const running = (a: MyDataAnswer | undefined) => a?.state === 'queued' || a?.state === 'running';

/** A request's progress, looked at every second until it has ended; then its download link or its error. */
function MyDataProgress({ job }: { job: string }) {
  const intl = useIntl();
  const { data, error } = useJobProgress(
    '/api/profile/data/{job}',
    { params: { path: { job } } },
    { ended: (next) => !running(next) },
  );
  if (error) return <ErrorFromCall error={error} />;
  if (!data) return null;
  if (data.state === 'failed')
    return (
      <p className="sh-form-error" role="alert" data-testid="my-data-failed">
        <FormattedMessage id="shell.myData.failed" />{' '}
        {data.code && <FormattedMessage id={`platform.error.${data.code}`} />}
      </p>
    );
  if (data.state === 'done')
    return (
      <p data-testid="my-data-ready">
        <a
          className="sh-button sh-button-primary"
          href={apiUrl(`profile/data/${encodeURIComponent(data.job)}/file`)}
          download={data.file_name ?? undefined}
          data-testid="my-data-download"
        >
          <FormattedMessage id="shell.myData.download" />
        </a>{' '}
        <span className="sh-muted">
          <FormattedMessage
            id="shell.myData.expires"
            values={{ date: <DateText value={data.expires} withTime /> }}
          />
        </span>
      </p>
    );
  return (
    <div aria-live="polite">
      <progress
        max={100}
        value={data.percent}
        aria-label={intl.formatMessage({ id: 'shell.myData.progress' })}
        data-testid="my-data-progress"
      />
      <p data-testid="my-data-percent">
        <FormattedMessage id="shell.myData.preparing" values={{ percent: data.percent }} />
      </p>
    </div>
  );
}

/**
 * "Download my data" on /profile (decision 0086): asks for an archive of everything the platform holds about the
 * user, shows its progress, then the link to the archive (kept for a day, for the user only).
 */
export function MyDataSection() {
  const notify = useNotify();
  // the latest request of the last day, if any
  const latest = useApiGet('/api/profile/data', {}, { revalidateOnFocus: false });
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const job = asked ?? latest.data?.latest?.job ?? null;

  async function ask() {
    setBusy(true);
    try {
      const answer = await client.POST('/api/profile/data');
      setAsked(answer.job);
    } catch (error) {
      notify({ type: 'warning', body: errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sh-panel" data-testid="my-data">
      <h2>
        <FormattedMessage id="shell.myData.title" />
      </h2>
      <p>
        <FormattedMessage id="shell.myData.text" />
      </p>
      <p>
        <button
          type="button"
          className="sh-button"
          onClick={() => void ask()}
          disabled={busy}
          data-testid="my-data-request"
        >
          <FormattedMessage id="shell.myData.request" />
        </button>
      </p>
      {job && <MyDataProgress key={job} job={job} />}
    </section>
  );
}
