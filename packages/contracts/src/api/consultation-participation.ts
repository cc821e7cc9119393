import { z } from 'zod';
import { DeletedAnswer, isLink, LINK_MESSAGE, UUID } from './common.js';
import {
  CONSULTATION_ROLES,
  THREAD_MESSAGE_MIN,
  THREAD_TITLE_MIN,
  type ForumPost,
  type ForumTopic,
  type ProfileChoiceWire,
  type ProfileQuestionWire,
  type SocialWire,
} from '../consultation.js';
import type { FieldRuleName } from '../http.js';

/**
 * The request and answer bodies of the consultation's participation routes: the consultation profile (questions
 * and their weighted choices), discussion threads and social reactions. The bodies come as JSON or as
 * multipart/form-data with the same field names; refusals are 400 `CONSULTATION.INVALID_FIELD` naming the field
 * and its rule (decision 0033).
 */

const REQUIRED = 'This value is required.';
const UNKNOWN_FIELD = 'unknown field';
export const NOT_A_FORM = 'the body must be a JSON object or a form';

/** Custom issue parameters: the platform's rule name (and its numbers) of a refusal. */
function rule(name: FieldRuleName, values?: Record<string, number | string>) {
  return { params: values ? { rule: name, values } : { rule: name } };
}

/** `REQUIRED` for a missing field, `message` for a present one of the wrong type. */
function missingOr(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : message) };
}

/**
 * A form body: exactly these fields (another is refused as an unknown field), and `_method` (`PUT`, any case),
 * the method override of multipart forms.
 */
function formBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(
    {
      ...shape,
      _method: z
        .string({ error: 'only PUT' })
        .refine((method) => method.toUpperCase() === 'PUT', { message: 'only PUT', ...rule('choice') })
        .optional()
        .meta({ description: 'the method override of a multipart form: PUT' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : NOT_A_FORM) },
  );
}

/** Text (null is ''), without surrounding white space, of `min` to `max` characters. */
function text(max: number, min = 1, tooShort = REQUIRED) {
  return z
    .string(missingOr('a text'))
    .nullable()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().min(min, tooShort).max(max, `Maximum size is ${max}.`))
    .meta({ minLength: min, maxLength: max, description: 'text (trimmed)' });
}

/** A token (uuid), answered lower-cased. */
const token = z
  .string(missingOr('a token'))
  .trim()
  .refine((value) => UUID.test(value), { message: 'a token', ...rule('type') })
  .toLowerCase()
  .meta({ format: 'uuid' });

/** A whole number in `min..max`, or its text (a form's text, also inside a JSON body's lists). */
function wholeNumber(min: number, max: number) {
  const message = `a whole number from ${min} to ${max}`;
  return z
    .preprocess(
      (raw) => (typeof raw === 'string' && /^\s*-?[0-9]{1,16}\s*$/.test(raw) ? Number(raw) : raw),
      z.custom<number>().superRefine((value, ctx) => {
        if (value === undefined)
          ctx.addIssue({ code: 'invalid_type', expected: 'number', input: value, message: REQUIRED });
        else if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
          ctx.addIssue({ code: 'custom', input: value, message, ...rule('range', { min, max }) });
      }),
    )
    .meta({ type: 'integer', minimum: min, maximum: max, description: 'a whole number (or its text)' });
}

// ---- consultation profile ----

const weight = wholeNumber(-999_999, 999_999);

/** A marker URL (a site path or an http(s) address), at most 500 characters. */
const markerIcon = text(500)
  .refine(isLink, { message: 'a marker URL is expected', ...rule('pattern', { message: LINK_MESSAGE }) })
  .meta({
    description: 'a marker URL (/… or http(s)://…); required unless the icon is an uploaded file',
  });

/** The most choices a new question takes. */
export const MAX_PROFILE_CHOICES = 100;

/**
 * A choice of a question. `icon` is required unless the choice's icon comes as an uploaded file (`icons_i` of a
 * new question, `icon` of `consultationWeight`): a link and a file for one choice are refused.
 */
const choiceFields = { content: text(500), icon: markerIcon.optional(), weight };

export const ProfileChoiceFields = z.strictObject(choiceFields, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? UNKNOWN_FIELD : '{content, icon, weight}'),
});
export type ProfileChoiceFields = z.infer<typeof ProfileChoiceFields>;

