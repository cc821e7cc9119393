import { atom } from 'jotai';
import { EXPORT_CRSS, type ExportCrs } from '@agora/contracts';
import type { ExportFormat, ExportJobAnswer, ExportJobBody } from '@agora/contracts/api';
import { client, useJobProgress } from '@agora/platform';

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

/** Starts an export job of `project` (token); answers its id. */
export async function startExport(project: string, body: ExportJobBody): Promise<string> {
  const { job } = await client.POST('/api/export/project/{project}/job', { params: { path: { project } }, body });
  return job;
}

/** The URL of a finished job's file (the browser downloads it with the session's cookie). */
export function exportFileUrl(job: string): string {
  return `/api/export/job/${encodeURIComponent(job)}/file`;
}

/** The data dictionary of `project`'s exports (every column's key, labels, kind and type). */
export function dictionaryUrl(project: string): string {
  return `/api/export/project/${encodeURIComponent(project)}/dictionary`;
}

/** The `.csvt` sidecar of `project`'s CSV export (the GDAL types of its columns). */
export function csvtUrl(project: string): string {
  return `/api/export/project/${encodeURIComponent(project)}/csvt`;
}

export const isFinished = (status: ExportJobAnswer | undefined) =>
  status?.state === 'done' || status?.state === 'failed';

/**
 * The state of `job`, looked at every second until it is done or failed, or the server refuses to tell (a 4xx:
 * the job is unknown or has expired); network failures and 5xx are looked at again.
 */
export function useExportJob(job: string | null) {
  return useJobProgress('/api/export/job/{job}', job ? { params: { path: { job } } } : null, { ended: isFinished });
}
