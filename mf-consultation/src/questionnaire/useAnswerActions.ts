// What the participant does with answers: starts one (drawn, or straight to the form without geometry), sends a
// new shape (or a predefined feature), saves an edited shape, deletes an answer. Each is checked first, said in
// the live region, and the answers' layers loaded again.
import { useState } from 'react';
import type { GeoJsonGeometry, GeomType } from '@agora/contracts';
import { client, useNotify, type OutboxGeometry } from '@agora/platform';
import { canAddMore, checkNewShape } from './checks';
import { fingerprintOf, isOffline } from './outbox';
import { shapeOf, type Entry, type Task, type TaskAction } from './task';
import type { AnswerFeature } from './types';
import type { LiveRegion } from './useLiveRegion';
import type { OutboxView } from './useOutbox';

export interface AnswerActionsInput {
  project: string;
  task: Task;
  dispatchTask: (action: TaskAction) => void;
  /** the caller's answers as the limits count them (those not sent yet included) */
  own: ReadonlyArray<{ attribute: string; node: string }>;
  refresh: () => void;
  /** where answers go while the device is offline */
  outbox: OutboxView;
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
  const { project, task, dispatchTask, own, refresh, live, outbox } = input;
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

  /**
   * A new answer kept in the outbox (offline, or its request found no connection): its form opens as usual and
   * saves into the entry. False: no outbox on this device (the failure is said as any other).
   */
  const keepOffline = async (entry: Entry, geometry: OutboxGeometry): Promise<boolean> => {
    const kept = await outbox.keep({
      topic: entry.topic.token,
      attribute: entry.attribute.token,
      geometry,
      fingerprint: fingerprintOf(entry.attribute),
      editing: entry.attribute.variables.length > 0,
    });
    if (!kept) return false;
    live.sayLive('keptOffline');
    if (entry.attribute.variables.length > 0)
      dispatchTask({ type: 'form', entry, choice: '', editable: true, pending: kept.id });
    else dispatchTask({ type: 'close' });
    return true;
  };

  /** Runs a request that makes a new answer; offline, the answer is kept in the outbox instead. */
  const making = (entry: Entry, geometry: OutboxGeometry, request: () => Promise<void>) =>
    sending(async () => {
      if (!navigator.onLine && (await keepOffline(entry, geometry))) return;
      try {
        await request();
      } catch (e) {
        if (!isOffline(e) || !(await keepOffline(entry, geometry))) throw e;
      }
    });

  /** An attribute without geometry: its existing answer is edited, or a new one made, and the form opens. */
  const answerWithoutGeometry = (entry: Entry) => {
    const kept = outbox.entries.find((e) => e.attribute === entry.attribute.token && e.state !== 'refused');
    if (kept) {
      dispatchTask({ type: 'form', entry, choice: '', editable: true, pending: kept.id });
      return outbox.editing(kept.id, true);
    }
    return making(entry, null, async () => {
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
  };

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
    await making(entry, 'type' in geometry ? { ...geometry } : geometry, async () => {
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
