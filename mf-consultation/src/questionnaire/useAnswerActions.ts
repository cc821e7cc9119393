// What the participant does with answers: starts one (drawn, or straight to the form without geometry), sends a
// new shape (or a predefined feature), saves an edited shape, deletes an answer. Each is checked first, said in
// the live region, and the answers' layers loaded again.
import { useState } from 'react';
import type { GeoJsonGeometry, GeomType } from '@agora/contracts';
import { client, useNotify } from '@agora/platform';
import { canAddMore, checkNewShape } from './checks';
import { shapeOf, type Entry, type Task, type TaskAction } from './task';
import type { AnswerFeature } from './types';
import type { LiveRegion } from './useLiveRegion';

export interface AnswerActionsInput {
  project: string;
  task: Task;
  dispatchTask: (action: TaskAction) => void;
  /** the caller's answers as the limits count them */
  own: ReadonlyArray<{ attribute: string; node: string }>;
  refresh: () => void;
  live: LiveRegion;
  /** a shape to draw starts (the draft starts again with it) */
  onDraw: (shape: GeomType) => void;
}

export interface AnswerActions {
  busy: boolean;
  /** answers the attribute: draws its shape, or opens the form of its answer without geometry */
  start: (entry: Entry) => void;
  /** sends a new answer's shape (or predefined feature), then opens its form (or closes without variables) */
  submit: (geometry: GeoJsonGeometry | { predefined: number }) => Promise<void>;
  /** sends an edited answer's new shape (it must still meet the boundary) */
  saveShape: (geometry: GeoJsonGeometry) => Promise<void>;
  deleteAnswer: (answer: AnswerFeature) => Promise<void>;
}

export function useAnswerActions(input: AnswerActionsInput): AnswerActions {
  const { project, task, dispatchTask, own, refresh, live } = input;
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  /** Runs a request with the screen busy; a failure is said and shown. */
  const sending = async (request: () => Promise<void>) => {
    setBusy(true);
    try {
      await request();
    } catch (e) {
      live.failed(e);
    } finally {
      setBusy(false);
    }
  };

  /** An attribute without geometry: its existing answer is edited, or a new one made, and the form opens. */
  const answerWithoutGeometry = (entry: Entry) =>
    sending(async () => {
      const listed = await client.GET('/api/data/scope/choices/project/{project}', {
        params: { path: { project }, query: { layer: 'mine' } },
      });
      const existing = listed.values.find((v) => v.attribute === entry.attribute.token);
      const choice =
        existing?.token ??
        (
          await client.POST('/api/data/scope/attribute', {
            body: { attribute: entry.attribute.token, node: entry.topic.token },
          })
        ).token;
      dispatchTask({ type: 'form', entry, choice, editable: true });
    });

  const start = (entry: Entry) => {
    const shape = shapeOf(entry);
    if (!shape) {
      void answerWithoutGeometry(entry);
      return;
    }
    if (!canAddMore(own, entry.attribute, entry.topic)) {
      live.refuse('maxGeom');
      dispatchTask({ type: 'close' });
      return;
    }
    dispatchTask({ type: 'draw', entry, shape });
    input.onDraw(shape);
    live.sayLive('start', { shape, name: entry.attribute.name });
  };

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
      live.refuse(refusal);
      return;
    }
    await sending(async () => {
      const choice = await client.POST('/api/data/scope/attribute', {
        body: { attribute: entry.attribute.token, node: entry.topic.token, geometry: { ...geometry } },
      });
      refresh();
      live.sayLive('saved');
      if (entry.attribute.variables.length > 0)
        dispatchTask({ type: 'form', entry, choice: choice.token, editable: true });
      else dispatchTask({ type: 'close' });
    });
  };

  const saveShape = async (geometry: GeoJsonGeometry) => {
    if (task.kind !== 'edit') return;
    const refusal = checkNewShape(geometry, [], task.entry.attribute, task.entry.topic);
    if (refusal) {
      live.refuse(refusal);
      return;
    }
    const { answer } = task;
    await sending(async () => {
      await client.PUT('/api/data/scope/attribute/choice/{choice}', {
        params: { path: { choice: answer.id } },
        body: { geometry: { ...geometry } },
      });
      refresh();
      live.sayLive('saved');
      dispatchTask({ type: 'close' });
    });
  };

  const deleteAnswer = (answer: AnswerFeature) =>
    sending(async () => {
      await client.DELETE('/api/data/scope/attribute/choice/{choice}', {
        params: { path: { choice: answer.id } },
      });
      notify({ type: 'success', body: 'data deleted' });
      live.sayLive('answerDeleted');
      refresh();
      dispatchTask({ type: 'close' });
    });

  return { busy, start, submit, saveShape, deleteAnswer };
}
