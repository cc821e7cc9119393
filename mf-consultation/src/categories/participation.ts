import { apiKey, useApiGet } from '@agora/platform';

/** SWR keys of the participation reads, to refresh them after an enrolment. */
export const PROFILE_KEY = apiKey('/api/data/scope/profile', {});
export const ENROLL_KEY = apiKey('/api/category/scope/enroll', {});
export const categoryPageKey = (mname: string) =>
  apiKey('/api/category/mname/{mname}', { params: { path: { mname } } });

/** `GET /api/data/scope/profile`: the participant's enrolled categories with their projects. */
export function useProfileCategories() {
  return useApiGet('/api/data/scope/profile', {});
}

/** `GET /api/category/scope/enroll`: the autosubscribe categories not joined yet. */
export function useEnrollCategories() {
  return useApiGet('/api/category/scope/enroll', {});
}

/** `GET /api/category/mname/{mname}`: the public page of a category. */
export function useCategoryPage(mname: string | undefined) {
  return useApiGet('/api/category/mname/{mname}', mname ? { params: { path: { mname } } } : null);
}
