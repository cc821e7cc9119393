import { parseEnv } from '@agora/common';
import { z } from 'zod';
import { DEFAULT_MAX_COORDINATES } from '../geo/geojson.js';
import { loadSocialConfig } from '../social/social.config.js';

const MIB = 1024 * 1024;

const bytes = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^[0-9]{1,15}$/, 'a whole number of bytes')
    .optional()
    .transform((v) => (v ? Number(v) : fallback));

const timeZone = z.string().trim().refine(isTimeZone, 'an IANA time zone such as Europe/Athens');

/** Environment variables the consultation service reads on top of the shared ones (see `baseEnvSchema`). */
export const consultationEnvSchema = z
  .object({
    /** Seeds a small demonstration data set into empty tables at start. */
    AGORA_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Bounds of a project's `max_bytes` (the upload limit per answer file) and its value when a form omits it. */
    PROJECT_MAX_BYTES_MIN: bytes(0),
    PROJECT_MAX_BYTES_MAX: bytes(100 * MIB),
    PROJECT_MAX_BYTES_DEFAULT: bytes(10 * MIB),
    /**
     * The time zone whose calendar gives "today": a new project's default dates, and the days a project is open
     * for answers (`project/project-dates.ts`). `PROJECT_TIME_ZONE` is its earlier name, read when it is unset.
     */
    CONSULTATION_TIME_ZONE: timeZone.optional(),
    PROJECT_TIME_ZONE: timeZone.optional(),
    /** Most positions one imported GeoJSON value (a boundary, predefined features, context) may hold. */
    GEOJSON_MAX_COORDINATES: z
      .string()
      .trim()
      .regex(/^[0-9]{1,9}$/, 'a whole number')
      .optional()
      .transform((v) => (v ? Number(v) : DEFAULT_MAX_COORDINATES))
      .refine((n) => n >= 1, 'at least 1'),
    /** The smallest count of respondents a statistic shows to non-admins (smaller cells are hidden; decision 0039). */
    CONSULTATION_MIN_CELL: z
      .string()
      .trim()
      .regex(/^[0-9]{1,6}$/, 'a whole number')
      .optional()
      .transform((v) => (v ? Number(v) : 5))
      .refine((n) => n >= 1, 'at least 1'),
    /**
     * A secret mixed into the ids of the open data's features with each project's own secret (decision 0085);
     * unset: the projects' secrets alone. Changing it changes every published id.
     */
    OPEN_DATA_ID_KEY: z.string().trim().min(16, 'at least 16 characters').optional(),
  })
  .superRefine((e, ctx) => {
    if (e.PROJECT_MAX_BYTES_MIN > e.PROJECT_MAX_BYTES_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['PROJECT_MAX_BYTES_MIN'],
        message: 'above PROJECT_MAX_BYTES_MAX',
      });
    else if (
      e.PROJECT_MAX_BYTES_DEFAULT < e.PROJECT_MAX_BYTES_MIN ||
      e.PROJECT_MAX_BYTES_DEFAULT > e.PROJECT_MAX_BYTES_MAX
    )
      ctx.addIssue({
        code: 'custom',
        path: ['PROJECT_MAX_BYTES_DEFAULT'],
        message: 'outside PROJECT_MAX_BYTES_MIN..PROJECT_MAX_BYTES_MAX',
      });
  });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Bounds and default of a project's `max_bytes`, in bytes (served to the browser by `GET project/limits`). */
export interface MaxBytesLimits {
  min: number;
  max: number;
  default: number;
}

export interface ConsultationConfig {
  demoData: boolean;
  project: { maxBytes: MaxBytesLimits; timeZone: string };
  /** Most positions (coordinate pairs or triples) one imported GeoJSON value may hold. */
  geoJson: { maxCoordinates: number };
  /** Statistics: the smallest cell of respondents shown to non-admins (`CONSULTATION_MIN_CELL`, default 5). */
  statistics: { minCell: number };
  /** Open data: the secret of the features' ids (`OPEN_DATA_ID_KEY`, '' when unset). */
  openData: { idKey: string };
  /** The library service's base URL (`LIBRARY_URL`), for its internal routes: uploaded icons. */
  libraryUrl: string;
}

/** Typed, validated settings of the consultation service. */
export function loadConsultationConfig(env: Record<string, string | undefined>): ConsultationConfig {
  const e = parseEnv('consultation', consultationEnvSchema, env);
  return {
    demoData: e.AGORA_DEMO_DATA,
    project: {
      maxBytes: {
        min: e.PROJECT_MAX_BYTES_MIN,
        max: e.PROJECT_MAX_BYTES_MAX,
        default: e.PROJECT_MAX_BYTES_DEFAULT,
      },
      timeZone: e.CONSULTATION_TIME_ZONE ?? e.PROJECT_TIME_ZONE ?? 'Europe/Athens',
    },
    geoJson: { maxCoordinates: e.GEOJSON_MAX_COORDINATES },
    statistics: { minCell: e.CONSULTATION_MIN_CELL },
    openData: { idKey: e.OPEN_DATA_ID_KEY ?? '' },
    libraryUrl: loadSocialConfig(env).libraryUrl,
  };
}
