import { useState } from 'react';
import { MarkerSelectModal } from '@agora/library-ui';
import { IconUploadButton, type PendingIcon } from './IconUpload';

export interface MarkerPickerProps {
  /** the chosen marker's URL, '' for none */
  value: string;
  onChange: (url: string) => void;
  /** text of the button that opens the marker modal */
  chooseLabel: string;
  /** alternative text of the preview */
  alt: string;
  /** text of the remove button; without it the marker cannot be cleared */
  removeLabel?: string;
  testId: string;
  describedBy?: string;
  /**
   * Offers "upload an icon" beside the markers: called with the chosen file (the preview shows it until the form
   * is sent). Without it only markers can be chosen.
   */
  onUpload?: (icon: PendingIcon) => void;
}

/**
 * A marker (icon) chosen with the platform's marker modal, or uploaded (`onUpload`): a preview, a choose button,
 * an upload button and a remove button.
 */
export function MarkerPicker({
  value,
  onChange,
  chooseLabel,
  alt,
  removeLabel,
  testId,
  describedBy,
  onUpload,
}: MarkerPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <span className="st-marker-picker" data-testid={testId}>
      {value && <img className="st-marker-preview" src={value} alt={alt} data-testid={`${testId}-preview`} />}
      <button
        type="button"
        className="ag-button"
        onClick={() => setOpen(true)}
        data-testid={`${testId}-choose`}
        aria-describedby={describedBy}
      >
        {chooseLabel}
      </button>
      {onUpload && <IconUploadButton onFile={onUpload} testId={testId} describedBy={describedBy} />}
      {value && removeLabel && (
        <button
          type="button"
          className="ag-button"
          onClick={() => onChange('')}
          data-testid={`${testId}-remove`}
        >
          {removeLabel}
        </button>
      )}
      {open && (
        <MarkerSelectModal
          value={value}
          onClose={() => setOpen(false)}
          onSelect={(marker) => {
            setOpen(false);
            onChange(marker.url);
          }}
        />
      )}
    </span>
  );
}
