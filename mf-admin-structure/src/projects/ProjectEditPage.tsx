import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorFromCall, Loading, PageHeader, useApiGet } from '@agora/platform';
import { isToken, useAdminHref } from './base';
import { ProjectForm } from './ProjectForm';
import type { ProjectAnswer } from '@agora/contracts/api';

/**
 * /admin/administration/project/add and /project/{project}/edit (project = short name or token): the project
 * form in a page. After a create it goes to the new project's edit route.
 */
export default function ProjectEditPage() {
  const { project } = useParams();
  const navigate = useNavigate();
  const href = useAdminHref();
  const byName = !!project && !isToken(project);
  const { data, error } = useApiGet(
    '/api/project/mname/{mname}',
    byName ? { params: { path: { mname: project } } } : null,
  );
  const token = project ? (byName ? data?.token : project) : undefined;

  const onSaved = (p: ProjectAnswer) => {
    if (!project || (byName && p.mname && p.mname !== project)) {
      navigate(href(`/project/${encodeURIComponent(p.mname)}/edit`), { replace: !!project });
    }
  };

  return (
    <section data-testid="mf-admin-structure-page" data-remote-version={__APP_VERSION__}>
      <PageHeader
        title={
          <FormattedMessage id={project ? 'structure.projects.editTitle' : 'structure.projects.addTitle'} />
        }
        actions={
          <>
            {project && (
              <Link className="ag-button" to={href(`/project/${encodeURIComponent(project)}/plan`)}>
                <FormattedMessage id="structure.projects.plan" />
              </Link>
            )}
            <Link className="ag-button" to={href('/project/list')}>
              <FormattedMessage id="structure.projects.backToList" />
            </Link>
          </>
        }
      />
      {error ? (
        <ErrorFromCall error={error} />
      ) : project && !token ? (
        <Loading />
      ) : (
        <ProjectForm token={token} onSaved={onSaved} onCancel={() => navigate(href('/project/list'))} />
      )}
    </section>
  );
}
