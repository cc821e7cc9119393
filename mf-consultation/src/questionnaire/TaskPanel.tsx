import { forwardRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { LatLng } from '@agora/contracts';
import { AnswerSummaryList } from '../data/AnswerSummaryList';
import { AnswerDetails, AnswerList } from './AnswersPanel';
import { DrawPanel } from './DrawPanel';
import { drawingOf, type Entry, type Task, type TaskAction } from './task';
import type { AnswerFeature } from './types';
import type { OutboxEntry } from '@agora/platform';
import type { DraftState } from './useDraft';

export interface TaskPanelProps {
  task: Task;
  dispatchTask: (action: TaskAction) => void;
  /** a normal participant who may answer: the answers list offers "add" */
  canAdd: boolean;
  /** the caller may answer (the details offer editing their own answer) */
  canAnswer: boolean;
  answersOf: (attribute: string) => AnswerFeature[];
  /** the caller's answers */
  mine: readonly AnswerFeature[];
  draft: DraftState;
  crosshair: () => LatLng | null;
  busy: boolean;
  onStart: (entry: Entry) => void;
  onOpen: (answer: AnswerFeature) => void;
  onEditShape: () => void;
  onDelete: (answer: AnswerFeature) => void;
  onPickPredefined: (id: number) => void;
  onFinish: () => void;
  onCancel: () => void;
  reactions?: (choice: string) => React.ReactNode;
  /** experts and staff: the answers list from the server (paged, searched, sorted), inside the drawn area */
  summaries?: { within: string | null };
  /** the caller's answers kept on the device, not sent yet */
  pending?: readonly OutboxEntry[];
}

/** The panel beside the map of the task that has one: the closed message, the answers, an answer, drawing. */
export const TaskPanel = forwardRef<HTMLDivElement, TaskPanelProps>(function TaskPanel(props, ref) {
  const { task, dispatchTask } = props;
  const close = () => dispatchTask({ type: 'close' });
  const stats = () => dispatchTask({ type: 'stats' });
  const drawing = drawingOf(task);
  return (
    <div ref={ref} className="cons-task">
      {task.kind === 'closed' && (
        <section className="cons-panel" role="status" data-testid="closed-message">
          <h2 className="cons-panel-title">{task.entry.attribute.name}</h2>
          <p>
            <FormattedMessage
              id={`consultation.questionnaire.closed.${task.selection.reason}`}
              values={{ start: task.selection.start, end: task.selection.end }}
            />
          </p>
          <button type="button" className="ag-button" onClick={close}>
            <FormattedMessage id="consultation.questionnaire.close" />
          </button>
        </section>
      )}
      {task.kind === 'answers' && props.summaries && (
        <AnswerSummaryList
          attribute={task.entry.attribute}
          within={props.summaries.within}
          canOpen={(choice) => props.answersOf(task.entry.attribute.token).some((a) => a.id === choice)}
          onOpen={(choice) => {
            const answer = props.answersOf(task.entry.attribute.token).find((a) => a.id === choice);
            if (answer) props.onOpen(answer);
          }}
          onStats={stats}
          onClose={close}
        />
      )}
      {task.kind === 'answers' && !props.summaries && (
        <AnswerList
          attribute={task.entry.attribute}
          answers={props.answersOf(task.entry.attribute.token)}
          pending={props.pending?.filter((e) => e.attribute === task.entry.attribute.token)}
          onOpen={props.onOpen}
          onStats={stats}
          onAdd={props.canAdd ? () => props.onStart(task.entry) : undefined}
          onClose={close}
        />
      )}
      {task.kind === 'details' && (
        <AnswerDetails
          attribute={task.entry.attribute}
          answer={task.answer}
          open={props.canAnswer}
          onValues={(editable) => dispatchTask({ type: 'values', editable })}
          onEditShape={
            task.answer.geometry && (task.entry.attribute.allow_drag || task.entry.attribute.allow_resize)
              ? props.onEditShape
              : undefined
          }
          onDelete={() => props.onDelete(task.answer)}
          onStats={stats}
          onClose={close}
          reactions={props.reactions?.(task.answer.id)}
        />
      )}
      {drawing && (
        <DrawPanel
          attribute={drawing.entry.attribute}
          draft={props.draft.draft}
          dispatch={props.draft.dispatch}
          boundary={drawing.entry.topic.boundary ?? null}
          mode={drawing.kind === 'edit' ? drawing.editing : 'new'}
          crosshair={props.crosshair}
          onTranslate={props.draft.translate}
          onPickPredefined={props.onPickPredefined}
          onFinish={props.onFinish}
          onCancel={props.onCancel}
          busy={props.busy}
          own={props.mine.filter((f) => f.properties.attribute === drawing.entry.attribute.token)}
          onOpen={props.onOpen}
        />
      )}
    </div>
  );
});
