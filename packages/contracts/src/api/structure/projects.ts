import { z } from 'zod';
import type { LatLng } from '../../address.js';
import type { ProjectWire, WmsService } from '../../consultation.js';
import {
  Flag,
  IsoDate,
  isHttpUrl,
  jsonError,
  OptionalIsoDate,
  partial,
  rows,
  rowText,
  rule,
  ruledText,
  TokenText,
  wholeNumber,
  writeBody,
} from '../common.js';
import { OPEN_DATA_GRID_M } from '../open-data.js';
import { RETENTION_DAYS } from './retention.js';
import { PROJECT_RULES } from './rules.js';
import { NamedRef, TitledFileAnswer, titledFiles } from './tree.js';

const CENTER_LAT = 'a latitude from -90 to 90';
const CENTER_LNG = 'a longitude from -180 to 180';

const degrees = (min: number, max: number, message: string) =>
  z.number({ error: message }).refine((n) => n >= min && n <= max, rule(message, 'range', { min, max }));

/** The map centre `{lat, lng}` in EPSG:4326 (degrees), or null. */
export const LatLngBody = z
  .strictObject(
    { lat: degrees(-90, 90, CENTER_LAT), lng: degrees(-180, 180, CENTER_LNG) },
    { error: jsonError('{lat, lng} or null') },
  )
  .nullable() satisfies z.ZodType<LatLng | null>;

const wmsServices = rows(
  {
    title: rowText(200),
    WMSurl: rowText(2000, { test: isHttpUrl, message: 'an http(s) URL' }),
    layers: rowText(1000),
  },
  20,
);

const PROJECT_READ_ONLY = [
  'token',
  'sort_order',
  'forum_topic_id',
  'forum_topic_url',
  'created',
  'personal_links_removed_at',
] as const;

const projectFields = {
  title: ruledText(PROJECT_RULES.title),
  mname: ruledText(PROJECT_RULES.mname),
  category: TokenText.meta({ description: "the category's token" }),
  summary: ruledText(PROJECT_RULES.summary).optional(),
  summary_img: ruledText(PROJECT_RULES.summary_img).optional(),
  summary_img_alt: ruledText(PROJECT_RULES.summary_img_alt).optional(),
  start_date: IsoDate.optional().meta({ description: 'default today' }),
  end_date: IsoDate.optional().meta({ description: 'default the day after start_date; not before it' }),
  retention_days: wholeNumber(RETENTION_DAYS.min, RETENTION_DAYS.max)
    .nullable()
    .optional()
    .meta({
      description:
        'days after end_date at which the answers are detached from the people who gave them; null (the ' +
        'default): kept until the account is deleted',
    }),
  public_date: OptionalIsoDate.optional().meta({ description: 'default tomorrow when is_public' }),
  is_public: Flag.optional().meta({ description: 'the results will be published' }),
  active: Flag.optional(),
  max_bytes: wholeNumber(0, Number.MAX_SAFE_INTEGER)
    .optional()
    .meta({ description: 'upload limit per answer file, in bytes (bounds: GET project/limits)' }),
  zoom: wholeNumber(0, 22).optional(),
  center: LatLngBody.optional(),
  wms_services: wmsServices.optional(),
  legislation: titledFiles(50).optional(),
  open_data_free_text: Flag.optional().meta({
    description: 'the open data publish the free-text answers (text, string); default false',
  }),
  erase_answers_on_account_deletion: Flag.optional().meta({
    description:
      'a participant who deletes their account takes their answers in this project with them (default false: ' +
      'they stay, detached from the person)',
  }),
  open_data_grid_m: wholeNumber(OPEN_DATA_GRID_M.min, OPEN_DATA_GRID_M.max)
    .optional()
    .meta({
      description: `metres: the grid the open data snap locations to (default ${OPEN_DATA_GRID_M.default})`,
    }),
};

/** The end of a project cannot precede its start (both sent; against stored dates the service checks). */
function datesInOrder(body: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (body.start_date !== undefined && body.end_date !== undefined && body.end_date < body.start_date)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      input: body.end_date,
      ...rule('the end date cannot be before the start date', 'order'),
    });
}

/** `POST project`: title, short name and category are required; absent dates default. */
export const NewProjectBody = writeBody(projectFields, PROJECT_READ_ONLY).superRefine(datesInOrder);
export type NewProjectBody = z.infer<typeof NewProjectBody>;

/** `PUT project/token/{token}`: the fields that change. */
export const ProjectChangesBody = writeBody(partial(projectFields), PROJECT_READ_ONLY).superRefine(
  datesInOrder,
);
export type ProjectChangesBody = z.infer<typeof ProjectChangesBody>;

export const WmsServiceAnswer = z.object({
  title: z.string(),
  WMSurl: z.string(),
  layers: z.string(),
}) satisfies z.ZodType<WmsService>;

const NullableDate = z.string().meta({ format: 'date' }).nullable();

export const ProjectAnswer = z.object({
  token: z.string(),
  mname: z.string(),
  title: z.string(),
  summary: z.string(),
  summary_img: z.string().meta({ description: "URL of a library image ('' when none)" }),
  summary_img_alt: z.string(),
  start_date: z.string().meta({ format: 'date' }),
  end_date: z.string().meta({ format: 'date' }),
  retention_days: z.number().int().min(RETENTION_DAYS.min).max(RETENTION_DAYS.max).nullable(),
  personal_links_removed_at: z
    .string()
    .meta({ format: 'date-time', description: 'when the answers were detached from their people; else null' })
    .nullable(),
  public_date: NullableDate.meta({ description: 'only when is_public' }),
  is_public: z.boolean(),
  active: z.boolean(),
  max_bytes: z.number().int().min(0),
  zoom: z.number().int().min(0).max(22),
  center: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  wms_services: z.array(WmsServiceAnswer),
  legislation: z.array(TitledFileAnswer),
  open_data_free_text: z.boolean(),
  erase_answers_on_account_deletion: z.boolean(),
  open_data_grid_m: z.number().int().min(OPEN_DATA_GRID_M.min).max(OPEN_DATA_GRID_M.max),
  forum_topic_id: z.number().int().nullable(),
  forum_topic_url: z.string().nullable(),
  sort_order: z.number().int().min(0),
  category: NamedRef.nullable(),
}) satisfies z.ZodType<ProjectWire>;
export type ProjectAnswer = z.infer<typeof ProjectAnswer>;

export const ProjectListAnswer = z.array(ProjectAnswer);
export type ProjectListAnswer = z.infer<typeof ProjectListAnswer>;

export const ProjectPageAnswer = z.object({
  values: z.array(ProjectAnswer),
  page: z.number().int().min(1),
  total_pages: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type ProjectPageAnswer = z.infer<typeof ProjectPageAnswer>;

export const ProjectLimitsAnswer = z.object({
  max_bytes: z.object({
    min: z.number().int().min(0),
    max: z.number().int().min(0),
    default: z.number().int().min(0).meta({ description: 'taken when a new project has none' }),
  }),
  open_data_grid_m: z.object({
    min: z.number().int().min(1),
    max: z.number().int().min(1),
    default: z.number().int().min(1).meta({ description: 'taken when a new project has none' }),
  }),
});
export type ProjectLimitsAnswer = z.infer<typeof ProjectLimitsAnswer>;
