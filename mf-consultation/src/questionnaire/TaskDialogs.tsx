import { FormattedMessage } from 'react-intl';
import type { LatLng } from '@agora/contracts';
import { ConfirmDialog, Modal } from '@agora/platform';
import { AnswerForm, StatsModal } from '../answers';
import type { Entry, Task, TaskAction } from './task';
import type { AnswerFeature, Questionnaire } from './types';

export interface TaskDialogsProps {
  task: Task;
  dispatchTask: (action: TaskAction) => void;
  project: Questionnaire['project'];
  role: Questionnaire['access']['role'];
  mapView: { center: LatLng; zoom: number };
  onStart: (entry: Entry) => void;
  /** the form saved: the answers change */
  onSaved: () => void;
  /** the form of an answer kept offline saved its values */
  onKept: (pending: string, entry: Entry, saved: boolean) => void;
  /** the answer whose deletion is being confirmed */
  confirmDelete: AnswerFeature | null;
  onDelete: (answer: AnswerFeature) => void;
  onKeep: () => void;
}

/** The tasks' dialogs: the mode choice, an answer's form, the statistics, the confirmation of a deletion. */
export function TaskDialogs(props: TaskDialogsProps) {
  const { task, dispatchTask, project, confirmDelete } = props;
  return (
    <>
      {task.kind === 'choose' && (
        <Modal
          title={
            <FormattedMessage
              id="consultation.questionnaire.mode.title"
              values={{ name: task.entry.attribute.name }}
            />
          }
          onClose={() => dispatchTask({ type: 'close' })}
          testId="mode-dialog"
        >
          <div className="ag-modal-actions">
            <button
              type="button"
              className="ag-button ag-button-primary"
              onClick={() => props.onStart(task.entry)}
              data-testid="mode-add"
            >
              <FormattedMessage id="consultation.questionnaire.mode.add" />
            </button>
            <button
              type="button"
              className="ag-button"
              onClick={() => dispatchTask({ type: 'see' })}
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
          mapView={props.mapView}
          editable={task.editable}
          {...(task.pending && { pending: task.pending })}
          onClose={(saved) => {
            if (task.pending) props.onKept(task.pending, task.entry, saved);
            else if (saved) props.onSaved();
            dispatchTask({ type: 'formClosed' });
          }}
        />
      )}
      {task.kind === 'stats' && (
        <StatsModal
          attribute={task.entry.attribute}
          project={project.token}
          role={props.role}
          onClose={() => dispatchTask({ type: 'statsClosed' })}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={<FormattedMessage id="platform.msg.dropConfirm" />}
          onConfirm={() => props.onDelete(confirmDelete)}
          onCancel={props.onKeep}
          focus="cancel"
        />
      )}
    </>
  );
}
