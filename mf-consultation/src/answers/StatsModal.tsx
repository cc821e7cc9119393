import { Modal } from '@agora/platform';
import type { QuestionnaireAttribute } from './types';

export interface StatsModalProps {
  attribute: QuestionnaireAttribute;
  onClose(): void;
}

/** The statistics of one attribute: a total tab and one tab per variable. */
export function StatsModal({ attribute, onClose }: StatsModalProps) {
  return (
    <Modal title={attribute.name} onClose={onClose} testId="stats-modal">
      <div />
    </Modal>
  );
}
