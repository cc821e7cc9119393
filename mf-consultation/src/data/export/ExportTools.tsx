import { useState } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAtom, useAtomValue } from 'jotai';
import { areaFilterAtom, withinOf } from '../areaFilter';
import { ExportDialog } from './ExportDialog';
import { exportJobsAtom, FORMATS, isFinished, useExportJob, type ExportFormat, type ExportJobRef } from './exportJob';
import '../data.css';

/** The icon of a format: a map pin for GeoJSON, a table for CSV (drawn, so that no font is needed). */
function FormatIcon({ format }: { format: ExportFormat }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {format === 'geojson' ? (
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
        />
      ) : (
        <path
          fill="currentColor"
          d="M3 4h18v16H3V4zm2 2v3h6V6H5zm8 0v3h6V6h-6zm-8 5v3h6v-3H5zm8 0v3h6v-3h-6zm-8 5v2h6v-2H5zm8 0v2h6v-2h-6z"
        />
      )}
    </svg>
  );
}

/**
 * The export icons of the data screen (GeoJSON, CSV) for experts and staff, over the map: each opens the export
 * dialog. While the project's export runs or waits to be downloaded, a third button tells how far it is and
 * opens the dialog again.
 */
export function ExportTools({ project }: { project: string }) {
  const intl = useIntl();
  const [jobs, setJobs] = useAtom(exportJobsAtom);
  const filter = useAtomValue(areaFilterAtom);
  // the body of the job takes the filter's text
  const within = withinOf(filter, project);
  const [open, setOpen] = useState<ExportFormat | null>(null);
  const job: ExportJobRef | null = jobs[project] ?? null;
  const { data: status, error } = useExportJob(job?.job ?? null);
  const setJob = (next: ExportJobRef | null) =>
    setJobs((all) => {
      const { [project]: _dropped, ...rest } = all;
      return next ? { ...rest, [project]: next } : rest;
    });

  return (
    <div className="cons-export-tools" role="group" aria-label={intl.formatMessage({ id: 'consultation.data.export.tools' })}>
      {FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="ag-button cons-export-icon"
          aria-label={intl.formatMessage({ id: `consultation.data.export.icon.${format}` })}
          title={intl.formatMessage({ id: `consultation.data.export.icon.${format}` })}
          onClick={() => setOpen(format)}
          data-testid={`export-${format}`}
        >
          <FormatIcon format={format} />
          <span className="cons-export-label" aria-hidden="true">
            {format === 'geojson' ? 'GeoJSON' : 'CSV'}
          </span>
        </button>
      ))}
      {job && open === null && (
        <button
          type="button"
          className="ag-button cons-export-icon"
          onClick={() => setOpen(job.format)}
          data-testid="export-reopen"
        >
          <FormattedMessage
            id={
              error || status?.state === 'failed'
                ? 'consultation.data.export.badge.failed'
                : isFinished(status)
                  ? 'consultation.data.export.badge.done'
                  : 'consultation.data.export.badge.running'
            }
            values={{ percent: status?.percent ?? 0 }}
          />
        </button>
      )}
      {/* the dialog leaves the map's stacking context, which keeps it under the aside */}
      {open !== null &&
        createPortal(
        <ExportDialog
          project={project}
          format={open}
          within={within}
          job={job}
          status={status}
          statusError={error}
          onStarted={setJob}
          onReset={() => setJob(null)}
          onClose={() => setOpen(null)}
        />,
          document.body,
        )}
    </div>
  );
}
