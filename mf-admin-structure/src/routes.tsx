import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading, NotFound } from '@agora/platform';
import { categoriesRoutes } from './categories/routes';
import { planRoutes } from './plan/routes';
import { profileRoutes } from './profile/routes';
import { projectsRoutes } from './projects/routes';
import { variableRoutes } from './variable/routes';

/**
 * The routes of the administration-structure remote (spec paths, mounted at `basePath`). Each feature lists its
 * own routes in `<feature>/routes.tsx`: projects, categories, plan (the plan screen, topics and attributes),
 * variable, profile.
 */
export function StructureRoutes({ basePath }: { basePath: string }) {
  const admin = `${basePath}/admin/administration`;
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        {projectsRoutes(admin)}
        {categoriesRoutes(admin)}
        {planRoutes(admin)}
        {variableRoutes(admin)}
        {profileRoutes(admin)}
        <Route path="*" element={<NotFound homeHref={`${basePath}/admin/dashboard`} />} />
      </Routes>
    </Suspense>
  );
}
