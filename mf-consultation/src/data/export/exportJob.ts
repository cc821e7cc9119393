import { useEffect, useRef } from 'react';
import { atom } from 'jotai';
import {
  EXPORT_CRSS,
  type ExportCrs,
  type ExportFormat,
  type ExportJobAnswer,
  type ExportJobBody,
  type ExportJobCreated,
} from '@agora/contracts/api';
import { api, useApi } from '@agora/platform';

/** The formats in the order the dialog offers them (the map's format first) and the coordinate systems. */
export const FORMATS: readonly ExportFormat[] = ['geojson', 'csv'];
export { EXPORT_CRSS };
export type { ExportCrs, ExportFormat, ExportJobAnswer };

/** An export started from a project's screen. */
export interface ExportJobRef {
  job: string;
  format: ExportFormat;
}

/** The running (or finished) export of each project (by token): it outlives the dialog, which can be reopened. */
export const exportJobsAtom = atom<Readonly<Record<string, ExportJobRef>>>({});

/** Time between two looks at a running job. */
export const EXPORT_POLL_MS = 1000;

/** Starts an export job of `project` (token); answers its id. */
export async function startExport(project: string, body: ExportJobBody): Promise<string> {
  const { job } = await api.post<ExportJobCreated>(`export/project/${encodeURIComponent(project)}/job`, body);
  return job;
}

/** The URL of a finished job's file (the browser downloads it with the session's cookie). */
export function exportFileUrl(job: string): string {
  return `/api/export/job/${encodeURIComponent(job)}/file`;
}

export const isFinished = (status: ExportJobAnswer | undefined) =>
  status?.state === 'done' || status?.state === 'failed';

/**
 * The state of `job`, looked at every EXPORT_POLL_MS until it is done or failed, or the server refuses to tell
 * (a 4xx: the job is unknown or has expired); network failures and 5xx are looked at again.
 */
export function useExportJob(job: string | null) {
  const refused = useRef(false);
  useEffect(() => {
    refused.current = false;
  }, [job]);
  return useApi<ExportJobAnswer>(job ? `export/job/${encodeURIComponent(job)}` : null, {
    refreshInterval: (status) => (refused.current || isFinished(status) ? 0 : EXPORT_POLL_MS),
    revalidateOnFocus: false,
    onError: (error) => {
      refused.current = error.status < 500;
    },
    onSuccess: () => {
      refused.current = false;
    },
  });
}
