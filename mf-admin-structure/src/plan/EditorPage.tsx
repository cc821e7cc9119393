import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorFromCall, Loading, PageHeader } from '@agora/platform';
import { AttributeForm } from '../attribute/AttributeForm';
import { TopicForm } from '../topic/TopicForm';
import { editorPath, planPath } from './settings';
import { mapViewOf, useProject } from './useProject';
import './plan.css';

/**
 * The topic and attribute add/edit pages (spec routes …/topic/add, …/topic/{topic}/edit,
 * …/topic/{topic}/attribute/add, …/attribute/{attribute}/edit), opened in a new tab or this tab from the plan
 * screen. After an add the page goes to the edit route; after an edit, and on Cancel, back to the plan.
 */
export default function EditorPage({ base, kind }: { base: string; kind: 'topic' | 'attribute' }) {
  const { project: param = '', topic, attribute } = useParams();
  const navigate = useNavigate();
  const { data: project, error } = useProject(param);
  const plan = planPath(base, param);
  const token = kind === 'topic' ? topic : attribute;
  const title = `structure.plan.editor.${kind}.${token ? 'edit' : 'add'}`;
  const saved = (created: string) => {
    if (token) navigate(plan);
    else if (kind === 'topic')
      navigate(editorPath(base, param, { kind: 'topic', token: created }), { replace: true });
    else
      navigate(editorPath(base, param, { kind: 'attribute', topic: topic ?? '', token: created }), {
        replace: true,
      });
  };
  return (
    <section data-testid={`${kind}-page`}>
      <PageHeader title={<FormattedMessage id={title} />} />
      <p>
        <Link to={plan} data-testid="back-to-plan">
          <FormattedMessage id="structure.plan.back" />
        </Link>
      </p>
      {error ? (
        <ErrorFromCall error={error} />
      ) : !project ? (
        <Loading />
      ) : kind === 'topic' ? (
        <TopicForm
          key={token ?? 'new'}
          project={project.token}
          view={mapViewOf(project)}
          token={token}
          onSaved={(t) => saved(t.token)}
          onCancel={() => navigate(plan)}
        />
      ) : (
        <AttributeForm
          key={token ?? 'new'}
          project={project.token}
          view={mapViewOf(project)}
          node={topic ?? ''}
          token={token}
          onSaved={(a) => saved(a.token)}
          onCancel={() => navigate(plan)}
        />
      )}
    </section>
  );
}