/**
 * `POST consultationProfile`: a question of a category for a role, with its choices in order. In a form, the
 * choices are `choices[i][content|icon|weight]` fields or the list as JSON text; the icon of choice `i` may be
 * an uploaded file `icons_i` instead of `choices[i][icon]`. A form's `choices[i]` may skip indexes (the list then
 * has holes, which are not choices).
 */
export const NewProfileQuestionBody = formBody({
  question: text(500),
  category: token.meta({ description: "the category's token" }),
  role: z
    .string(missingOr('expert or normal'))
    .pipe(z.enum(CONSULTATION_ROLES, { message: 'expert or normal' }))
    .meta({ enum: [...CONSULTATION_ROLES] }),
  weight,
  choices: z
    .array(ProfileChoiceFields.optional(), {
      error: (issue) => (typeof issue.input === 'string' ? 'invalid JSON' : 'a list of choices'),
    })
    .max(MAX_PROFILE_CHOICES, `at most ${MAX_PROFILE_CHOICES} choices`)
    .optional(),
});
export type NewProfileQuestionBody = z.infer<typeof NewProfileQuestionBody>;

/** `PUT consultationProfile/token/{token}`: the question's text, its weight, or both (`token` is ignored). */
export const ProfileQuestionChangeBody = formBody({
  question: text(500).optional(),
  weight: weight.optional(),
  token: z.unknown().optional().meta({ description: 'ignored: the token is the path’s' }),
});
export type ProfileQuestionChangeBody = z.infer<typeof ProfileQuestionChangeBody>;

/** `POST consultationWeight`: a choice added at the end of a question's (its token in `question`). */
export const NewProfileChoiceBody = formBody({
  question: token.meta({ description: "the question's token" }),
  ...choiceFields,
});
export type NewProfileChoiceBody = z.infer<typeof NewProfileChoiceBody>;

/** `PUT consultationWeight/id/{id}`: content, weight or icon, any of them (`id` is ignored). */
export const ProfileChoiceChangeBody = formBody({
  content: text(500).optional(),
  icon: markerIcon.optional(),
  weight: weight.optional(),
  id: z.unknown().optional().meta({ description: 'ignored: the id is the path’s' }),
});
export type ProfileChoiceChangeBody = z.infer<typeof ProfileChoiceChangeBody>;

const MAX_ORDER = 10_000;

/** A sort order: a non-empty JSON array of distinct entries, the first at position 1. */
function orderOf<T extends z.ZodType>(entry: T) {
  return z
    .array(entry, { error: 'a non-empty JSON array is expected' })
    .min(1, 'a non-empty JSON array is expected')
    .max(MAX_ORDER, `at most ${MAX_ORDER} entries`)
    .refine((list) => new Set(list).size === list.length, {
      message: 'an entry appears more than once',
      ...rule('duplicate'),
    });
}

/** `PUT consultationProfile/sortOrder`: the question tokens of one category and role, first = position 1. */
export const ProfileQuestionOrderBody = orderOf(
  z
    .string({ error: 'a list of tokens is expected' })
    .refine((value) => UUID.test(value), { message: 'invalid token', ...rule('type') })
    .toLowerCase()
    .meta({ format: 'uuid' }),
);
export type ProfileQuestionOrderBody = z.infer<typeof ProfileQuestionOrderBody>;

/** `PUT consultationWeight/sortOrder`: the choice ids of one question, first = position 1. */
export const ProfileChoiceOrderBody = orderOf(
  z
    .preprocess(
      (raw) => (typeof raw === 'string' && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : raw),
      z.int({ error: 'invalid id' }).min(1, 'invalid id').max(2_147_483_647, 'invalid id'),
    )
    .meta({ type: 'integer', minimum: 1 }),
);
export type ProfileChoiceOrderBody = z.infer<typeof ProfileChoiceOrderBody>;

export const ProfileChoiceAnswer = z.object({
  id: z.int(),
  content: z.string(),
  icon: z.string().meta({ description: 'a marker URL' }),
  weight: z.int(),
  sort_order: z.int().min(1),
}) satisfies z.ZodType<ProfileChoiceWire>;
export type ProfileChoiceAnswer = z.infer<typeof ProfileChoiceAnswer>;

export const ProfileChoiceListAnswer = z.array(ProfileChoiceAnswer);
export type ProfileChoiceListAnswer = z.infer<typeof ProfileChoiceListAnswer>;

