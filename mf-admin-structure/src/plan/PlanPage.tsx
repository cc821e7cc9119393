import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { useAtom } from 'jotai';
import type { ThreadScope } from '@agora/contracts';
import {
  client,
  EmptyState,
  ErrorFromCall,
  Loading,
  Modal,
  PageHeader,
  useApiGet,
  useConfirm,
  useNotify,
} from '@agora/platform';
import { AttributeForm } from '../attribute/AttributeForm';
import { ProjectForm } from '../projects/ProjectForm';
import { CreateThreadModal } from '../thread/CreateThreadModal';
import { TopicForm } from '../topic/TopicForm';
import { VariableForm } from '../variable/VariableForm';
import { Menu } from './Menu';
import { PlanTree, type ItemAction } from './PlanTree';
import { editOnAtom, openAction, openModeAtom, OPEN_MODES, type EditorTarget } from './settings';
import { applyMove, buildTree, flattenTree, planMove, scopeOf, sendMove, type ItemKind } from './tree';
import { mapViewOf, useProject } from './useProject';
import './plan.css';
import type { AttributeAnswer, ProjectAnswer, TopicAnswer, VariableAnswer } from '@agora/contracts/api';

/** `DELETE` of an item of each kind (a topic is a `node`). */
const DELETE_PATHS = {
  topic: '/api/node/token/{token}',
  attribute: '/api/attribute/token/{token}',
  variable: '/api/variable/token/{token}',
} as const;

/** SWR options of the three lists: the focus refresh is done by the page itself (below), once for all three. */
const LISTS = { revalidateOnFocus: false } as const;

/**
 * /admin/administration/project/{project}/plan (spec part 2 §2 "Plan Project screen"): the project's topics, their
 * attributes and the attributes' variables, reordered by drag and drop while editing is on, with add, edit, hide
 * and show, delete and thread creation per item, opened in a modal, a new tab or this tab.
 */
export default function PlanPage({ base }: { base: string }) {
  const { project: param } = useParams();
  const { data: project, error, mutate: reloadProject } = useProject(param);
  if (error) return <ErrorFromCall error={error} />;
  if (!project || !param) return <Loading />;
  return <Plan base={base} param={param} project={project} reloadProject={() => void reloadProject()} />;
}

