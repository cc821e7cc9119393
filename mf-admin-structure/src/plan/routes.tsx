import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPage } from '@agora/platform';

const PlanPage = lazyPage(() => import('./PlanPage'));
const EditorPage = lazyPage(() => import('./EditorPage'));

/**
 * The plan screen and the topic and attribute add/edit pages (spec paths under `base`); `:project` is the
 * project's short name (or token), `:topic` and `:attribute` are tokens.
 */
export function planRoutes(base: string): ReactElement[] {
  const project = `${base}/project/:project`;
  const topic = `${project}/topic/:topic`;
  return [
    <Route key="plan" path={`${project}/plan`} element={<PlanPage base={base} />} />,
    <Route key="topic-add" path={`${project}/topic/add`} element={<EditorPage base={base} kind="topic" />} />,
    <Route key="topic-edit" path={`${topic}/edit`} element={<EditorPage base={base} kind="topic" />} />,
    <Route
      key="attribute-add"
      path={`${topic}/attribute/add`}
      element={<EditorPage base={base} kind="attribute" />}
    />,
    <Route
      key="attribute-edit"
      path={`${topic}/attribute/:attribute/edit`}
      element={<EditorPage base={base} kind="attribute" />}
    />,
  ];
}
