// The questionnaire map's layers as the task wants them: the WMS overlays, the structure (a predefined feature
// clicked while answering its attribute is sent), the answers, and while drawing the mouse's handler and the
// keyboard's draft.
import type { GeoJsonGeometry } from '@agora/contracts';
import type { LeafletMapHandle } from '@agora/platform';
import type { Draft, DraftAction } from './draft';
import {
  useAnswerLayers,
  useDraftLayer,
  useMouseDrawing,
  useStructureLayers,
  useWmsLayers,
  type DraftEditing,
} from './mapLayers';
import { colorOf, drawingOf, isPicking, type Entry, type Task } from './task';
import type { AnswerFeature, Questionnaire } from './types';
import type { ShownLayer } from './useAnswerData';

export interface ScreenLayers {
  data: Pick<Questionnaire, 'project' | 'topics'>;
  task: Task;
  hidden: ReadonlySet<string>;
  /** the answers' layers shown (none while the map shows the analytics) */
  shown: readonly ShownLayer[];
  entries: ReadonlyMap<string, Entry>;
  draft: Draft;
  dispatch: (action: DraftAction) => void;
  translate: (by: { lat: number; lng: number }) => void;
  onOpen: (answer: AnswerFeature) => void;
  onSubmit: (geometry: GeoJsonGeometry | { predefined: number }) => void;
  locale: string;
}

export function useScreenLayers(handle: LeafletMapHandle | null, layers: ScreenLayers): void {
  const { data, task, hidden } = layers;
  const drawing = drawingOf(task);
  useWmsLayers(handle, data.project.wms_services);
  useStructureLayers(handle, data.topics, hidden, (attribute, id) => {
    if (task.kind === 'draw' && task.entry.attribute.token === attribute) layers.onSubmit({ predefined: id });
  });
  useAnswerLayers(handle, layers.shown, layers.entries, hidden, layers.onOpen);
  useMouseDrawing(
    handle,
    task.kind === 'draw' && !isPicking(task)
      ? { shape: task.shape, attribute: task.entry.attribute, color: colorOf(task.entry) }
      : null,
    layers.onSubmit,
    layers.locale,
    task.kind !== 'none',
  );
  const editing: DraftEditing = task.kind === 'edit' ? task.editing : drawing ? 'vertices' : 'none';
  useDraftLayer(
    handle,
    drawing ? layers.draft : null,
    drawing ? colorOf(drawing.entry) : '',
    editing,
    (index, at) => {
      layers.dispatch({ type: 'select', index });
      layers.dispatch({ type: 'move', at });
    },
    layers.translate,
  );
}
