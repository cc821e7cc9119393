import type { UserAnswer } from '@agora/contracts/api';

/** A user as the list, the details and the user form show it: the service's answer. */
export type UserRow = UserAnswer;

/** The users list (`GET /api/users/page/…`; its search, filter and page-size forms are documented too). */
export const USERS_LIST = '/api/users/page/{page}/sort/{field}/sort_method/{method}';
