import type { FieldValue, LatLng, TitledFile, WmsService } from '@agora/contracts';
import type { MaxBytesLimits } from '../config/consultation.config.js';
import {
  boolean,
  date,
  integer,
  isHttpUrl,
  isLink,
  json,
  LINK_MESSAGE,
  optionalDate,
  readForm,
  rowList,
  text,
  token,
  type FieldReaders,
} from '../http/form.js';
import { assertForm } from '../validation/scope.js';
import { ValidationErrors } from '../validation/validation.errors.js';
import { PROJECT_SCOPE } from './project.rules.js';

/** The writable fields of a project; `category` is the category's token. */
export interface ProjectInput {
  title: string;
  mname: string;
  summary: string;
  summary_img: string;
  summary_img_alt: string;
  start_date: string;
  end_date: string;
  public_date: string | null;
  is_public: boolean;
  active: boolean;
  max_bytes: number;
  zoom: number;
  center: LatLng | null;
  wms_services: WmsService[];
  legislation: TitledFile[];
  category: string;
}

const invalid = ValidationErrors.invalidField;

/** `{lat, lng}` in EPSG:4326 (degrees), or null. */
function latLng(value: unknown, field: string): LatLng | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(field, '{lat, lng} or null', 'type');
  const { lat, lng, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw invalid(`${field}.${extra}`, 'unknown field', 'unknown');
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90)
    throw ValidationErrors.range(`${field}.lat`, -90, 90, 'a latitude from -90 to 90');
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180)
    throw ValidationErrors.range(`${field}.lng`, -180, 180, 'a longitude from -180 to 180');
  return { lat, lng };
}

const READERS: FieldReaders<ProjectInput> = {
  title: text,
  mname: text,
  summary: text,
  summary_img: text,
  summary_img_alt: text,
  start_date: date,
  end_date: date,
  public_date: optionalDate,
  is_public: boolean,
  active: boolean,
  max_bytes: integer(0, Number.MAX_SAFE_INTEGER),
  zoom: integer(0, 22),
  center: json(latLng),
  wms_services: json(
    rowList(
      {
        title: { maxSize: 200 },
        WMSurl: { maxSize: 2000, check: isHttpUrl, message: 'an http(s) URL' },
        layers: { maxSize: 1000 },
      },
      20,
    ),
  ),
  legislation: json(
    rowList({ title: { maxSize: 300 }, file: { maxSize: 2000, check: isLink, message: LINK_MESSAGE } }, 50),
  ),
  category: token,
};

/** Fields of the wire format that a client may send back but never writes. */
const READ_ONLY = ['token', 'sort_order', 'forum_topic_id', 'forum_topic_url', 'created'] as const;

const RULED = Object.keys(PROJECT_SCOPE.rules) as Array<keyof ProjectInput>;

/** Reads the fields sent and checks them against the scope's rules and the bounds of `max_bytes`. */
function readProject(body: unknown, mode: 'post' | 'put', maxBytes: MaxBytesLimits): Partial<ProjectInput> {
  const input = readForm(body, READERS, READ_ONLY);
  const ruled: Record<string, FieldValue> = {};
  for (const field of RULED) if (field in input) ruled[field] = input[field] as FieldValue;
  assertForm(PROJECT_SCOPE.rules, ruled, mode);
  if (input.max_bytes !== undefined && (input.max_bytes < maxBytes.min || input.max_bytes > maxBytes.max))
    throw ValidationErrors.range(
      'max_bytes',
      maxBytes.min,
      maxBytes.max,
      `from ${maxBytes.min} to ${maxBytes.max} bytes`,
    );
  return input;
}

/** A new project's fields: title, short name and category are required. */
export type NewProjectInput = Partial<ProjectInput> & Pick<ProjectInput, 'title' | 'mname' | 'category'>;

/** A new project from a JSON or multipart body (400 `{"Error": "field: message"}` for the first bad field). */
export function readNewProject(body: unknown, maxBytes: MaxBytesLimits): NewProjectInput {
  const input = readProject(body, 'post', maxBytes);
  if (input.category === undefined) throw ValidationErrors.required('category');
  return { ...input, title: input.title ?? '', mname: input.mname ?? '', category: input.category };
}

/** The fields sent to change a project (400 `{"Error": "field: message"}` for the first bad field). */
export function readProjectChanges(body: unknown, maxBytes: MaxBytesLimits): Partial<ProjectInput> {
  return readProject(body, 'put', maxBytes);
}

/** The dates and publication state of a project. */
export interface ProjectSchedule {
  start_date: string;
  end_date: string;
  is_public: boolean;
  public_date: string | null;
}

/** `yyyy-MM-dd` of the calendar day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `yyyy-MM-dd` of `now` on the calendar of `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The schedule a write leads to, from the stored one (null when creating), the fields sent and today's date:
 * absent dates default (start today, end the day after the start, public date tomorrow when published); the end
 * cannot precede the start; a public date only while the results are published: cleared otherwise, even when sent
 * (a form may keep its date field filled while publication is off).
 */
export function settleSchedule(
  stored: ProjectSchedule | null,
  sent: Partial<ProjectSchedule>,
  today: string,
): ProjectSchedule {
  const start_date = sent.start_date ?? stored?.start_date ?? today;
  const end_date = sent.end_date ?? stored?.end_date ?? addDays(start_date, 1);
  if (end_date < start_date)
    throw invalid('end_date', 'the end date cannot be before the start date', 'order');
  const is_public = sent.is_public ?? stored?.is_public ?? false;
  if (!is_public) return { start_date, end_date, is_public, public_date: null };
  const public_date = sent.public_date ?? stored?.public_date ?? addDays(today, 1);
  return { start_date, end_date, is_public, public_date };
}