export const ProfileQuestionAnswer = z.object({
  token: z.guid(),
  category: z.guid().meta({ description: "the category's token" }),
  role: z.enum(CONSULTATION_ROLES),
  question: z.string(),
  weight: z.int(),
  sort_order: z.int().min(1),
  choices: z.array(ProfileChoiceAnswer).meta({ description: 'by sort_order' }),
}) satisfies z.ZodType<ProfileQuestionWire>;
export type ProfileQuestionAnswer = z.infer<typeof ProfileQuestionAnswer>;

export const ProfileQuestionListAnswer = z.array(ProfileQuestionAnswer);
export type ProfileQuestionListAnswer = z.infer<typeof ProfileQuestionListAnswer>;

/** The answer of a deleted question or choice. */
/** The answer of a deleted question or choice. */
export const ProfileDeletedAnswer = DeletedAnswer;
export type ProfileDeletedAnswer = DeletedAnswer;

// ---- discussion threads ----

export const THREAD_TITLE_MAX = 255;
export const THREAD_MESSAGE_MAX = 32_000;

/** A thread's title or message: `min` to `max` characters without surrounding white space (missing is ''). */
function threadText(min: number, max: number, what: string) {
  return text(max, min, `the ${what} must be at least ${min} characters long`).prefault('');
}

const threadMessage = threadText(THREAD_MESSAGE_MIN, THREAD_MESSAGE_MAX, 'message').meta({
  description: 'plain text',
});

/** `POST {scope}/createThread/{token}`: the thread's title and its first post. */
export const NewThreadBody = formBody({
  title: threadText(THREAD_TITLE_MIN, THREAD_TITLE_MAX, 'title'),
  raw: threadMessage,
});
export type NewThreadBody = z.infer<typeof NewThreadBody>;

/** `POST forumPosts/topicID/{id}`: a reply. */
export const ThreadReplyBody = formBody({ raw: threadMessage });
export type ThreadReplyBody = z.infer<typeof ThreadReplyBody>;

export const ThreadLinkAnswer = z.object({
  forum_topic_id: z.int(),
  forum_topic_url: z.string().meta({ example: '/forum/12' }),
});
export type ThreadLinkAnswer = z.infer<typeof ThreadLinkAnswer>;

export const ForumPostAnswer = z.object({
  id: z.int(),
  content: z.string().meta({ description: 'the plain text typed (show it as text, keeping line breaks)' }),
  avatar: z.string().meta({ description: "'' (no pictures of people are kept)" }),
  username: z.string(),
  display_username: z.string().meta({ description: 'first and last name' }),
  updated_at: z.iso.datetime(),
}) satisfies z.ZodType<ForumPost>;
export type ForumPostAnswer = z.infer<typeof ForumPostAnswer>;

export const ForumTopicAnswer = z.object({
  id: z.int(),
  title: z.string(),
  posts: z.array(ForumPostAnswer).meta({ description: 'oldest first' }),
}) satisfies z.ZodType<ForumTopic>;
export type ForumTopicAnswer = z.infer<typeof ForumTopicAnswer>;

// ---- social reactions ----

const reaction = z.enum(['like', 'dislike'], { message: 'like or dislike' });

/** `DELETE social/scope/{scope}`: the item whose reaction is removed. */
export const UnreactBody = formBody({ token: token.meta({ description: "the item's token" }) });
export type UnreactBody = z.infer<typeof UnreactBody>;

/** `POST social/scope/{scope}`: a reaction to an item. */
export const ReactBody = formBody({
  token: token.meta({ description: "the item's token" }),
  reaction,
});
export type ReactBody = z.infer<typeof ReactBody>;

export const SocialAnswer = z.object({
  likes: z.int().min(0),
  dislikes: z.int().min(0),
  reaction: reaction.nullable().meta({ description: "the caller's reaction" }),
  owner: z.boolean().meta({ description: 'true when the caller owns the item (and so cannot react)' }),
}) satisfies z.ZodType<SocialWire>;
export type SocialAnswer = z.infer<typeof SocialAnswer>;

/** The library's `GET /internal/library/uuid/{token}/owner`: the uploader of an item (null: nobody). */
export const ItemOwnerAnswer = z.object({ owner: z.string().nullable() });
export type ItemOwnerAnswer = z.infer<typeof ItemOwnerAnswer>;
