import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorFromCall, Loading, PageHeader, useApiGet } from '@agora/platform';
import { VariableForm } from './VariableForm';
import { isToken } from '../projects/base';

/** The project's token from the route's `:project`, which is its short name (or already its token). */
export function useProjectToken(project: string | undefined) {
  const byToken = !!project && isToken(project);
  const { data, error } = useApiGet(
    '/api/project/mname/{mname}',
    project && !byToken ? { params: { path: { mname: project } } } : null,
  );
  return { token: byToken ? project : data?.token, error };
}

/**
 * `…/project/:project/topic/:topic/attribute/:attribute/variable/add` and `…/variable/:variable/edit`: the
 * variable form in a page. After an add the page goes to the edit route; Cancel goes back to the plan screen.
 */
export default function VariablePage({ base }: { base: string }) {
  const { project, topic, attribute, variable } = useParams();
  const navigate = useNavigate();
  const { token, error } = useProjectToken(project);
  const plan = `${base}/project/${encodeURIComponent(project ?? '')}/plan`;
  const attributePath = `${base}/project/${encodeURIComponent(project ?? '')}/topic/${encodeURIComponent(
    topic ?? '',
  )}/attribute/${encodeURIComponent(attribute ?? '')}`;
  return (
    <section data-testid="variable-page">
      <PageHeader
        title={
          <FormattedMessage id={variable ? 'structure.variable.editTitle' : 'structure.variable.addTitle'} />
        }
      />
      {error ? (
        <ErrorFromCall error={error} />
      ) : !token || !attribute ? (
        <Loading />
      ) : (
        <VariableForm
          key={variable ?? 'new'}
          project={token}
          attribute={attribute}
          token={variable}
          onSaved={(v) => {
            if (!variable)
              navigate(`${attributePath}/variable/${encodeURIComponent(v.token)}/edit`, { replace: true });
          }}
          onCancel={() => navigate(plan)}
        />
      )}
    </section>
  );
}
