import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  client,
  DateText,
  EmptyState,
  ErrorFromCall,
  Loading,
  PageHeader,
  useApiGet,
  useConfirm,
  useNotify,
} from '@agora/platform';
import { useActiveCategory, WithActiveCategory } from '../shared';
import { useAdminHref, useBasePath } from './base';
import { Reorderable, ReorderToggle, type DragProps } from './lazySortable';
import { saveSortOrder } from './order';
import './projects.css';
import type { ProjectAnswer } from '@agora/contracts/api';

const COLUMNS = ['col.title', 'col.mname', 'col.start', 'col.end', 'col.active', 'col.actions'];

/** A project's row; in the list's reorder mode (`reorder`) it has a drag handle and moves while dragged. */
function ProjectRow({
  project,
  onDrop,
  reorder = false,
  nodeRef,
  handleRef,
  handleAttributes,
  handleListeners,
  style,
  dragging = false,
}: {
  project: ProjectAnswer;
  onDrop: (p: ProjectAnswer) => void;
} & Partial<DragProps>) {
  const intl = useIntl();
  const href = useAdminHref();
  const name = encodeURIComponent(project.mname);
  const label = (id: string) => intl.formatMessage({ id: `structure.projects.${id}` });
  return (
    <tr
      ref={nodeRef}
      style={style}
      className={dragging ? 'is-dragging' : undefined}
      data-testid="project-row"
      data-token={project.token}
    >
      {reorder && (
        <td className="st-handle-cell">
          <button
            type="button"
            ref={handleRef}
            className="st-handle"
            {...handleAttributes}
            {...handleListeners}
            aria-label={intl.formatMessage(
              { id: 'structure.projects.sort.handle' },
              { title: project.title },
            )}
            data-testid="project-handle"
          >
            ⠿
          </button>
        </td>
      )}
      <td data-label={label('col.title')}>{project.title}</td>
      <td data-label={label('col.mname')}>{project.mname}</td>
      <td data-label={label('col.start')}>
        <DateText value={project.start_date} />
      </td>
      <td data-label={label('col.end')}>
        <DateText value={project.end_date} />
      </td>
      <td data-label={label('col.active')}>
        <FormattedMessage id={project.active ? 'structure.projects.yes' : 'structure.projects.no'} />
      </td>
      <td className="st-actions-cell">
        <Link
          className="ag-button"
          to={href(`/project/${name}/edit`)}
          aria-label={intl.formatMessage({ id: 'structure.projects.editOf' }, { title: project.title })}
          data-testid="project-edit"
        >
          <FormattedMessage id="structure.projects.edit" />
        </Link>
        <Link
          className="ag-button"
          to={href(`/project/${name}/plan`)}
          aria-label={intl.formatMessage({ id: 'structure.projects.planOf' }, { title: project.title })}
          data-testid="project-plan"
        >
          <FormattedMessage id="structure.projects.plan" />
        </Link>
        <button
          type="button"
          className="ag-button st-danger"
          onClick={() => onDrop(project)}
          aria-label={intl.formatMessage({ id: 'structure.projects.dropOf' }, { title: project.title })}
          data-testid="project-drop"
        >
          <FormattedMessage id="structure.projects.drop" />
        </button>
      </td>
    </tr>
  );
}

function ProjectTable({ category }: { category: { token: string; title: string } }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const [editMode, setEditMode] = useState(false);
  const { data, error, isLoading, mutate } = useApiGet('/api/project/category/{category}', {
    params: { path: { category: category.token } },
  });
  const href = useAdminHref();

  const drop = async (p: ProjectAnswer) => {
    if (!(await confirm({ title: 'drop confirm', body: 'do you wish to continue' }))) return;
    try {
      await client.DELETE('/api/project/token/{token}', { params: { path: { token: p.token } } });
      notify({ type: 'success', body: 'data deleted' });
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
    await mutate();
  };

  const saveOrder = (tokens: string[]) =>
    saveSortOrder({
      data,
      tokens,
      put: (body) => client.PUT('/api/project/sortOrder', { body }),
      mutate,
      notify,
    });

  if (error) return <ErrorFromCall error={error} />;
  if (isLoading || !data) return <Loading />;
  const projects = data;
  const table = (rows: ReactNode) => (
    <table className="ag-table st-table" data-testid="projects-table">
      <caption className="st-visually-hidden">
        <FormattedMessage id="structure.projects.caption" />
      </caption>
      <thead>
        <tr>
          {(editMode ? ['sort.column', ...COLUMNS] : COLUMNS).map((id) => (
            <th key={id} scope="col">
              <FormattedMessage id={`structure.projects.${id}`} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </table>
  );
  return (
    <>
      <div className="st-toolbar">
        <p className="st-muted" data-testid="projects-category">
          <FormattedMessage id="structure.projects.ofCategory" values={{ title: category.title }} />
        </p>
        <Link className="ag-button ag-button-primary" to={href('/project/add')} data-testid="project-add">
          <FormattedMessage id="structure.projects.add" />
        </Link>
        {projects.length > 1 && (
          <ReorderToggle on={editMode} onToggle={() => setEditMode((on) => !on)} testId="projects-reorder" />
        )}
      </div>
      {projects.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="structure.projects.empty" />
        </EmptyState>
      ) : (
        <div className="st-table-scroll">
          <Reorderable
            reorder={editMode}
            items={projects}
            onReorder={(tokens) => void saveOrder(tokens)}
            wrap={table}
            render={(p, drag) => <ProjectRow project={p} onDrop={(x) => void drop(x)} {...drag} />}
          />
        </div>
      )}
    </>
  );
}

/** /admin/administration/project/list: the active category's projects, reorderable in edit mode. */
export default function ProjectListPage() {
  const active = useActiveCategory();
  const basePath = useBasePath();
  return (
    <section data-testid="mf-admin-structure-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="structure.projects.title" />} />
      <WithActiveCategory active={active} basePath={basePath}>
        {(category) => <ProjectTable key={category.token} category={category} />}
      </WithActiveCategory>
    </section>
  );
}
