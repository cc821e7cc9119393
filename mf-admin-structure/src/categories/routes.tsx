import { Route } from 'react-router-dom';
import { lazyPage } from '@agora/platform';
import type { ReactElement } from 'react';

const CategoryEditPage = lazyPage(() => import('./CategoryEditPage'));
const CategoryDetailsPage = lazyPage(() => import('./CategoryDetailsPage'));

/** The category routes (spec paths under `base` = `<basePath>/admin/administration`). */
export function categoriesRoutes(base: string): ReactElement[] {
  const categories = `${base}/category`;
  return [
    <Route key="category-add" path={`${categories}/add`} element={<CategoryEditPage />} />,
    <Route key="category-edit" path={`${categories}/:category/edit`} element={<CategoryEditPage />} />,
    <Route key="category-details" path={`${categories}/:category`} element={<CategoryDetailsPage />} />,
  ];
}
