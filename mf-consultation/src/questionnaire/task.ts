// What the questionnaire screen is doing (spec part 2 §4): nothing, the mode-choice dialog, a closed message,
// the answers panel, drawing or editing a shape, an answer's details, its form or its statistics; and how each
// step moves from one to the next.
import type { GeomType } from '@agora/contracts';
import type { Selection } from './selection';
import type { AnswerFeature, QuestionnaireAttribute, QuestionnaireTopic } from './types';

/** An attribute with its topic. */
export interface Entry {
  attribute: QuestionnaireAttribute;
  topic: QuestionnaireTopic;
}

/** Each attribute of the topics, by its token, with its topic. */
export function entriesOf(topics: readonly QuestionnaireTopic[]): ReadonlyMap<string, Entry> {
  const map = new Map<string, Entry>();
  for (const topic of topics)
    for (const attribute of topic.attributes) map.set(attribute.token, { attribute, topic });
  return map;
}

export type ClosedSelection = Extract<Selection, { kind: 'closed' }>;

export type Task =
  | { kind: 'none' }
  | { kind: 'choose'; entry: Entry }
  | { kind: 'closed'; entry: Entry; selection: ClosedSelection }
  | { kind: 'answers'; entry: Entry }
  | { kind: 'draw'; entry: Entry; shape: GeomType }
  | { kind: 'edit'; entry: Entry; shape: GeomType; answer: AnswerFeature; editing: 'vertices' | 'move' }
  | { kind: 'details'; entry: Entry; answer: AnswerFeature }
  | {
      kind: 'form';
      entry: Entry;
      choice: string;
      editable: boolean;
      back?: AnswerFeature;
      /** an answer kept offline: its values are saved into this outbox entry */
      pending?: string;
    }
  | { kind: 'stats'; entry: Entry };

/** A task that draws a shape (a new answer's, or an answer's being edited). */
export type DrawingTask = Extract<Task, { kind: 'draw' | 'edit' }>;

export type TaskAction =
  /** the task ends */
  | { type: 'close' }
  /** an attribute selected: what its selection says (answering is `draw` or `form`) */
  | { type: 'select'; entry: Entry; selection: Exclude<Selection, { kind: 'answer' }> }
  /** the mode-choice dialog's "see answers" */
  | { type: 'see' }
  | { type: 'draw'; entry: Entry; shape: GeomType }
  | { type: 'form'; entry: Entry; choice: string; editable: boolean; pending?: string }
  /** an answer opened (on the map or in a list) */
  | { type: 'open'; entry: Entry; answer: AnswerFeature }
  /** the details' values: the form, back to the details when it closes */
  | { type: 'values'; editable: boolean }
  /** the details' "edit the shape": its vertices when the attribute allows resizing, else moved as a whole */
  | { type: 'editShape' }
  | { type: 'stats' }
  /** the form closed: back to the answer's details, if it came from them */
  | { type: 'formClosed' }
  /** the statistics closed: the answers panel */
  | { type: 'statsClosed' };

export const NO_TASK: Task = { kind: 'none' };

/** The shape an answer to the attribute is drawn as: the attribute's, else its topic's; null: no geometry. */
export function shapeOf({ attribute, topic }: Entry): GeomType | null {
  if (attribute.has_geometry && attribute.geom_type) return attribute.geom_type;
  if (topic.has_geometry && topic.geom_type) return topic.geom_type;
  return null;
}

/** The next task; an action that does not apply to the current one leaves it as it is. */
export function taskReducer(task: Task, action: TaskAction): Task {
  switch (action.type) {
    case 'close':
      return NO_TASK;
    case 'select': {
      const { entry, selection } = action;
      if (selection.kind === 'closed') return { kind: 'closed', entry, selection };
      return { kind: selection.kind, entry };
    }
    case 'see':
      return task.kind === 'choose' ? { kind: 'answers', entry: task.entry } : task;
    case 'draw':
      return { kind: 'draw', entry: action.entry, shape: action.shape };
    case 'form':
      return {
        kind: 'form',
        entry: action.entry,
        choice: action.choice,
        editable: action.editable,
        ...(action.pending && { pending: action.pending }),
      };
    case 'open':
      return { kind: 'details', entry: action.entry, answer: action.answer };
    case 'values':
      if (task.kind !== 'details') return task;
      return {
        kind: 'form',
        entry: task.entry,
        choice: task.answer.id,
        editable: action.editable,
        back: task.answer,
      };
    case 'editShape': {
      if (task.kind !== 'details' || !task.answer.geometry) return task;
      const shape = shapeOf(task.entry);
      if (!shape) return task;
      const editing = task.entry.attribute.allow_resize ? 'vertices' : 'move';
      return { kind: 'edit', entry: task.entry, shape, answer: task.answer, editing };
    }
    case 'stats':
      return task.kind === 'none' ? task : { kind: 'stats', entry: task.entry };
    case 'formClosed':
      if (task.kind !== 'form') return task;
      return task.back ? { kind: 'details', entry: task.entry, answer: task.back } : NO_TASK;
    case 'statsClosed':
      return task.kind === 'stats' ? { kind: 'answers', entry: task.entry } : task;
  }
}

/** The drawing task, if the task draws. */
export function drawingOf(task: Task): DrawingTask | null {
  return task.kind === 'draw' || task.kind === 'edit' ? task : null;
}

/** Whether the task shows a panel beside the map (the others are dialogs, or nothing). */
export function hasPanel(task: Task): boolean {
  return task.kind !== 'none' && task.kind !== 'choose' && task.kind !== 'form' && task.kind !== 'stats';
}

/** Whether a new answer is picked among the attribute's predefined features rather than drawn. */
export function isPicking(task: Task): boolean {
  return (
    task.kind === 'draw' &&
    task.entry.attribute.has_predefined &&
    (task.entry.attribute.predefined?.features.length ?? 0) > 0
  );
}

/** The colour a drawn shape is painted in: the attribute's, else its topic's. */
export function colorOf({ attribute, topic }: Entry): string {
  return attribute.geom_color || topic.geom_color;
}
