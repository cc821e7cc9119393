import { z } from 'zod';
import { pagedAnswer } from './common.js';

/**
 * Deleting one's account (GDPR art. 17, decision 0088): `GET profile/deletion` tells beforehand what happens,
 * `DELETE profile` does it; accounts asks consultation for its part over `GET|POST /internal/users/{uuid}/forget`.
 * The administrators see every request for one's data (exports and deletions) at `GET users/data-requests`,
 * never their content and, for a deleted account, nothing that identifies it.
 */

/** One project whose setting deletes a deleted account's answers in it, with how many of the user's answers. */
export const ErasedProject = z.object({
  token: z.string(),
  title: z.string(),
  answers: z.int().min(0),
});
export type ErasedProject = z.infer<typeof ErasedProject>;

/** `GET /internal/users/{uuid}/forget`: what consultation would erase and keep detached. */
export const UserForgetPreview = z.object({
  erased_projects: z.array(ErasedProject),
  kept_answers: z
    .int()
    .min(0)
    .meta({ description: 'answers kept for the statistics, detached from the person' }),
  profile_answers: z.int().min(0),
  files: z.int().min(0),
  likes: z.int().min(0),
  posts: z.int().min(0),
});
export type UserForgetPreview = z.infer<typeof UserForgetPreview>;

/** `POST /internal/users/{uuid}/forget`: what consultation erased and detached (all 0 on a retry). */
export const UserForgetAnswer = z.object({
  erased_answers: z.int().min(0),
  detached_answers: z.int().min(0),
  profile_answers: z.int().min(0),
  files: z.int().min(0),
  likes: z.int().min(0),
  posts: z.int().min(0),
});
export type UserForgetAnswer = z.infer<typeof UserForgetAnswer>;

/** How a user confirms the deletion of their own account. */
export const ACCOUNT_CONFIRMATIONS = ['password', 'username'] as const;

/** `GET profile/deletion`: what deleting the caller's account erases, keeps and how it is confirmed. */
export const AccountDeletionPreview = UserForgetPreview.extend({
  confirm_with: z.enum(ACCOUNT_CONFIRMATIONS).meta({
    description: 'password, or the username for an account with external logins only and no password',
  }),
  external_logins: z.int().min(0),
  enrolments: z.int().min(0),
  sessions: z.int().min(0),
});
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreview>;

/** `DELETE profile`: the current password, or (no password) the username typed again. */
export const AccountDeletionBody = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    username: z.string().min(1).max(256).optional(),
  })
  .strict();
export type AccountDeletionBody = z.infer<typeof AccountDeletionBody>;

export const DATA_REQUEST_KINDS = ['export', 'deletion'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const DATA_REQUEST_BY = ['self', 'admin'] as const;

/** One request for one's data, as the administrators see it: never its content. */
export const DataRequestAnswer = z.object({
  id: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  requested_by: z.enum(DATA_REQUEST_BY).meta({ description: 'the user themself, or an administrator' }),
  state: z.enum(DATA_REQUEST_STATES),
  requested: z.iso.datetime(),
  finished: z.iso.datetime().nullable(),
  code: z.string().nullable().meta({ description: 'the error code of a failed request' }),
  counts: z.record(z.string(), z.int().min(0)).meta({ description: 'how many rows were erased or detached' }),
  user: z
    .object({ uuid: z.string(), username: z.string(), name: z.string() })
    .nullable()
    .meta({ description: 'who asked, while the account exists; null once it is deleted' }),
});
export type DataRequestAnswer = z.infer<typeof DataRequestAnswer>;

export const DataRequestsPageAnswer = pagedAnswer(DataRequestAnswer);
export type DataRequestsPageAnswer = z.infer<typeof DataRequestsPageAnswer>;

/** `GET users/data-requests`: the page (from 1) and the kind (both when absent). */
export const DataRequestsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    kind: z.enum(DATA_REQUEST_KINDS).optional(),
  })
  .strict();
export type DataRequestsQuery = z.infer<typeof DataRequestsQuery>;
