import { useCallback, useMemo, useReducer, useRef, useState, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { LatLng } from '@agora/contracts';
import { setEditing, useLeafletMap } from '@agora/platform';
import { DataTab } from '../data/DataTab';
import { ExportTools } from '../data/export/ExportTools';
import { useAreaWithin, useMapAnalytics } from '../data/map/MapAnalytics';
import { ProfileForm } from '../profile/ProfileForm';
import { Aside } from './Aside';
import { Drawer } from './Drawer';
import { draftGeometry, verticesOf } from './draft';
import { selectionFor } from './selection';
import { drawingOf, entriesOf, hasPanel, isPicking, NO_TASK, shapeOf, taskReducer } from './task';
import { TaskDialogs } from './TaskDialogs';
import { TaskPanel } from './TaskPanel';
import type { AnswerFeature, Questionnaire, QuestionnaireAttribute } from './types';
import { useAnswerActions } from './useAnswerActions';
import { useAnswerData } from './useAnswerData';
import { useDraft } from './useDraft';
import { useDrawer } from './useDrawer';
import { useHiddenAttributes } from './useHiddenAttributes';
import { useLiveRegion } from './useLiveRegion';
import { useMapKeys } from './useMapKeys';
import { fingerprintOf } from './outbox';
import { OutboxPanel } from './OutboxPanel';
import { useOutbox } from './useOutbox';
import { usePendingLayer } from './usePendingLayer';
import { useScreenLayers } from './useScreenLayers';
import { useTaskFocus } from './useTaskFocus';
import './questionnaire.css';

export { MOBILE_WIDTH } from './useDrawer';
export { shapeOf };

/** The spec's questionnaire map defaults (part 2 §9): centre about 41.12, 25.40, zoom 14. */
export const DEFAULT_CENTER: LatLng = { lat: 41.12, lng: 25.4 };
export const DEFAULT_ZOOM = 14;

const NONE_SHOWN: [] = [];

export interface QuestionnaireScreenProps {
  data: Questionnaire;
  basePath: string;
  /** loads the questionnaire again (after the profile is answered) */
  reload: () => void;
  /** the share widget, shown at the end of the aside */
  share?: React.ReactNode;
  /** the like/dislike buttons of an answer */
  reactions?: (choice: string) => React.ReactNode;
}

/**
 * The questionnaire screen (spec part 2 §2, §4): a full-screen map with the project's layers, topics' boundaries
 * and the answers, an aside (a drawer below 768 px), the consultation-profile form on first entry, the
 * mode-choice dialog, drawing with the mouse (leaflet-draw) or the keyboard, the answers panel, and a live region
 * telling screen readers what happened.
 */
export function QuestionnaireScreen({ data, basePath, reload, share, reactions }: QuestionnaireScreenProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { project, access, today } = data;
  const normal = access.role === 'normal';
  // experts and staff: the export icons and the aside's Data tab (spec §6)
  const analyst = !normal;
  const mapView = { center: project.center ?? DEFAULT_CENTER, zoom: project.zoom || DEFAULT_ZOOM };

  const answers = useAnswerData(data);
  const entries = useMemo(() => entriesOf(data.topics), [data.topics]);
  // answers kept while offline, sent when the connection is back (decision 0093)
  const outbox = useOutbox(data, answers.refresh);
  const own = useMemo(
    () => [...answers.own, ...outbox.entries.map((e) => ({ attribute: e.attribute, node: e.topic }))],
    [answers.own, outbox.entries],
  );

  const [hidden, setVisible] = useHiddenAttributes();
  const [task, dispatchTask] = useReducer(taskReducer, NO_TASK);
  const [confirmDelete, setConfirmDelete] = useState<AnswerFeature | null>(null);
  const drawer = useDrawer();
  const { mobile } = drawer;
  const live = useLiveRegion();

  // the map
  const box = useRef<HTMLDivElement>(null);
  // Leaflet alone: leaflet-draw is loaded when a task starts (useMouseDrawing) or for the filter of experts and
  // staff (useAreaFilterDraw), not before the map shows
  const handle = useLeafletMap(box, mapView);
  // a large layer of all answers opens as clusters (its answers drawn one by one only when ticked)
  const { large } = answers;
  const analytics = useMapAnalytics(
    handle,
    project.token,
    data.topics,
    !normal,
    large ? 'clusters' : 'answers',
  );
  // experts and staff read the answers of an attribute a page at a time, inside the drawn area
  const within = useAreaWithin(project.token, analyst);
  const crosshair = useCallback((): LatLng | null => {
    const c = handle?.map.getCenter();
    return c ? { lat: c.lat, lng: c.lng } : null;
  }, [handle]);

  const drawing = drawingOf(task);
  const draft = useDraft(drawing?.entry.topic.boundary ?? null, live.sayAnnouncement, () =>
    live.sayLive('movedShape'),
  );
  const cancelDrawing = () => {
    dispatchTask({ type: 'close' });
    live.sayLive('cancelled');
  };
  const actions = useAnswerActions({
    project: project.token,
    task,
    dispatchTask,
    own,
    refresh: answers.refresh,
    live,
    outbox,
    onDraw: (shape) => {
      draft.reset(shape);
      drawer.giveWay();
    },
  });
  const finishDraft = () => {
    const geometry = draftGeometry(draft.current());
    if (!geometry) return;
    if (task.kind === 'edit') void actions.saveShape(geometry);
    else void actions.submit(geometry);
  };
  const editShape = () => {
    if (task.kind !== 'details' || !task.answer.geometry) return;
    const shape = shapeOf(task.entry);
    if (!shape) return;
    dispatchTask({ type: 'editShape' });
    draft.reset(shape, verticesOf(task.answer.geometry));
  };

  const select = (attribute: QuestionnaireAttribute) => {
    const entry = entries.get(attribute.token);
    if (!entry) return;
    const selection = selectionFor(access, project, today);
    if (selection.kind === 'answer') actions.start(entry);
    else dispatchTask({ type: 'select', entry, selection });
  };
  const { giveWay } = drawer;
  const openAnswer = useCallback(
    (answer: AnswerFeature) => {
      const entry = entries.get(answer.properties.attribute);
      if (!entry) return;
      dispatchTask({ type: 'open', entry, answer });
      giveWay();
    },
    [entries, giveWay],
  );

  useScreenLayers(handle, {
    data,
    task,
    hidden,
    shown: analytics.view === 'answers' ? answers.shown : NONE_SHOWN,
    entries,
    draft: draft.draft,
    dispatch: draft.dispatch,
    translate: draft.translate,
    onOpen: openAnswer,
    onSubmit: (geometry) => void actions.submit(geometry),
    locale: intl.locale,
  });
  usePendingLayer(handle, outbox.entries, entries, hidden);
  useMapKeys(box, {
    drawing: drawing?.kind ?? null,
    picking: isPicking(task),
    crosshair,
    dispatch: draft.dispatch,
    cancel: cancelDrawing,
  });

  // the task panel takes room from the map: Leaflet measures its box again
  const panelOpen = hasPanel(task);
  useEffect(() => {
    handle?.map.invalidateSize();
  }, [handle, panelOpen, mobile]);
  const taskPanel = useRef<HTMLDivElement>(null);
  useTaskFocus(task, taskPanel, box);

  const current = task.kind === 'none' ? null : task.entry.attribute.token;

  return (
    <div
      className={`cons-q${mobile ? ' is-mobile' : ''}`}
      data-testid="questionnaire"
      data-role={access.role}
    >
      <h1 className="ag-visually-hidden">{project.title}</h1>
      <Drawer mobile={mobile} open={drawer.open} setOpen={drawer.setOpen}>
        <Aside
          data={data}
          basePath={basePath}
          layers={answers.offered}
          checked={answers.checked}
          onLayer={answers.setLayer}
          largeLayer={large ? access.answers_on_map : null}
          hidden={hidden}
          onVisible={setVisible}
          onSelect={(attribute) => {
            select(attribute);
            drawer.giveWay();
          }}
          current={current}
          footer={
            <>
              {analytics.panel}
              {share}
            </>
          }
          dataTab={analyst ? <DataTab basePath={basePath} staff={access.role === 'staff'} /> : undefined}
        />
      </Drawer>
      <div className="cons-main">
        <div className="cons-map-wrap">
          <div
            ref={box}
            className="cons-map"
            role="application"
            aria-label={intl.formatMessage(
              { id: 'consultation.questionnaire.map' },
              { title: project.title },
            )}
            aria-describedby={drawing ? 'cons-map-keys' : undefined}
            data-testid="questionnaire-map"
          />
          {drawing && (
            <>
              <div className="cons-crosshair" aria-hidden="true" data-testid="crosshair" />
              <p id="cons-map-keys" className="ag-visually-hidden">
                <FormattedMessage id="consultation.questionnaire.draw.keys" />
              </p>
            </>
          )}
          {analyst && <ExportTools project={project.token} />}
          <OutboxPanel
            outbox={outbox}
            entries={entries}
            onCorrect={(pending) => {
              const entry = entries.get(pending.attribute);
              if (!entry) return;
              void outbox.editing(pending.id, true);
              dispatchTask({ type: 'form', entry, choice: '', editable: true, pending: pending.id });
            }}
          />
        </div>
        {panelOpen && (
          <TaskPanel
            ref={taskPanel}
            task={task}
            dispatchTask={dispatchTask}
            canAdd={normal && access.can_answer}
            canAnswer={access.can_answer}
            answersOf={answers.answersOf}
            mine={answers.mine?.features ?? []}
            draft={draft}
            crosshair={crosshair}
            busy={actions.busy}
            onStart={actions.start}
            onOpen={openAnswer}
            onEditShape={editShape}
            onDelete={setConfirmDelete}
            onPickPredefined={(id) => void actions.submit({ predefined: id })}
            onFinish={finishDraft}
            onCancel={cancelDrawing}
            reactions={reactions}
            summaries={analyst && access.see_all ? { within } : undefined}
            pending={outbox.entries}
          />
        )}
      </div>
      <div className="ag-visually-hidden" aria-live="polite" role="status" data-testid="live-region">
        {live.live}
      </div>
      <TaskDialogs
        task={task}
        dispatchTask={dispatchTask}
        project={project}
        role={access.role}
        mapView={mapView}
        onStart={actions.start}
        onSaved={answers.refresh}
        onKept={(pending, entry, saved) => {
          // a held-back entry, checked or corrected, is sent again; any other may be sent now
          const kept = outbox.entries.find((e) => e.id === pending);
          const fixed = saved && kept && (kept.changed || kept.state === 'refused');
          void setEditing(pending, false).then(() =>
            fixed ? outbox.retry(pending, fingerprintOf(entry.attribute)) : outbox.editing(pending, false),
          );
        }}
        confirmDelete={confirmDelete}
        onDelete={(answer) => {
          setConfirmDelete(null);
          void actions.deleteAnswer(answer);
        }}
        onKeep={() => setConfirmDelete(null)}
      />
      {data.profile_required && (
        <ProfileForm
          category={data.category.token}
          onDone={reload}
          onLeave={() =>
            navigate(`${basePath}/participate/category/${encodeURIComponent(data.category.mname)}`)
          }
        />
      )}
    </div>
  );
}