function Plan({
  base,
  param,
  project,
  reloadProject,
}: {
  base: string;
  param: string;
  project: ProjectAnswer;
  reloadProject: () => void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [mode, setMode] = useAtom(openModeAtom);
  const [editOn, setEditOn] = useAtom(editOnAtom);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [thread, setThread] = useState<{ scope: ThreadScope; token: string } | null>(null);
  const ofProject = { params: { path: { project: project.token } } };
  const topics = useApiGet('/api/node/project/{project}', ofProject, LISTS);
  const attributes = useApiGet('/api/attribute/project/{project}', ofProject, LISTS);
  const variables = useApiGet('/api/variable/project/{project}', ofProject, LISTS);
  const loadError = topics.error ?? attributes.error ?? variables.error;
  const ready = topics.data && attributes.data && variables.data;
  const tree = useMemo(
    () =>
      topics.data && attributes.data && variables.data
        ? buildTree({ topics: topics.data, attributes: attributes.data, variables: variables.data })
        : [],
    [topics.data, attributes.data, variables.data],
  );

  const refresh = async () => {
    await Promise.all([topics.mutate(), attributes.mutate(), variables.mutate()]);
  };

  // Back from another tab (an editor opened in a new tab): load the structure again.
  const { mutate: mutateTopics } = topics;
  const { mutate: mutateAttributes } = attributes;
  const { mutate: mutateVariables } = variables;
  useEffect(() => {
    const reload = () => {
      if (document.visibilityState === 'hidden') return;
      void mutateTopics();
      void mutateAttributes();
      void mutateVariables();
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', reload);
    return () => {
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', reload);
    };
  }, [mutateTopics, mutateAttributes, mutateVariables]);

  const open = (target: EditorTarget) => {
    const action = openAction(mode, base, param, target);
    if (action.type === 'modal') setEditor(action.target);
    else if (action.type === 'tab') window.open(action.href, '_blank', 'noopener');
    else navigate(action.href);
  };

  const onMove = async (activeId: string, overId: string | null) => {
    const move = planMove(tree, activeId, overId);
    if (!move) return;
    const lists = flattenTree(applyMove(tree, move));
    void topics.mutate(lists.topics, { revalidate: false });
    void attributes.mutate(lists.attributes, { revalidate: false });
    void variables.mutate(lists.variables, { revalidate: false });
    try {
      await sendMove(client, project.token, move);
      notify({ type: 'success', body: 'successful update' });
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
    await refresh();
  };

  const onAction = async (
    kind: ItemKind,
    action: ItemAction,
    item: TopicAnswer | AttributeAnswer | VariableAnswer,
    topic?: string,
  ) => {
    const token = item.token;
    if (action === 'edit') {
      if (kind === 'topic') open({ kind: 'topic', token });
      else if (kind === 'attribute') open({ kind: 'attribute', topic: topic ?? '', token });
      else
        open({ kind: 'variable', topic: topic ?? '', attribute: (item as VariableAnswer).attribute, token });
      return;
    }
    if (action === 'add') {
      if (kind === 'topic') open({ kind: 'attribute', topic: token });
      else open({ kind: 'variable', topic: topic ?? '', attribute: token });
      return;
    }
    if (action === 'thread') {
      setThread({ scope: scopeOf(kind), token });
      return;
    }
    try {
      if (action === 'toggle') {
        const body = { is_visible: !(item as AttributeAnswer | VariableAnswer).is_visible };
        if (kind === 'attribute')
          await client.PUT('/api/attribute/token/{attribute}', {
            params: { path: { attribute: token } },
            body,
          });
        else if (kind === 'variable')
          await client.PUT('/api/variable/token/{token}', { params: { path: { token } }, body });
        notify({ type: 'success', body: 'successful update' });
      } else {
        if (!(await confirm({ title: 'drop confirm', body: 'do you wish to continue' }))) return;
        await client.DELETE(DELETE_PATHS[kind], { params: { path: { token } } });
        notify({ type: 'success', body: 'data deleted' });
      }
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
    await refresh();
  };

  const closeEditor = (saved: boolean) => {
    setEditor(null);
    if (saved) void refresh();
  };

  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `structure.plan.${id}` }, values);

  return (
    <section className="structure-plan" data-testid="plan-page" data-edit={editOn ? 'on' : 'off'}>
      <PageHeader
        title={<FormattedMessage id="structure.plan.title" values={{ project: project.title }} />}
      />
      <div className="structure-plan-toolbar" role="toolbar" aria-label={t('toolbar')}>
        <button type="button" className="ag-button" onClick={() => void refresh()} data-testid="plan-refresh">
          <FormattedMessage id="structure.plan.refresh" />
        </button>
        {editOn && (
          <button
            type="button"
            className="ag-button ag-button-primary"
            onClick={() => open({ kind: 'topic' })}
            data-testid="plan-add-topic"
          >
            <FormattedMessage id="structure.plan.addTopic" />
          </button>
        )}
        {project.forum_topic_url && (
          <a
            href={project.forum_topic_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="plan-project-forum"
          >
            <FormattedMessage id="structure.plan.forum" />
          </a>
        )}
        <Menu
          label={t('settings')}
          button={<FormattedMessage id="structure.plan.settings" />}
          testId="plan-settings"
          items={[
            ...OPEN_MODES.map((m) => ({
              key: `mode-${m}`,
              role: 'menuitemradio' as const,
              checked: mode === m,
              label: <FormattedMessage id={`structure.plan.mode.${m}`} />,
              onSelect: () => setMode(m),
              testId: `settings-mode-${m}`,
            })),
            {
              key: 'edit-on',
              role: 'menuitemcheckbox' as const,
              checked: editOn,
              label: <FormattedMessage id="structure.plan.editOn" />,
              onSelect: () => setEditOn(!editOn),
              testId: 'settings-edit-on',
            },
            ...(project.forum_topic_id
              ? []
              : [
                  {
                    key: 'thread',
                    label: <FormattedMessage id="structure.plan.createThread" />,
                    onSelect: () => setThread({ scope: 'project', token: project.token }),
                    testId: 'settings-thread',
                  },
                ]),
            {
              key: 'edit-project',
              label: <FormattedMessage id="structure.plan.editProject" />,
              onSelect: () => open({ kind: 'project' }),
              testId: 'settings-edit-project',
            },
          ]}
        />
      </div>
      {loadError ? (
        <ErrorFromCall error={loadError} />
      ) : !ready ? (
        <Loading />
      ) : tree.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="structure.plan.empty" />
        </EmptyState>
      ) : (
        <PlanTree
          tree={tree}
          editOn={editOn}
          onMove={(a, o) => void onMove(a, o)}
          onAction={(k, a, i, tp) => void onAction(k, a, i, tp)}
          threads
        />
      )}
      {editor && (
        <Modal
          title={t(`editor.${editor.kind}.${editorToken(editor) ? 'edit' : 'add'}`)}
          onClose={() => closeEditor(false)}
          testId="plan-editor"
        >
          {editor.kind === 'project' ? (
            <ProjectForm
              token={project.token}
              onSaved={() => {
                reloadProject();
                closeEditor(false);
              }}
              onCancel={() => closeEditor(false)}
            />
          ) : editor.kind === 'topic' ? (
            <TopicForm
              project={project.token}
              view={mapViewOf(project)}
              token={editor.token}
              onSaved={() => closeEditor(true)}
              onCancel={() => closeEditor(false)}
            />
          ) : editor.kind === 'attribute' ? (
            <AttributeForm
              project={project.token}
              view={mapViewOf(project)}
              node={editor.topic}
              token={editor.token}
              onSaved={() => closeEditor(true)}
              onCancel={() => closeEditor(false)}
            />
          ) : (
            <VariableForm
              project={project.token}
              attribute={editor.attribute}
              token={editor.token}
              onSaved={() => closeEditor(true)}
              onCancel={() => closeEditor(false)}
            />
          )}
        </Modal>
      )}
      {thread && (
        <CreateThreadModal
          scope={thread.scope}
          token={thread.token}
          onCreated={() => {
            setThread(null);
            if (thread.scope === 'project') reloadProject();
            else void refresh();
          }}
          onClose={() => setThread(null)}
        />
      )}
    </section>
  );
}

const editorToken = (target: EditorTarget) => (target.kind === 'project' ? 'project' : target.token);
