import type { EnrolCandidateAnswer, MemberAnswer } from '@agora/contracts/api';

export type MemberRow = MemberAnswer;
export type CandidateRow = EnrolCandidateAnswer;

/** The members of a category (`GET /api/enrolment/category/{category}/enrolled/true/page/…`). */
export const MEMBERS_LIST =
  '/api/enrolment/category/{category}/enrolled/true/page/{page}/sort/{field}/sort_method/{method}';

/** The active users not enrolled in a category (`GET /api/enrolment/category/{category}/page/…`). */
export const CANDIDATES_LIST =
  '/api/enrolment/category/{category}/page/{page}/sort/{field}/sort_method/{method}';
