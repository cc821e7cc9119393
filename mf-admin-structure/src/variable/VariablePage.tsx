import { FormattedMessage } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorFromCall, Loading, PageHeader, useApi } from '@agora/platform';
import { VariableForm } from './VariableForm';
import type { ProjectAnswer } from '@agora/contracts/api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The project's token from the route's `:project`, which is its short name (or already its token). */
export function useProjectToken(project: string | undefined) {
  const isToken = !!project && UUID.test(project);
  const { data, error } = useApi<ProjectAnswer>(
    project && !isToken ? `project/mname/${encodeURIComponent(project)}` : null,
  );
  return { token: isToken ? project : data?.token, error };
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
