import { useParams } from 'react-router-dom';
import { Loading, useApiGet } from '@agora/platform';
import { QuestionnaireFailure } from '../questionnaire/QuestionnairePage';
import { QuestionnaireScreen } from '../questionnaire/QuestionnaireScreen';
import { dataCategoryPath } from './paths';

/**
 * /admin/data/category/{category}/project/{project} (short names): the project's map with every answer, the aside
 * and the answers panel (all, mine, top rated), read-only: the questionnaire screen as staff get it (the server
 * answers them `can_answer: false`, `see_all: true`), with the export icons and the aside's Data tab. An unknown
 * category goes to the category's data page (its 404), an unknown project is the 404 page.
 */
export default function DataProjectPage({ basePath }: { basePath: string }) {
  const params = useParams();
  const category = params.category ?? '';
  const project = params.project ?? '';
  const { data, error, mutate } = useApiGet(
    '/api/data/scope/questionnaire/category/{category}/project/{project}',
    { params: { path: { category, project } } },
    { revalidateOnFocus: false },
  );
  if (error)
    return (
      <QuestionnaireFailure
        error={error}
        basePath={basePath}
        categoryHref={dataCategoryPath(basePath, category)}
      />
    );
  if (!data) return <Loading />;
  return <QuestionnaireScreen data={data} basePath={basePath} reload={() => void mutate()} />;
}
