import { useApi } from '@agora/platform';
import type { CategoryCardListAnswer, CategoryPageAnswer, ProfileOverviewAnswer } from './cards';

/** SWR keys of the participation reads, to refresh them after an enrolment. */
export const PROFILE_KEY = '/api/data/scope/profile';
export const ENROLL_KEY = '/api/category/scope/enroll';
export const categoryPageKey = (mname: string) => `/api/category/mname/${encodeURIComponent(mname)}`;

/** `GET /api/data/scope/profile`: the participant's enrolled categories with their projects. */
export function useProfileCategories() {
  return useApi<ProfileOverviewAnswer>(PROFILE_KEY);
}

/** `GET /api/category/scope/enroll`: the autosubscribe categories not joined yet. */
export function useEnrollCategories() {
  return useApi<CategoryCardListAnswer>(ENROLL_KEY);
}

/** `GET /api/category/mname/{mname}`: the public page of a category. */
export function useCategoryPage(mname: string | undefined) {
  return useApi<CategoryPageAnswer>(mname ? categoryPageKey(mname) : null);
}
