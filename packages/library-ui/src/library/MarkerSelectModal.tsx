import { useRef, useState } from 'react';
import { errorMessageId, FileInput, Modal, useApiGet, useNotify } from '@agora/platform';
import { uploadTarget, uploadWithProgress } from '../upload/uploadWithProgress';
import { useLibraryText } from './texts';
import type { Marker } from './types';
import './library.css';

export interface MarkerSelectModalProps {
  /** the url chosen now */
  value?: string | null;
  onSelect: (marker: Marker) => void;
  onClose: () => void;
}

const SVG = 'image/svg+xml';

/**
 * The marker selection modal (spec part 1 §2): the markers of `GET /api/marker` as a grid of choices, and an SVG
 * upload (`POST /api/marker`, field `file`) whose new marker joins the list.
 */
export function MarkerSelectModal({ value, onSelect, onClose }: MarkerSelectModalProps) {
  const t = useLibraryText();
  const notify = useNotify();
  const { data, error, isLoading, mutate } = useApiGet('/api/marker', {});
  const [wrongType, setWrongType] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const markers = (data ?? []).filter((m) => m.type === 'marker');

  const upload = async (file: File) => {
    if (file.type !== SVG) {
      setWrongType(true);
      return;
    }
    setWrongType(false);
    setUploading(true);
    const form = new FormData();
    form.append('file', file);
    try {
      await uploadWithProgress(uploadTarget('POST', '/api/marker'), form);
      notify({ type: 'success', body: 'data uploaded' });
      await mutate();
    } catch (e) {
      notify({ type: 'warning', body: errorMessageId(e) });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <Modal title={t('markersTitle')} onClose={onClose} testId="marker-select-modal">
      {error ? (
        <p role="alert">{t('failed')}</p>
      ) : isLoading ? (
        <p role="status">{t('loading')}</p>
      ) : markers.length === 0 ? (
        <p>{t('noMarkers')}</p>
      ) : (
        <ul className="ag-marker-grid" aria-label={t('markersTitle')}>
          {markers.map((m) => (
            <li key={m.url}>
              <button
                type="button"
                className={`ag-marker-choice${m.url === value ? ' is-selected' : ''}`}
                aria-pressed={m.url === value}
                onClick={() => onSelect(m)}
                data-testid="marker-choice"
                title={m.name}
              >
                <img src={m.url} alt={m.name} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ag-field">
        <label className="ag-field-label" htmlFor="ag-marker-upload">
          {t('uploadSvg')}
        </label>
        <FileInput
          ref={fileRef}
          id="ag-marker-upload"
          accept={SVG}
          disabled={uploading}
          data-testid="marker-upload"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        {wrongType && (
          <div className="ag-field-error" role="alert">
            {t('svgOnly')}
          </div>
        )}
      </div>
      <div className="ag-modal-actions">
        <button type="button" className="ag-button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
