import { Navigate, Route } from 'react-router-dom';
import { lazyPage } from '@agora/platform';
import type { ReactElement } from 'react';

const ProjectListPage = lazyPage(() => import('./ProjectListPage'));
const ProjectEditPage = lazyPage(() => import('./ProjectEditPage'));

/** The project routes (spec paths under `base` = `<basePath>/admin/administration`). */
export function projectsRoutes(base: string): ReactElement[] {
  const projects = `${base}/project`;
  return [
    <Route key="projects" path={projects} element={<Navigate to={`${projects}/list`} replace />} />,
    <Route key="projects-list" path={`${projects}/list`} element={<ProjectListPage />} />,
    <Route key="projects-add" path={`${projects}/add`} element={<ProjectEditPage />} />,
    <Route key="projects-edit" path={`${projects}/:project/edit`} element={<ProjectEditPage />} />,
  ];
}
