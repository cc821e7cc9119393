import { Modal } from '@agora/platform';
import { useLibraryText } from '../library/texts';
import '../library/library.css';

export interface UploadProgressModalProps {
  /** 0-100 */
  progress: number;
  onCancel: () => void;
  /** the heading; 'Please wait while uploading...' by default */
  title?: string;
}

/** The spec's upload modal: 'Please wait while uploading...', a progress bar and a cancel button. */
export function UploadProgressModal({ progress, onCancel, title }: UploadProgressModalProps) {
  const t = useLibraryText();
  return (
    <Modal title={title ?? t('uploading')} testId="upload-progress-modal">
      <progress
        className="ag-upload-progress"
        max={100}
        value={progress}
        aria-label={t('progress')}
        data-testid="upload-progress"
      />
      <p aria-live="polite" data-testid="upload-percent">
        {progress}%
      </p>
      <div className="ag-modal-actions">
        <button type="button" className="ag-button" onClick={onCancel} data-testid="upload-cancel">
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}
