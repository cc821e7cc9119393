import { z } from 'zod';
import type { SessionUser } from '../identity.js';
import { ROLES } from '../roles.js';

/** The request and answer bodies of the accounts service (see `ZodBody` / `ZodResponse` in the services). */

const missing = { error: 'missing parameters' };

export const SessionUserSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
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
