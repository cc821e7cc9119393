import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { GeoJsonGeometry, GeomType, LatLng } from '@agora/contracts';
import {
  client,
  ConfirmDialog,
  errorMessageId,
  Modal,
  useApiGetWithin,
  useApiGet,
  useLeafletMap,
  useNotify,
} from '@agora/platform';
import { AnswerForm, StatsModal } from '../answers';
import { DataTab } from '../data/DataTab';
import { ExportTools } from '../data/export/ExportTools';
import { useAreaWithin, useMapAnalytics } from '../data/map/MapAnalytics';
import { ProfileForm } from '../profile/ProfileForm';
import { AnswerDetails, AnswerList } from './AnswersPanel';
import { Aside } from './Aside';
import { canAddMore, checkNewShape, type DrawRefusal } from './checks';
import {
  announce,
  draftGeometry,
  draftReducer,
  emptyDraft,
  verticesOf,
  type Announcement,
  type Draft,
  type DraftAction,
} from './draft';
import { DrawPanel } from './DrawPanel';
import {
  useAnswerLayers,
  useDraftLayer,
  useMouseDrawing,
  useLatestCallback,
  useStructureLayers,
  useWmsLayers,
  type DraftEditing,
} from './mapLayers';
import { selectionFor, type Selection } from './selection';
import {
  ANSWER_LAYERS,
  type AnswerFeature,
  type AnswerLayer,
  type Questionnaire,
  type QuestionnaireAttribute,
  type QuestionnaireTopic,
} from './types';
import './questionnaire.css';

/** The spec's questionnaire map defaults (part 2 §9): centre about 41.12, 25.40, zoom 14. */
export const DEFAULT_CENTER: LatLng = { lat: 41.12, lng: 25.4 };
export const DEFAULT_ZOOM = 14;
/** The spec's mobile breakpoint: below it the aside is a drawer. */
export const MOBILE_WIDTH = 768;

interface Entry {
  attribute: QuestionnaireAttribute;
  topic: QuestionnaireTopic;
}

/** The shape an answer to the attribute is drawn as: the attribute's, else its topic's; null: no geometry. */
export function shapeOf({ attribute, topic }: Entry): GeomType | null {
  if (attribute.has_geometry && attribute.geom_type) return attribute.geom_type;
  if (topic.has_geometry && topic.geom_type) return topic.geom_type;
  return null;
}

type Task =
  | { kind: 'none' }
  | { kind: 'choose'; entry: Entry }
  | { kind: 'closed'; entry: Entry; selection: Extract<Selection, { kind: 'closed' }> }
  | { kind: 'answers'; entry: Entry }
  | { kind: 'draw'; entry: Entry; shape: GeomType }
  | { kind: 'edit'; entry: Entry; shape: GeomType; answer: AnswerFeature; editing: 'vertices' | 'move' }
  | { kind: 'details'; entry: Entry; answer: AnswerFeature }
  | { kind: 'form'; entry: Entry; choice: string; editable: boolean; back?: AnswerFeature }
  | { kind: 'stats'; entry: Entry };

const LAYER_PATH = '/api/data/scope/geojson/project/{project}';
const NONE_SHOWN: [] = [];
const layerInit = (project: string, layer: AnswerLayer) => ({
  params: { path: { project }, query: { layer } },
});

