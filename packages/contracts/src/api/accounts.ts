import { z } from 'zod';
import { pagedAnswer } from './common.js';
import type { SessionEnrolment, SessionUser } from '../identity.js';
import { ENROL_ROLES, ROLES } from '../roles.js';
import { SHARED_SETTING_DEFAULTS, type SiteSettings } from '../settings.js';

/** The request and answer bodies of the accounts service (see `ZodBody` / `ZodResponse` in the services). */

const missing = { error: 'missing parameters' };

// ---------------------------------------------------------------------------------------------- sessions

/** One enrolment: a consultation category (its token) and the user's role in it. */
export const SessionEnrolmentSchema = z.object({
  category: z.string(),
  role: z.enum(ENROL_ROLES),
}) satisfies z.ZodType<SessionEnrolment>;

export const SessionUserSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** the categories the user is enrolled in (the session resolution and the profile tell them) */
  enrolments: z.array(SessionEnrolmentSchema).readonly().optional(),
}) satisfies z.ZodType<SessionUser>;

export const LoginBody = z.strictObject({
  username: z.string(missing).min(1, missing).max(150, missing),
  password: z.string(missing).min(1, missing).max(1024, missing),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginAnswer = z.object({ loggedin: z.literal(true), user: SessionUserSchema });
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const LogoutAnswer = z.object({ loggedin: z.literal(false) });
export type LogoutAnswer = z.infer<typeof LogoutAnswer>;

export const ResolveSessionBody = z.strictObject({ sid: z.string().min(16).max(256) });
export type ResolveSessionBody = z.infer<typeof ResolveSessionBody>;

export const ResolveSessionAnswer = z.object({ user: SessionUserSchema });
export type ResolveSessionAnswer = z.infer<typeof ResolveSessionAnswer>;

// ---------------------------------------------------------------------------------------------- enrolments

/**
 * `POST /enrolment`: the caller enrols in a category open to everyone (autosubscribe). The object is strict and
 * named by its fields, so the administrators' form (`{category, uuids, role}`) can extend it later.
 */
export const EnrolmentBody = z.strictObject({
  category: z.uuid(missing).meta({ description: 'the category token' }),
});
export type EnrolmentBody = z.infer<typeof EnrolmentBody>;

/** The caller's enrolments after an enrolment. */
export const EnrolmentAnswer = z.object({ enrolments: z.array(SessionEnrolmentSchema) });
export type EnrolmentAnswer = z.infer<typeof EnrolmentAnswer>;

/**
 * `POST /enrolment` (admins): enrol users in bulk in a category with one enrolment role. Told apart from the
 * self-enrolment by its fields: both objects are strict, so a body is one or the other, never both.
 */
export const AdminEnrolmentBody = z.strictObject({
  category: z.uuid(missing).meta({ description: 'the category token' }),
  uuids: z
    .array(z.uuid(missing), missing)
    .min(1, missing)
    .max(1000, missing)
    .meta({ description: 'the users to enrol (1-1000); users enrolled already keep their enrolment' }),
  role: z.enum(ENROL_ROLES, missing).meta({ description: 'the enrolment role' }),
});
export type AdminEnrolmentBody = z.infer<typeof AdminEnrolmentBody>;

/** `POST /enrolment`: the participant's own enrolment or the administrators' bulk enrolment. */
export const EnrolmentPostBody = z.union([EnrolmentBody, AdminEnrolmentBody], missing);
export type EnrolmentPostBody = z.infer<typeof EnrolmentPostBody>;

/** The answer of the bulk enrolment: how many of the users were enrolled now (not enrolled before). */
export const AdminEnrolmentAnswer = z.object({ enrolled: z.int().min(0) });
export type AdminEnrolmentAnswer = z.infer<typeof AdminEnrolmentAnswer>;

/** `POST /enrolment`: the caller's enrolments (self-enrolment) or the count enrolled (administrators). */
export const EnrolmentPostAnswer = z.union([EnrolmentAnswer, AdminEnrolmentAnswer]);
export type EnrolmentPostAnswer = z.infer<typeof EnrolmentPostAnswer>;

/** `PUT /enrolment/category/{category}/userid/{uuid}` (admins): change a member's enrolment role. */
export const EnrolmentRoleBody = z.strictObject({
  role: z.enum(ENROL_ROLES, missing).meta({ description: 'the new enrolment role' }),
});
export type EnrolmentRoleBody = z.infer<typeof EnrolmentRoleBody>;

/** The enrolment after a role change. */
export const EnrolmentRoleAnswer = z.object({
  category: z.string(),
  uuid: z.string(),
  role: z.enum(ENROL_ROLES),
});
export type EnrolmentRoleAnswer = z.infer<typeof EnrolmentRoleAnswer>;

/** A member of a category, as the members list shows it. */
export const MemberAnswer = z.object({
  uuid: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  enrol_role: z.enum(ENROL_ROLES),
  /** the consultation-profile weight in the category; null when not answered or not known */
  weight: z.number().nullable(),
});
export type MemberAnswer = z.infer<typeof MemberAnswer>;

/**
 * `GET /enrolment/category/{category}/enrolled/true/page/{page}/sort/{field}/sort_method/{m}[/query/{q}]
 * [/fq/app.enrolment.role:{role}][/limit/{n}]`: a page of the category's members (sort: username, firstname,
 * lastname, email, weight).
 */
export const MembersPageAnswer = pagedAnswer(MemberAnswer);
export type MembersPageAnswer = z.infer<typeof MembersPageAnswer>;

/** A user not enrolled in a category, as the enrol list shows it. */
export const EnrolCandidateAnswer = z.object({
  uuid: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type EnrolCandidateAnswer = z.infer<typeof EnrolCandidateAnswer>;

/**
 * `GET /enrolment/category/{category}/page/{page}/sort/{field}/sort_method/{m}[/query/{q}]
 * [/fq/core.users.role:{role}][/limit/{n}]`: a page of the active users not enrolled in the category (sort: username,
 * firstname, lastname, email, role).
 */
export const EnrolCandidatesPageAnswer = pagedAnswer(EnrolCandidateAnswer);
export type EnrolCandidatesPageAnswer = z.infer<typeof EnrolCandidatesPageAnswer>;

/**
 * `GET /internal/profile-weights/category/{token}` (consultation, for accounts): the consultation-profile weights
 * of a category's respondents; 404 for an unknown category.
 */
export const CategoryProfileWeightsAnswer = z.object({
  token: z.string(),
  weights: z.array(z.object({ uuid: z.string(), weight: z.number() })),
});
export type CategoryProfileWeightsAnswer = z.infer<typeof CategoryProfileWeightsAnswer>;

/**
 * `GET /internal/categories/{token}/enrolment` (consultation, for accounts): what accounts needs to know before
 * enrolling someone in a category.
 */
export const CategoryEnrolmentInfo = z.object({
  token: z.string(),
  mname: z.string(),
  active: z.boolean(),
  autosubscribe: z.boolean(),
});
export type CategoryEnrolmentInfo = z.infer<typeof CategoryEnrolmentInfo>;

// ---------------------------------------------------------------------------------------------- users

/** The languages account mails are written in (the interface's locales); the first is the default. */
export const USER_LOCALES = ['el', 'en'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];

/** The user as the lists, the details and the profile show it. */
export const UserAnswer = SessionUserSchema.extend({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  location: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  active: z.boolean(),
  created: z.iso.datetime(),
  last_login: z.iso.datetime().nullable(),
  /** the language of the user's account mails */
  locale: z.enum(USER_LOCALES),
  /** mailed when a project the user answered publishes its results (decision 0090) */
  results_mail: z.boolean(),
});
export type UserAnswer = z.infer<typeof UserAnswer>;

/** `GET /users/page/…`: a page of users (`/limit/{n}` sets the page size, for CSV exports). */
export const UsersPageAnswer = pagedAnswer(UserAnswer);
export type UsersPageAnswer = z.infer<typeof UsersPageAnswer>;

/** `GET /users/admin/stats`: the number of users, by status and by role. */
export const UserStatsAnswer = z.object({
  total: z.int().min(0),
  status: z.object({ active: z.int().min(0), inactive: z.int().min(0) }),
  role: z.record(z.enum(ROLES), z.int().min(0)),
});
export type UserStatsAnswer = z.infer<typeof UserStatsAnswer>;

/**
 * A text field of the user forms. Its type only: the content rules are the `users` scope's (`USER_RULES`, served
 * by `GET /validation/scope/users`), checked by the service so that the refusal names the field and the rule's
 * message exactly as the browser shows it. Null counts as left out (or, where the field can be cleared, clears it).
 */
const userText = (meta: { description?: string; example?: string; format?: 'password' } = {}) =>
  z.string(missing).nullish().meta(meta);
const newPassword = (description: string) => userText({ description, format: 'password' });
const userLocale = z
  .enum(USER_LOCALES, missing)
  .meta({ description: 'the language of account mails (default el)' });
const userRole = z.enum(ROLES, { error: 'invalid role' });

/** `POST /registration`: the registration form. */
export const RegistrationBody = z.strictObject({
  username: userText({ description: '3-30 letters, digits, . _ -', example: 'maria_p' }),
  firstname: userText({ example: 'Μαρία' }),
  lastname: userText({ example: 'Παπαδοπούλου' }),
  email: userText({ example: 'maria@example.org' }),
  password: newPassword('8-128 characters with a letter and a digit'),
  password_repeat: newPassword('if sent, must equal password'),
  address: userText({ description: 'street+number+town+zip', example: 'Εγνατίας+12+Θεσσαλονίκη+546 30' }),
  location: userText({ description: 'lat;lon (WGS84)', example: '40.6264;22.9484' }),
  phone: userText({ example: '+30 2310 123456' }),
  locale: userLocale.nullish(),
});
export type RegistrationBody = z.infer<typeof RegistrationBody>;

/** `POST /users` (admins): the registration form plus the role (default `authorized`). */
export const AdminUserCreateBody = RegistrationBody.extend({ role: userRole.optional() });
export type AdminUserCreateBody = z.infer<typeof AdminUserCreateBody>;

/** The fields of a user that both the user (profile) and an admin can change. */
const changeableFields = {
  firstname: userText(),
  lastname: userText(),
  email: userText(),
  phone: userText({ description: 'empty or null clears it' }),
  address: userText({ description: 'street+number+town+zip; empty or null clears it' }),
  location: userText({ description: 'lat;lon; empty or null clears it' }),
  username: userText({ description: 'not editable: 400 unless equal to the current one' }),
};

/** `PUT /profile`: only the changed fields. */
export const ProfileUpdateBody = z.strictObject({
  ...changeableFields,
  password: newPassword('the new password (needs password_current)'),
  password_current: newPassword('the current password'),
  password_repeat: newPassword('if sent, must equal password'),
  role: userText({ description: 'not editable here: 400 unless equal to the current one' }),
  locale: userLocale.optional(),
  results_mail: z
    .boolean(missing)
    .optional()
    .meta({ description: 'mail me when a project I answered publishes its results (decision 0090)' }),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** `PUT /users/uuid/{uuid}` (admins): a role, the active flag, or profile fields. */
export const AdminUserUpdateBody = z.strictObject({
  ...changeableFields,
  password: newPassword('sets a new password'),
  role: userRole.optional(),
  active: z.boolean(missing).optional(),
});
export type AdminUserUpdateBody = z.infer<typeof AdminUserUpdateBody>;

// ---------------------------------------------------------------------------------------------- external login

/**
 * A query value of a browser navigation that must never answer an error page: a text, or nothing (a list or any
 * other shape is read as nothing, and the route goes on without it).
 */
const navigationText = (description: string) => z.string().optional().catch(undefined).meta({ description });

/** `GET /oauth`, `/goauth`, `/fblogin`: start an external login. */
export const OAuthStartQuery = z.object({
  referrer: navigationText('where to return after the login: a page of this site (anything else means /)'),
  invitation: navigationText(
    'the token of an invitation sent with OAuth: the login accepts it (the user is created from it) and returns ' +
      'to / or, refused, to /invitation/accept/{token}?error={code}',
  ),
});
export type OAuthStartQuery = z.infer<typeof OAuthStartQuery>;

/**
 * `GET /oauth/callback` (and Google's, Facebook's): the provider's answer. Every parameter is handed on as sent (an
 * OpenID Connect answer may carry more than these); a failure redirects to `/login?error=…`, never a 4xx.
 */
export const OAuthCallbackQuery = z
  .object({
    state: navigationText('the login request this answers'),
    code: navigationText('the authorization code'),
    error: navigationText("the provider's refusal"),
    error_description: navigationText("the provider's refusal, in words"),
    iss: navigationText('the issuer (OpenID Connect)'),
  })
  .catchall(z.string().optional().catch(undefined));
export type OAuthCallbackQuery = z.infer<typeof OAuthCallbackQuery>;

// ---------------------------------------------------------------------------------------------- recovery

/** `POST /recovery`: mail a one-time password link. */
export const RecoveryRequestBody = z.strictObject({
  username: z.string(missing).min(1, missing).max(150, missing).meta({ example: 'maria_p' }),
});
export type RecoveryRequestBody = z.infer<typeof RecoveryRequestBody>;

/** `POST /recovery/reset`: a new password with the mailed link's token. */
export const RecoveryResetBody = z.strictObject({
  token: z
    .string(missing)
    .min(1, missing)
    .max(200, missing)
    .meta({ description: 'the token of the mailed link /password_recovery/reset/{token}' }),
  password: z
    .string(missing)
    .meta({ description: 'the new password (rules of the users scope)', format: 'password' }),
});
export type RecoveryResetBody = z.infer<typeof RecoveryResetBody>;

// ---------------------------------------------------------------------------------------------- settings

const latLng = z.object({ lat: z.number(), lng: z.number() });
const loginFlags = z.object({ open: z.boolean(), google: z.boolean(), facebook: z.boolean() });

/** `GET /settings`: what an administrator set, the build's locales and the deployment's map tiles. */
export const SiteSettingsAnswer = z.object({
  map: z.object({ center: latLng, zoom: z.int() }),
  isOpenAuthEnabled: z.boolean(),
  isGoogleAuthEnabled: z.boolean(),
  isFacebookAuthEnabled: z.boolean(),
  openAuthTitle: z.string(),
  multilingual: z.boolean(),
  locales: z.array(z.string()),
  registration: z.boolean(),
  geocoderUrl: z.string().nullable(),
  configuredLogins: loginFlags.optional(),
  tileUrl: z.string(),
  tileAttribution: z.string(),
}) satisfies z.ZodType<SiteSettings>;
export type SiteSettingsAnswer = z.infer<typeof SiteSettingsAnswer>;

const httpUrl = z
  .string(missing)
  .max(500, missing)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, missing);

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `POST /settings/scope/general`: any non-empty subset of the settings; unknown keys are refused, and so is
 * anything else wrong, all with 'missing parameters'.
 */
export const GeneralSettingsBody = z
  .strictObject(
    {
      map: z.strictObject(
        {
          center: z.strictObject(
            {
              lat: z.number(missing).min(-90, missing).max(90, missing),
              lng: z.number(missing).min(-180, missing).max(180, missing),
            },
            missing,
          ),
          zoom: z.int(missing).min(1, missing).max(19, missing),
        },
        missing,
      ),
      isOpenAuthEnabled: z.boolean(missing),
      isGoogleAuthEnabled: z.boolean(missing),
      isFacebookAuthEnabled: z.boolean(missing),
      openAuthTitle: z.string(missing).max(100, missing),
      multilingual: z.boolean(missing),
      registration: z.boolean(missing),
      geocoderUrl: httpUrl.nullable(),
      /** Fixed by the build: accepted only as read, so that a form can send back what it got. */
      locales: z
        .array(z.string(missing), missing)
        .refine((v) => sameJson(v, SHARED_SETTING_DEFAULTS.locales), missing),
    },
    missing,
  )
  .partial()
  .refine((v) => Object.entries(v).some(([k, x]) => k !== 'locales' && x !== undefined), missing);
export type GeneralSettingsBody = z.infer<typeof GeneralSettingsBody>;

// ------------------------------------------------------------------------------- site texts (front page, policy)

/** The settings scopes holding a title and an HTML body per locale. */
export const SITE_TEXT_SCOPES = ['frontpage', 'policy'] as const;
export type SiteTextScope = (typeof SITE_TEXT_SCOPES)[number];

export const MAX_SITE_TEXT_TITLE = 200;
export const MAX_SITE_TEXT_BODY = 200_000;

const siteText = z.strictObject(
  {
    title: z.string(missing).trim().max(MAX_SITE_TEXT_TITLE, missing),
    body: z.string(missing).max(MAX_SITE_TEXT_BODY, missing).meta({ description: 'HTML, sanitised on save' }),
  },
  missing,
);

/**
 * `POST /settings/scope/frontpage|policy` (admins) and `GET` of the same (everyone): a title and an HTML body in
 * Greek and in English. Empty strings mean "not set" (the site shows its own default text).
 */
export const SiteTextsBody = z.strictObject({ el: siteText, en: siteText }, missing);
export type SiteTextsBody = z.infer<typeof SiteTextsBody>;
export const SiteTextsAnswer = z.object({
  el: z.object({ title: z.string(), body: z.string() }),
  en: z.object({ title: z.string(), body: z.string() }),
});
export type SiteTextsAnswer = z.infer<typeof SiteTextsAnswer>;
