import { z } from 'zod';
import { EXPORT_CRSS } from './data-lists.js';

/**
 * The exports of a project's answers for experts and staff (decision 0040): CSV (UTF-8 with BOM, one row per
 * answer) or GeoJSON (RFC 7946 FeatureCollection, flat properties), streamed, optionally in another CRS and
 * limited to a drawn area (`…/within/{filter}`, see area-filter.ts). Large exports run as a background job whose
 * file only the user who asked may download, until EXPORT_TTL has passed.
 *
 * - `GET export/project/{project}/output_format/{csv|geojson}[/crs/{4326|2100|3857}][/within/{filter}]`: the file
 *   (project: its token or mname).
 * - `POST export/project/{project}/job` with `ExportJobBody` → 202 `ExportJobCreated`.
 * - `GET export/job/{job}` → `ExportJobAnswer`; `GET export/job/{job}/file` → the file when done.
 * - `GET export/project/{project}/dictionary` → `ExportDictionary`: what every column (its short key) holds;
 *   `GET export/project/{project}/csvt` → the CSV's `.csvt` sidecar (the columns' GDAL types).
 */

/** The file formats of an export. */
export const EXPORT_FORMATS = ['csv', 'geojson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The MIME type of each format. */
export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
};

/** Parses the `crs` path segment or body field: one of EXPORT_CRSS, as text or number. */
export const ExportCrsInput = z
  .union(
    [
      z.int(),
      z
        .string()
        .regex(/^[0-9]{4}$/, 'an EPSG code')
        .transform(Number),
    ],
    {
      error: 'an EPSG code: 4326, 2100 or 3857',
    },
  )
  .pipe(z.literal(EXPORT_CRSS, { error: 'an EPSG code: 4326, 2100 or 3857' }))
  .meta({ type: 'integer', enum: [...EXPORT_CRSS], description: 'the EPSG code of the coordinates' });

/** `POST export/project/{project}/job`: what to export. */
export const ExportJobBody = z.strictObject(
  {
    output_format: z.enum(EXPORT_FORMATS, { error: 'csv or geojson' }),
    crs: ExportCrsInput.optional().meta({ description: 'the EPSG code of the coordinates (default 4326)' }),
    filter: z
      .string({ error: 'a drawn-area filter' })
      .max(12_000, 'a drawn-area filter')
      .optional()
      .meta({ description: 'the drawn-area filter, as in a `within/{filter}` segment' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown field' : 'a JSON object') },
);
export type ExportJobBody = z.infer<typeof ExportJobBody>;

/** The accepted job (202). */
export const ExportJobCreated = z.object({ job: z.string().meta({ description: "the job's id" }) });
export type ExportJobCreated = z.infer<typeof ExportJobCreated>;

/** The states of an export job. */
export const EXPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];

/** `GET export/job/{job}`: where the job is. */
export const ExportJobAnswer = z.object({
  state: z.enum(EXPORT_JOB_STATES),
  rows: z.int().min(0).meta({ description: 'answers written so far' }),
  total: z.int().min(0).meta({ description: 'answers to write' }),
  percent: z.int().min(0).max(100),
  file_name: z.string().nullable().meta({ description: "the file's name once done" }),
  code: z.string().nullable().meta({ description: 'the error code when failed' }),
});
export type ExportJobAnswer = z.infer<typeof ExportJobAnswer>;

/** The GDAL field types of the columns (the `.csvt` sidecar of the CSV says them). */
export const EXPORT_FIELD_TYPES = ['String', 'Integer', 'Real', 'Date', 'DateTime', 'WKT'] as const;

const Bilingual = z.object({ el: z.string(), en: z.string() });

/** One column of the export in the data dictionary. */
export const ExportDictionaryColumn = z.object({
  key: z.string().meta({ description: 'the header in the files: at most 10 characters of a-z, 0-9 and _' }),
  label: Bilingual.meta({ description: 'what the column holds, in Greek and English' }),
  kind: z.string().meta({ description: "`answer` (fixed columns), a variable's value kind, or `profile`" }),
  type: z.enum(EXPORT_FIELD_TYPES).meta({ description: "the values' GDAL type" }),
  context: z.string().optional().meta({ description: "a variable's attribute, a profile question's role" }),
  options: z
    .array(z.object({ id: z.string().optional(), label: z.string() }))
    .optional()
    .meta({
      description: "the choices (id and label), a library list's items, a profile question's choices",
    }),
  csv_only: z.boolean().optional().meta({ description: 'in the CSV only (`wkt`)' }),
});
export type ExportDictionaryColumn = z.infer<typeof ExportDictionaryColumn>;

/** `GET export/project/{project}/dictionary`: the data dictionary of the project's exports. */
export const ExportDictionary = z.object({
  project: z.string(),
  columns: z.array(ExportDictionaryColumn),
  notes: z
    .array(Bilingual)
    .meta({ description: 'how values are written (lists, coordinates, the CSV formula guard)' }),
});
export type ExportDictionary = z.infer<typeof ExportDictionary>;
