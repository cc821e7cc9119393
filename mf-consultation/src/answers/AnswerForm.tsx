import { Modal } from '@agora/platform';
import { useIntl } from 'react-intl';
import type { QuestionnaireAttribute, QuestionnaireVariable } from './types';

export interface AnswerFormProps {
  /** the answer ("choice") token whose values are edited */
  choice: string;
  attribute: QuestionnaireAttribute;
  variables: QuestionnaireVariable[];
  /** the project's largest upload in bytes */
  projectMaxBytes: number;
  /** false: a read-only view of the values */
  editable: boolean;
  /** saved: at least one variable was saved */
  onClose(saved: boolean): void;
}

/** The attribute answer form: one tab per variable. */
export function AnswerForm({ attribute, onClose }: AnswerFormProps) {
  const intl = useIntl();
  return (
    <Modal title={attribute.name} onClose={() => onClose(false)} testId="answer-form">
      <button type="button" className="ag-button" onClick={() => onClose(false)}>
        {intl.formatMessage({ id: 'consultation.answers.close' })}
      </button>
    </Modal>
  );
}
