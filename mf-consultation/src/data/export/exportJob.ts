import { atom } from 'jotai';
import { api, useApi } from '@agora/platform';

/** The export's file formats and coordinate systems (EPSG codes), in the order the dialog offers them. */
export const EXPORT_FORMATS = ['geojson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_CRS = [4326, 2100, 3857] as const;
export type ExportCrs = (typeof EXPORT_CRS)[number];

/** `POST export/project/{project}/job`: what to export. */
export interface ExportJobBody {
  output_format: ExportFormat;
  crs?: ExportCrs;
  /** a `within/{filter}` text: only the answers inside the drawn area */
  filter?: string;
}

/** `GET export/job/{job}`: how far the job is. */
export interface ExportJobStatus {
  state: 'queued' | 'running' | 'done' | 'failed';
  rows: number;
  total: number;
  percent: number;
  file_name: string | null;
  code: string | null;
}

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
  const { job } = await api.post<{ job: string }>(`export/project/${encodeURIComponent(project)}/job`, body);
  return job;
}

/** The URL of a finished job's file (the browser downloads it with the session's cookie). */
export function exportFileUrl(job: string): string {
  return `/api/export/job/${encodeURIComponent(job)}/file`;
}

export const isFinished = (status: ExportJobStatus | undefined) =>
  status?.state === 'done' || status?.state === 'failed';

/** The state of `job`, looked at every EXPORT_POLL_MS until it is done or failed. */
export function useExportJob(job: string | null) {
  return useApi<ExportJobStatus>(job ? `export/job/${encodeURIComponent(job)}` : null, {
    refreshInterval: (status) => (isFinished(status) ? 0 : EXPORT_POLL_MS),
    revalidateOnFocus: false,
  });
}
