import { Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading, NotFound } from '@agora/platform';
import { categoriesRoutes } from './categories/routes';
import { planRoutes } from './plan/routes';
import { profileRoutes } from './profile/routes';
import { projectsRoutes } from './projects/routes';
import { variableRoutes } from './variable/routes';

/**
 * The routes of the administration-structure remote (spec paths under `basePath`): what `<Routes>` and `preload`
 * match. Each feature lists its own routes in `<feature>/routes.tsx`: projects, categories, plan (the plan screen,
 * topics and attributes), variable, profile.
 */
export function structureRoutes(basePath: string): ReactElement[] {
  const admin = `${basePath}/admin/administration`;
  return [
    ...projectsRoutes(admin),
    ...categoriesRoutes(admin),
    ...planRoutes(admin),
    ...variableRoutes(admin),
    ...profileRoutes(admin),
    <Route key="not-found" path="*" element={<NotFound homeHref={`${basePath}/admin/dashboard`} />} />,
  ];
}

/** The routes of the administration-structure remote (spec paths, mounted at `basePath`). */
export function StructureRoutes({ basePath }: { basePath: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>{structureRoutes(basePath)}</Routes>
    </Suspense>
  );
}
