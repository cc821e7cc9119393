import { z } from 'zod';

/**
 * A citizen's own data (decision 0086): `POST profile/data` asks for an archive of everything the platform holds
 * about the caller, built in the background by accounts (which asks consultation for its part over the internal
 * routes below); `GET profile/data` is the caller's latest request (or null), `GET profile/data/{job}` one request and
 * `GET profile/data/{job}/file` its archive (`.tar.gz`), for the caller only, until a day has passed.
 */

/** The states of a request for one's data. */
export const MY_DATA_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type MyDataState = (typeof MY_DATA_STATES)[number];

/** `POST profile/data` (202 for a new request, 200 with the one still running), `GET profile/data[/{job}]`. */
export const MyDataAnswer = z.object({
  job: z.string().meta({ description: "the request's id" }),
  state: z.enum(MY_DATA_STATES),
  percent: z.int().min(0).max(100),
  created: z.iso.datetime(),
  expires: z.iso.datetime().meta({ description: 'when the request and its archive are removed' }),
  size: z.int().min(0).nullable().meta({ description: "the archive's bytes once done" }),
  file_name: z.string().nullable().meta({ description: "the archive's name once done" }),
  code: z.string().nullable().meta({ description: 'the error code when failed' }),
});
export type MyDataAnswer = z.infer<typeof MyDataAnswer>;

/** `GET profile/data`: the caller's latest request of the last day, or null. */
export const MyDataLatestAnswer = z.object({ latest: MyDataAnswer.nullable() });
export type MyDataLatestAnswer = z.infer<typeof MyDataLatestAnswer>;

/** One answer file of the user, listed in `UserDataAnswer` (its bytes: `GET /internal/users/{uuid}/files/{id}`). */
export const UserDataFile = z.object({
  id: z.string(),
  answer: z.string(),
  variable: z.string(),
  name: z.string(),
  mime: z.string(),
  bytes: z.int().min(0),
});
export type UserDataFile = z.infer<typeof UserDataFile>;

const GeoJsonGeometry = z.object({ type: z.string(), coordinates: z.unknown().optional() }).loose();

/** One answer as a GeoJSON feature (EPSG:4326): where it belongs and its values. */
export const UserDataAnswerFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: GeoJsonGeometry.nullable(),
  properties: z.object({
    project: z.string(),
    topic: z.string(),
    attribute: z.string(),
    created: z.iso.datetime(),
    updated: z.iso.datetime(),
    values: z.array(
      z.object({
        variable: z.string(),
        kind: z.string(),
        text: z.string().nullable(),
        number: z.number().nullable(),
        date: z.string().nullable(),
        list: z.array(z.string()).nullable(),
        file: z.string().nullable(),
        location: GeoJsonGeometry.nullable(),
      }),
    ),
  }),
});

/**
 * `GET /internal/users/{uuid}/data` (consultation, for accounts): what consultation holds about a user, without
 * the files' bytes.
 */
export const UserDataAnswer = z.object({
  answers: z.object({ type: z.literal('FeatureCollection'), features: z.array(UserDataAnswerFeature) }),
  profile_answers: z.array(
    z.object({ category: z.string(), question: z.string(), choice: z.string(), created: z.iso.datetime() }),
  ),
  likes: z.array(
    z.object({ scope: z.string(), item: z.string(), reaction: z.string(), created: z.iso.datetime() }),
  ),
  forum_posts: z.array(
    z.object({
      id: z.int(),
      thread: z.string(),
      text: z.string(),
      created: z.iso.datetime(),
      updated: z.iso.datetime(),
    }),
  ),
  files: z.array(UserDataFile),
});
export type UserDataAnswer = z.infer<typeof UserDataAnswer>;