/** Whether the window is narrower than the spec's mobile breakpoint (follows resizes). */
function useMobile(): boolean {
  const query = `(max-width: ${MOBILE_WIDTH - 0.02}px)`;
  const [mobile, setMobile] = useState(
    () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches,
  );
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const change = () => setMobile(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return mobile;
}

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
  const notify = useNotify();
  const navigate = useNavigate();
  const { project, access, today } = data;
  const normal = access.role === 'normal';
  // experts and staff: the export icons and the aside's Data tab (spec §6)
  const analyst = !normal;

  // the answers' layers: mine always (the limits count it); all and top when offered and checked
  const offered = useMemo(
    () => ANSWER_LAYERS.filter((l) => l === 'mine' || access.see_all),
    [access.see_all],
  );
  const [checked, setChecked] = useState<Record<AnswerLayer, boolean>>({
    mine: true,
    all: !normal && access.see_all,
    top: false,
  });
  const once = { revalidateOnFocus: false };
  const mine = useApiGet(LAYER_PATH, layerInit(project.token, 'mine'), once);
  // everyone's answers follow the drawn-area filter of experts and staff
  const within = useAreaWithin(project.token, !normal);
  const others = (layer: AnswerLayer) =>
    checked[layer] && offered.includes(layer) ? layerInit(project.token, layer) : null;
  const all = useApiGetWithin(LAYER_PATH, others('all'), within, once);
  const top = useApiGetWithin(LAYER_PATH, others('top'), within, once);
  const refreshAnswers = useCallback(() => {
    void mine.mutate();
    if (checked.all) void all.mutate();
    if (checked.top) void top.mutate();
  }, [mine, all, top, checked.all, checked.top]);
  const shown = useMemo(
    () =>
      [
        { layer: 'mine' as const, collection: checked.mine ? mine.data : undefined },
        { layer: 'all' as const, collection: checked.all ? all.data : undefined },
        { layer: 'top' as const, collection: checked.top ? top.data : undefined },
      ].filter((s) => s.collection),
    [checked, mine.data, all.data, top.data],
  );

  const entries = useMemo(() => {
    const map = new Map<string, Entry>();
    for (const topic of data.topics)
      for (const attribute of topic.attributes) map.set(attribute.token, { attribute, topic });
    return map;
  }, [data.topics]);
  const own = useMemo(
    () =>
      (mine.data?.features ?? []).map((f) => ({
        attribute: f.properties.attribute,
        node: f.properties.node,
      })),
    [mine.data],
  );

  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [task, setTask] = useState<Task>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<AnswerFeature | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mobile = useMobile();
  const drawerButton = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);

  // the live region: cleared first, so that the same words are said again
  const [live, setLive] = useState('');
  const say = useCallback((text: string) => {
    setLive('');
    window.setTimeout(() => setLive(text), 50);
  }, []);
  const sayAnnouncement = useCallback(
    (a: Announcement) => say(intl.formatMessage({ id: `consultation.questionnaire.live.${a.id}` }, a.values)),
    [intl, say],
  );
  const refuse = useCallback(
    (refusal: DrawRefusal) => {
      const text = intl.formatMessage({ id: `consultation.questionnaire.refusal.${refusal}` });
      say(text);
      notify({ type: 'warning', body: text });
    },
    [intl, notify, say],
  );
  const failed = useCallback(
    (e: unknown) => {
      const text = intl.formatMessage({ id: errorMessageId(e) });
      say(text);
      notify({ type: 'warning', body: text });
    },
    [intl, notify, say],
  );

  // the map
  const box = useRef<HTMLDivElement>(null);
  const handle = useLeafletMap(box, {
    center: project.center ?? DEFAULT_CENTER,
    zoom: project.zoom || DEFAULT_ZOOM,
    draw: true,
  });
  const analytics = useMapAnalytics(handle, project.token, data.topics, !normal);
  const crosshair = useCallback((): LatLng | null => {
    const c = handle?.map.getCenter();
    return c ? { lat: c.lat, lng: c.lng } : null;
  }, [handle]);

  // the shape drawn with the keyboard (or being edited); the ref is what handlers read between renders
  const drawing = task.kind === 'draw' || task.kind === 'edit' ? task : null;
  const [draft, setDraft] = useState<Draft>(() => emptyDraft('point'));
  const draftRef = useRef(draft);
  const boundary = drawing?.entry.topic.boundary ?? null;
  const dispatch = useCallback(
    (action: DraftAction) => {
      const before = draftRef.current;
      const after = draftReducer(before, action);
      draftRef.current = after;
      setDraft(after);
      const a = announce(before, after, action, boundary);
      if (a) sayAnnouncement(a);
    },
    [boundary, sayAnnouncement],
  );
  const resetShape = (shape: GeomType, vertices?: LatLng[]) => {
    const next = draftReducer(draftRef.current, { type: 'reset', shape, vertices });
    draftRef.current = next;
    setDraft(next);
  };
  const translate = (by: { lat: number; lng: number }) => {
    const moved = draftRef.current.vertices.map((v) => ({ lat: v.lat + by.lat, lng: v.lng + by.lng }));
    resetShape(draftRef.current.shape, moved);
    say(intl.formatMessage({ id: 'consultation.questionnaire.live.movedShape' }));
  };
  const cancelDrawing = () => {
    setTask({ kind: 'none' });
    say(intl.formatMessage({ id: 'consultation.questionnaire.live.cancelled' }));
  };

  /** An attribute without geometry: its existing answer is edited, or a new one made, and the form opens. */
  const answerWithoutGeometry = async (entry: Entry) => {
    setBusy(true);
    try {
      const listed = await client.GET('/api/data/scope/choices/project/{project}', {
        params: { path: { project: project.token }, query: { layer: 'mine' } },
      });
      const existing = listed.values.find((v) => v.attribute === entry.attribute.token);
      const choice =
        existing?.token ??
        (
          await client.POST('/api/data/scope/attribute', {
            body: { attribute: entry.attribute.token, node: entry.topic.token },
          })
        ).token;
      setTask({ kind: 'form', entry, choice, editable: true });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const startDrawing = (entry: Entry) => {
    const shape = shapeOf(entry);
    if (!shape) {
      void answerWithoutGeometry(entry);
      return;
    }
    if (!canAddMore(own, entry.attribute, entry.topic)) {
      refuse('maxGeom');
      setTask({ kind: 'none' });
      return;
    }
    setTask({ kind: 'draw', entry, shape });
    resetShape(shape);
    say(
      intl.formatMessage(
        { id: 'consultation.questionnaire.live.start' },
        { shape, name: entry.attribute.name },
      ),
    );
    if (mobile) setDrawerOpen(false);
  };

  /** Sends a new answer's shape (or predefined feature), then opens its form (or closes without variables). */
  const submit = async (geometry: GeoJsonGeometry | { predefined: number }) => {
    if (task.kind !== 'draw') return;
    const { entry } = task;
    const refusal =
      'type' in geometry
        ? checkNewShape(geometry, own, entry.attribute, entry.topic)
        : canAddMore(own, entry.attribute, entry.topic)
          ? null
          : 'maxGeom';
    if (refusal) {
      refuse(refusal);
      return;
    }
    setBusy(true);
    try {
      const choice = await client.POST('/api/data/scope/attribute', {
        body: { attribute: entry.attribute.token, node: entry.topic.token, geometry: { ...geometry } },
      });
      refreshAnswers();
      say(intl.formatMessage({ id: 'consultation.questionnaire.live.saved' }));
      if (entry.attribute.variables.length > 0)
        setTask({ kind: 'form', entry, choice: choice.token, editable: true });
      else setTask({ kind: 'none' });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  /** Sends an edited answer's new shape (it must still meet the boundary). */
  const saveShape = async (geometry: GeoJsonGeometry) => {
    if (task.kind !== 'edit') return;
    const refusal = checkNewShape(geometry, [], task.entry.attribute, task.entry.topic);
    if (refusal) {
      refuse(refusal);
      return;
    }
    setBusy(true);
    try {
      await client.PUT('/api/data/scope/attribute/choice/{choice}', {
        params: { path: { choice: task.answer.id } },
        body: { geometry: { ...geometry } },
      });
      refreshAnswers();
      say(intl.formatMessage({ id: 'consultation.questionnaire.live.saved' }));
      setTask({ kind: 'none' });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const finishDraft = () => {
    const geometry = draftGeometry(draftRef.current);
    if (!geometry) return;
    if (task.kind === 'edit') void saveShape(geometry);
    else void submit(geometry);
  };

  const deleteAnswer = async (answer: AnswerFeature) => {
    setConfirmDelete(null);
    setBusy(true);
    try {
      await client.DELETE('/api/data/scope/attribute/choice/{choice}', {
        params: { path: { choice: answer.id } },
      });
      notify({ type: 'success', body: 'data deleted' });
      say(intl.formatMessage({ id: 'consultation.questionnaire.live.answerDeleted' }));
      refreshAnswers();
      setTask({ kind: 'none' });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const select = (attribute: QuestionnaireAttribute) => {
    const entry = entries.get(attribute.token);
    if (!entry) return;
    const selection = selectionFor(access, project, today);
    if (selection.kind === 'choose') setTask({ kind: 'choose', entry });
    else if (selection.kind === 'answers') setTask({ kind: 'answers', entry });
    else if (selection.kind === 'answer') startDrawing(entry);
    else setTask({ kind: 'closed', entry, selection });
  };

  const openAnswer = useCallback(
    (answer: AnswerFeature) => {
      const entry = entries.get(answer.properties.attribute);
      if (!entry) return;
      setTask({ kind: 'details', entry, answer });
      if (mobile) setDrawerOpen(false);
    },
    [entries, mobile],
  );

  // the map's layers
  useWmsLayers(handle, project.wms_services);
  useStructureLayers(handle, data.topics, hidden, (attribute, id) => {
    if (task.kind === 'draw' && task.entry.attribute.token === attribute) void submit({ predefined: id });
  });
  useAnswerLayers(handle, analytics.view === 'answers' ? shown : NONE_SHOWN, entries, hidden, openAnswer);
  const picking =
    task.kind === 'draw' &&
    task.entry.attribute.has_predefined &&
    (task.entry.attribute.predefined?.features.length ?? 0) > 0;
  useMouseDrawing(
    handle,
    task.kind === 'draw' && !picking
      ? {
          shape: task.shape,
          attribute: task.entry.attribute,
          color: task.entry.attribute.geom_color || task.entry.topic.geom_color,
        }
      : null,
    (geometry) => void submit(geometry),
    intl.locale,
  );
  const editing: DraftEditing = task.kind === 'edit' ? task.editing : drawing ? 'vertices' : 'none';
  useDraftLayer(
    handle,
    drawing ? draft : null,
    drawing ? drawing.entry.attribute.geom_color || drawing.entry.topic.geom_color : '',
    editing,
    (index, at) => {
      dispatch({ type: 'select', index });
      dispatch({ type: 'move', at });
    },
    translate,
  );

  // keys on the map while drawing: Enter places at the crosshair, Delete removes the selected vertex, [ and ]
  // select, M moves the selected vertex to the crosshair, Escape cancels (arrows move the map: Leaflet's own)
  const onMapKey = useLatestCallback((event: KeyboardEvent) => {
    const at = crosshair();
    if (!drawing || !at) return;
    const act = (action: DraftAction) => {
      event.preventDefault();
      dispatch(action);
    };
    if (event.key === 'Enter' && drawing.kind === 'draw' && !picking) act({ type: 'place', at });
    else if (event.key === 'Delete' || event.key === 'Backspace') act({ type: 'delete' });
    else if (event.key === ']') act({ type: 'step', by: 1 });
    else if (event.key === '[') act({ type: 'step', by: -1 });
    else if (event.key === 'm' || event.key === 'M') act({ type: 'move', at });
    else if (event.key === 'Escape') {
      event.preventDefault();
      cancelDrawing();
    }
  });
  const drawingNow = drawing !== null;
  useEffect(() => {
    const element = box.current;
    if (!element || !drawingNow) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.target === element) onMapKey(event);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [drawingNow, onMapKey]);

  const answersOf = (attribute: string) => {
    const seen = new Set<string>();
    return shown
      .flatMap((s) => s.collection?.features ?? [])
      .filter((f) => f.properties.attribute === attribute && !seen.has(f.id) && seen.add(f.id));
  };

  // the task panel takes room from the map: Leaflet measures its box again
  const panelOpen =
    task.kind !== 'none' && task.kind !== 'choose' && task.kind !== 'form' && task.kind !== 'stats';
  useEffect(() => {
    handle?.map.invalidateSize();
  }, [handle, panelOpen, mobile]);

  // a task that ends takes its panel or dialog with it, and the focused control: the focus goes into the next
  // task's panel, else to the map (its answers follow it in the Tab order), rather than being lost at the top of
  // the page (dialogs move the focus into themselves)
  const taskPanel = useRef<HTMLDivElement>(null);
  const focusedTask = useRef(task);
  useEffect(() => {
    if (focusedTask.current === task) return;
    focusedTask.current = task;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const first = taskPanel.current?.querySelector<HTMLElement>('button, a[href], input, select, summary');
    (first ?? box.current)?.focus();
  }, [task]);

  // the drawer: focus goes into it when it opens, back to its button when it closes
  useEffect(() => {
    if (!mobile) return;
    if (drawerOpen) drawerRef.current?.querySelector<HTMLElement>('button, a, input')?.focus();
  }, [drawerOpen, mobile]);
  const closeDrawer = () => {
    setDrawerOpen(false);
    drawerButton.current?.focus();
  };

  const current = task.kind === 'none' ? null : task.entry.attribute.token;
  const asideHidden = mobile && !drawerOpen;

  return (
    <div
      className={`cons-q${mobile ? ' is-mobile' : ''}`}
      data-testid="questionnaire"
      data-role={access.role}
    >
      <h1 className="ag-visually-hidden">{project.title}</h1>
      {mobile && (
        <button
          ref={drawerButton}
          type="button"
          className="ag-button cons-drawer-toggle"
          aria-expanded={drawerOpen}
          aria-controls="cons-aside"
          onClick={() => (drawerOpen ? closeDrawer() : setDrawerOpen(true))}
          data-testid="drawer-toggle"
        >
          <FormattedMessage
            id={
              drawerOpen
                ? 'consultation.questionnaire.drawer.close'
                : 'consultation.questionnaire.drawer.open'
            }
          />
        </button>
      )}
      <aside
        id="cons-aside"
        ref={drawerRef}
        className={`cons-aside${mobile ? ' is-drawer' : ''}${drawerOpen ? ' is-open' : ''}`}
        hidden={asideHidden}
        aria-label={intl.formatMessage({ id: 'consultation.questionnaire.aside' })}
        onKeyDown={(e) => {
          if (mobile && e.key === 'Escape') closeDrawer();
        }}
        data-testid="aside"
      >
        <Aside
          data={data}
          basePath={basePath}
          layers={offered}
          checked={checked}
          onLayer={(layer, on) => setChecked((c) => ({ ...c, [layer]: on }))}
          hidden={hidden}
          onVisible={(token, visible) =>
            setHidden((h) => {
              const next = new Set(h);
              if (visible) next.delete(token);
              else next.add(token);
              return next;
            })
          }
          onSelect={(attribute) => {
            select(attribute);
            if (mobile) setDrawerOpen(false);
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
      </aside>
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
        </div>
        {panelOpen && (
          <div ref={taskPanel} className="cons-task">
            {task.kind === 'closed' && (
              <section className="cons-panel" role="status" data-testid="closed-message">
                <h2 className="cons-panel-title">{task.entry.attribute.name}</h2>
                <p>
                  <FormattedMessage
                    id={`consultation.questionnaire.closed.${task.selection.reason}`}
                    values={{ start: task.selection.start, end: task.selection.end }}
                  />
                </p>
                <button type="button" className="ag-button" onClick={() => setTask({ kind: 'none' })}>
                  <FormattedMessage id="consultation.questionnaire.close" />
                </button>
              </section>
            )}
            {task.kind === 'answers' && (
              <AnswerList
                attribute={task.entry.attribute}
                answers={answersOf(task.entry.attribute.token)}
                onOpen={openAnswer}
                onStats={() => setTask({ kind: 'stats', entry: task.entry })}
                onAdd={normal && access.can_answer ? () => startDrawing(task.entry) : undefined}
                onClose={() => setTask({ kind: 'none' })}
              />
            )}
            {task.kind === 'details' && (
              <AnswerDetails
                attribute={task.entry.attribute}
                answer={task.answer}
                open={access.can_answer}
                onValues={(editable) =>
                  setTask({
                    kind: 'form',
                    entry: task.entry,
                    choice: task.answer.id,
                    editable,
                    back: task.answer,
                  })
                }
                onEditShape={
                  task.answer.geometry &&
                  (task.entry.attribute.allow_drag || task.entry.attribute.allow_resize)
                    ? () => {
                        const shape = shapeOf(task.entry);
                        if (!shape || !task.answer.geometry) return;
                        setTask({
                          kind: 'edit',
                          entry: task.entry,
                          shape,
                          answer: task.answer,
                          editing: task.entry.attribute.allow_resize ? 'vertices' : 'move',
                        });
                        resetShape(shape, verticesOf(task.answer.geometry));
                      }
                    : undefined
                }
                onDelete={() => setConfirmDelete(task.answer)}
                onStats={() => setTask({ kind: 'stats', entry: task.entry })}
                onClose={() => setTask({ kind: 'none' })}
                reactions={reactions?.(task.answer.id)}
              />
            )}
            {drawing && (
              <DrawPanel
                attribute={drawing.entry.attribute}
                draft={draft}
                dispatch={dispatch}
                boundary={boundary}
                mode={drawing.kind === 'edit' ? drawing.editing : 'new'}
                crosshair={crosshair}
                onTranslate={translate}
                onPickPredefined={(id) => void submit({ predefined: id })}
                onFinish={finishDraft}
                onCancel={cancelDrawing}
                busy={busy}
                own={(mine.data?.features ?? []).filter(
                  (f) => f.properties.attribute === drawing.entry.attribute.token,
                )}
                onOpen={openAnswer}
              />
            )}
          </div>
        )}
      </div>
      <div className="ag-visually-hidden" aria-live="polite" role="status" data-testid="live-region">
        {live}
      </div>

      {task.kind === 'choose' && (
        <Modal
          title={
            <FormattedMessage
              id="consultation.questionnaire.mode.title"
              values={{ name: task.entry.attribute.name }}
            />
          }
          onClose={() => setTask({ kind: 'none' })}
          testId="mode-dialog"
        >
          <div className="ag-modal-actions">
            <button
              type="button"
              className="ag-button ag-button-primary"
              onClick={() => startDrawing(task.entry)}
              data-testid="mode-add"
            >
              <FormattedMessage id="consultation.questionnaire.mode.add" />
            </button>
            <button
              type="button"
              className="ag-button"
              onClick={() => setTask({ kind: 'answers', entry: task.entry })}
              data-testid="mode-see"
            >
              <FormattedMessage id="consultation.questionnaire.mode.see" />
            </button>
          </div>
        </Modal>
      )}
      {task.kind === 'form' && (
        <AnswerForm
          choice={task.choice}
          attribute={task.entry.attribute}
          variables={task.entry.attribute.variables}
          projectMaxBytes={project.max_bytes}
          mapView={{ center: project.center ?? DEFAULT_CENTER, zoom: project.zoom || DEFAULT_ZOOM }}
          editable={task.editable}
          onClose={(saved) => {
            if (saved) refreshAnswers();
            setTask(task.back ? { kind: 'details', entry: task.entry, answer: task.back } : { kind: 'none' });
          }}
        />
      )}
      {task.kind === 'stats' && (
        <StatsModal
          attribute={task.entry.attribute}
          project={project.token}
          role={access.role}
          onClose={() => setTask({ kind: 'answers', entry: task.entry })}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={<FormattedMessage id="platform.msg.dropConfirm" />}
          onConfirm={() => void deleteAnswer(confirmDelete)}
          onCancel={() => setConfirmDelete(null)}
          focus="cancel"
        />
      )}
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
