import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ADDRESS_MAP_CENTER, ADDRESS_MAP_ZOOM, CoordinateInput, Modal, PointMap } from '@agora/platform';
import type { LatLng } from './types';
import './answers.css';

export interface LocationModalProps {
  /** the current point (EPSG:4326), or none */
  value: LatLng | null;
  /** the point chosen, when the user confirms it */
  onChange(value: LatLng): void;
  /** closed, after a confirmation or not */
  onClose(): void;
  /** where the map opens when there is no point yet (default: the address map's centre) */
  center?: LatLng;
  zoom?: number;
}

/**
 * A small map to pick a point (click it, or drag the marker), with the coordinates also typed as numbers
 * (EPSG:2100 by default, 4326 or 3857) for keyboard users. The chosen point is handed over on confirmation.
 */
export function LocationModal({ value, onChange, onClose, center, zoom }: LocationModalProps) {
  const intl = useIntl();
  const [point, setPoint] = useState<LatLng | null>(value);
  const [typedValid, setTypedValid] = useState(true);
  return (
    <div className="cons-ans-wide">
      <Modal
        title={intl.formatMessage({ id: 'consultation.answers.location.title' })}
        onClose={onClose}
        testId="location-modal"
      >
        <p className="ag-field-hint">
          <FormattedMessage id="consultation.answers.location.help" />
        </p>
        <div className="cons-ans-map">
          <PointMap
            center={point ?? center ?? ADDRESS_MAP_CENTER}
            zoom={zoom ?? ADDRESS_MAP_ZOOM}
            point={point}
            onMove={setPoint}
            label={intl.formatMessage({ id: 'consultation.answers.location.map' })}
          />
        </div>
        <CoordinateInput value={point} onChange={setPoint} onValidChange={setTypedValid} />
        <div className="ag-modal-actions">
          <button type="button" className="ag-button" onClick={onClose}>
            <FormattedMessage id="consultation.answers.cancel" />
          </button>
          <button
            type="button"
            className="ag-button ag-button-primary"
            disabled={!point || !typedValid}
            onClick={() => {
              if (!point) return;
              onChange(point);
              onClose();
            }}
          >
            <FormattedMessage id="consultation.answers.location.use" />
          </button>
        </div>
      </Modal>
    </div>
  );
}
