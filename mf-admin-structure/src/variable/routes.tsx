import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '@agora/platform';

const VariablePage = lazyPage(() => import('./VariablePage'));

/** The variable add/edit routes, as <Route> elements for the remote's route table (spec paths under `base`). */
export function variableRoutes(base: string): ReactElement[] {
  const attribute = `${base}/project/:project/topic/:topic/attribute/:attribute`;
  return [
    <Route key="variable-add" path={`${attribute}/variable/add`} element={<VariablePage base={base} />} />,
    <Route
      key="variable-edit"
      path={`${attribute}/variable/:variable/edit`}
      element={<VariablePage base={base} />}
    />,
  ];
}
