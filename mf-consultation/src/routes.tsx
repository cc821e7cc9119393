import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ForumPage, Loading, NotFound } from '@agora/platform';

const FrontPage = lazy(() => import('./front/FrontPage'));
const ParticipatePage = lazy(() => import('./categories/ParticipatePage'));
const DataPage = lazy(() => import('./categories/DataPage'));

/** The routes of the consultation remote (spec paths, mounted at `basePath`). */
export function ConsultationRoutes({ basePath }: { basePath: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path={`${basePath}/`} element={<FrontPage basePath={basePath} />} />
        <Route path={`${basePath}/participate`} element={<ParticipatePage basePath={basePath} />} />
        <Route path={`${basePath}/admin/data`} element={<DataPage />} />
        <Route path={`${basePath}/forum/:id`} element={<ForumPage />} />
        <Route path="*" element={<NotFound homeHref={`${basePath}/`} />} />
      </Routes>
    </Suspense>
  );
}
