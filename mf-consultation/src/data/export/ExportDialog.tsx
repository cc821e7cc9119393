import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Checkbox, errorMessageOf, Modal, Select, type ApiError } from '@agora/platform';
import {
  EXPORT_CRSS,
  FORMATS,
  csvtUrl,
  dictionaryUrl,
  exportFileUrl,
  startExport,
  type ExportCrs,
  type ExportFormat,
  type ExportJobRef,
  type ExportJobAnswer,
} from './exportJob';

export interface ExportDialogProps {
  /** the project's token */
  project: string;
  /** the format of the icon that opened the dialog */
  format: ExportFormat;
  /** the `within/{filter}` text of the drawn area; null when none is drawn */
  within: string | null;
  /** the project's export job, its state (once looked at) and a failure to look at it */
  job: ExportJobRef | null;
  status: ExportJobAnswer | undefined;
  statusError: ApiError | undefined;
  onStarted: (job: ExportJobRef) => void;
  /** forgets the job, for a new export */
  onReset: () => void;
  /** closes the dialog; a running job goes on */
  onClose: () => void;
}

const t = (id: string) => `consultation.data.export.${id}`;

/** A file's name without its extension (`x.csv` → `x`), so that the `.csvt` and the dictionary go with it. */
const baseName = (name: string | null) => (name ?? 'answers').replace(/\.[^.]*$/, '');

/** How far the job is: a progress bar with rows done of all and the percent, then the download or the failure. */
function JobProgress({
  project,
  job,
  status,
  statusError,
}: Pick<ExportDialogProps, 'project' | 'status' | 'statusError'> & { job: ExportJobRef }) {
  const intl = useIntl();
  const head = useRef<HTMLParagraphElement>(null);
  // the form's button that started the job is gone: the focus goes to the news
  useEffect(() => head.current?.focus(), []);
  const failure = statusError ?? (status?.state === 'failed' ? status : null);
  const percent = status?.percent ?? 0;
  return (
    <div className="cons-export-job" data-testid="export-job">
      <p ref={head} tabIndex={-1} className="cons-export-state" data-testid="export-state">
        <FormattedMessage id={t(`state.${failure ? 'failed' : (status?.state ?? 'queued')}`)} />
      </p>
      {!failure && status?.state !== 'done' && (
        <>
          <progress
            className="cons-export-progress"
            max={100}
            value={percent}
            aria-label={intl.formatMessage({ id: t('progress') })}
            data-testid="export-progress"
          />
          <p aria-live="polite" data-testid="export-rows">
            <FormattedMessage
              id={t('rows')}
              values={{ rows: status?.rows ?? 0, total: status?.total ?? 0, percent }}
            />
          </p>
        </>
      )}
      {status?.state === 'done' && (
        <>
          <p data-testid="export-rows">
            <FormattedMessage id={t('doneRows')} values={{ total: status.total }} />
          </p>
          <a
            className="ag-button ag-button-primary"
            href={exportFileUrl(job.job)}
            download={status.file_name ?? true}
            data-testid="export-download"
          >
            <FormattedMessage id={t('download')} values={{ name: status.file_name ?? '' }} />
          </a>
          {/* alongside the file: what its columns hold and, for the CSV, their types for GDAL and QGIS */}
          <ul className="cons-export-extras">
            <li>
              <a
                href={dictionaryUrl(project)}
                download={`${baseName(status.file_name)}-dictionary.json`}
                data-testid="export-dictionary"
              >
                <FormattedMessage id={t('dictionary')} />
              </a>
            </li>
            {job.format === 'csv' && (
              <li>
                <a href={csvtUrl(project)} download={`${baseName(status.file_name)}.csvt`} data-testid="export-csvt">
                  <FormattedMessage id={t('csvt')} />
                </a>
              </li>
            )}
          </ul>
        </>
      )}
      {failure && (
        <p role="alert" className="cons-export-error" data-testid="export-error">
          <FormattedMessage {...errorMessageOf(failure)} />
        </p>
      )}
    </div>
  );
}

/**
 * The export dialog: the format, the coordinate system and, when an area is drawn, "only the answers inside it";
 * then the background job's progress and its file. Closing it leaves the job running; reopening shows it again.
 */
export function ExportDialog(props: ExportDialogProps) {
  const { project, within, job, status } = props;
  const intl = useIntl();
  const [format, setFormat] = useState<ExportFormat>(props.format);
  const [crs, setCrs] = useState<ExportCrs>(4326);
  const [inside, setInside] = useState(within !== null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const id = await startExport(project, {
        output_format: format,
        crs,
        ...(inside && within !== null && { filter: within }),
      });
      props.onStarted({ job: id, format });
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  const finished = status?.state === 'done' || status?.state === 'failed' || props.statusError;
  return (
    <Modal title={<FormattedMessage id={t('title')} />} onClose={props.onClose} testId="export-dialog">
      {job ? (
        <>
          <JobProgress project={project} job={job} status={status} statusError={props.statusError} />
          <div className="ag-modal-actions">
            {finished && (
              <button type="button" className="ag-button" onClick={props.onReset} data-testid="export-again">
                <FormattedMessage id={t('again')} />
              </button>
            )}
            <button type="button" className="ag-button" onClick={props.onClose} data-testid="export-close">
              <FormattedMessage id={finished ? t('close') : t('background')} />
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="cons-export-formats">
            <legend>
              <FormattedMessage id={t('format')} />
            </legend>
            {FORMATS.map((f) => (
              <label key={f} className="cons-check">
                <input
                  type="radio"
                  name="export-format"
                  value={f}
                  checked={format === f}
                  onChange={() => setFormat(f)}
                  data-testid={`export-format-${f}`}
                />
                <FormattedMessage id={t(`formats.${f}`)} />
              </label>
            ))}
          </fieldset>
          <Select
            name="crs"
            label={<FormattedMessage id={t('crs')} />}
            value={String(crs)}
            onChange={(value) => setCrs(Number(value) as ExportCrs)}
            options={EXPORT_CRSS.map((code) => ({
              value: String(code),
              label: intl.formatMessage({ id: t(`crsNames.${code}`) }),
            }))}
          />
          {within !== null && (
            <Checkbox
              name="inside"
              label={<FormattedMessage id={t('inside')} />}
              value={inside}
              onChange={setInside}
            />
          )}
          <p className="cons-export-note" data-testid="export-keys">
            <FormattedMessage id={t('keys')} />
          </p>
          {format === 'csv' && (
            <p className="cons-export-note" data-testid="export-csv-guard">
              <FormattedMessage id={t('csvGuard')} />
            </p>
          )}
          {failure !== null && (
            <p role="alert" className="cons-export-error" data-testid="export-error">
              <FormattedMessage {...errorMessageOf(failure)} />
            </p>
          )}
          <div className="ag-modal-actions">
            <button
              type="submit"
              className="ag-button ag-button-primary"
              disabled={busy}
              data-testid="export-start"
            >
              <FormattedMessage id={t('start')} />
            </button>
            <button type="button" className="ag-button" onClick={props.onClose}>
              <FormattedMessage id={t('cancel')} />
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
