import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyPage, Loading, NotFound } from '@agora/platform';
import { ForumPage } from './forum';
import { questionnaireAhead } from './questionnaire/ahead';

const FrontPage = lazyPage(() => import('./front/FrontPage'));
const ParticipatePage = lazyPage(() => import('./categories/ParticipatePage'));
const DataPage = lazyPage(() => import('./data/DataPage'));
const DataCategoryPage = lazyPage(() => import('./data/DataCategoryPage'));
const DataProjectPage = lazyPage(() => import('./data/DataProjectPage'));
const EnrollPage = lazyPage(() => import('./enrol/EnrollPage'));
const CategoryPage = lazyPage(() => import('./category-page/CategoryPage'));
const QuestionnairePage = lazyPage(() => import('./questionnaire/QuestionnairePage'), questionnaireAhead);
const AcceptPage = lazyPage(() => import('./invitation/AcceptPage'));
const ResultsPage = lazyPage(() => import('./results/ResultsPage'));

/** The routes of the consultation remote (spec paths under `basePath`): what `<Routes>` and `preload` match. */
export function consultationRoutes(basePath: string): ReactNode {
  return (
    <>
      <Route path={`${basePath}/`} element={<FrontPage basePath={basePath} />} />
      <Route path={`${basePath}/participate`} element={<ParticipatePage basePath={basePath} />} />
      <Route
        path={`${basePath}/participate/category/:category`}
        element={<CategoryPage basePath={basePath} />}
      />
      <Route path={`${basePath}/enroll`} element={<EnrollPage basePath={basePath} />} />
      <Route path={`${basePath}/enroll/category/:category`} element={<EnrollPage basePath={basePath} />} />
      <Route path={`${basePath}/admin/data`} element={<DataPage basePath={basePath} />} />
      <Route
        path={`${basePath}/admin/data/category/:category`}
        element={<DataCategoryPage basePath={basePath} />}
      />
      <Route
        path={`${basePath}/admin/data/category/:category/project/:project`}
        element={<DataProjectPage basePath={basePath} />}
      />
      <Route path={`${basePath}/forum/:id`} element={<ForumPage />} />
      <Route
        path={`${basePath}/participate/category/:category/project/:project`}
        element={<QuestionnairePage basePath={basePath} />}
      />
      <Route
        path={`${basePath}/participate/category/:category/project/:project/results`}
        element={<ResultsPage basePath={basePath} />}
      />
      <Route path={`${basePath}/invitation/accept/:hash`} element={<AcceptPage basePath={basePath} />} />
      <Route path="*" element={<NotFound homeHref={`${basePath}/`} />} />
    </>
  );
}

/** The routes of the consultation remote (spec paths, mounted at `basePath`). */
export function ConsultationRoutes({ basePath }: { basePath: string }) {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>{consultationRoutes(basePath)}</Routes>
    </Suspense>
  );
}
