import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ICON_MAX_BYTES } from '@agora/contracts';

/** The kinds of uploaded icons the library accepts (checked again there by content). */
export const ICON_ACCEPT = '.svg,.png,.jpg,.jpeg,.webp,image/svg+xml,image/png,image/jpeg,image/webp';

const ICON_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'];
const ICON_NAME = /\.(svg|png|jpe?g|webp)$/i;

/** An icon file chosen for upload, with the local URL of its preview. */
export interface PendingIcon {
  file: File;
  preview: string;
}

/** Files chosen for upload, by the local URL of their preview (an icon field holds that URL until it is sent). */
const pending = new Map<string, File>();

/** The file of an icon field's value when it is the preview of an icon chosen for upload, or undefined. */
export function pendingIconFile(value: string): File | undefined {
  return pending.get(value);
}

/** Forgets an icon chosen for upload once it is sent (or dropped), freeing its preview. */
export function releasePendingIcon(value: string): void {
  if (!pending.delete(value)) return;
  URL.revokeObjectURL(value);
}

/** The message id of what is wrong with a chosen icon file, or null. */
export function iconFileProblem(file: File): string | null {
  if (!ICON_TYPES.includes(file.type) && !ICON_NAME.test(file.name))
    return 'structure.variable.iconUploadType';
  if (file.size > ICON_MAX_BYTES) return 'structure.variable.iconUploadSize';
  return null;
}

export interface IconUploadButtonProps {
  /** called with the chosen file and a local URL to preview it */
  onFile: (icon: PendingIcon) => void;
  testId: string;
  describedBy?: string;
}

/**
 * "Upload an icon": opens the file chooser for an SVG, PNG, JPEG or WebP icon of at most 1 MB. The file is sent
 * with the form and stored by the library; a wrong kind or size is told here at once.
 */
export function IconUploadButton({ onFile, testId, describedBy }: IconUploadButtonProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${testId}-upload-error`;
  return (
    <>
      <button
        type="button"
        className="ag-button"
        onClick={() => input.current?.click()}
        data-testid={`${testId}-upload`}
        aria-describedby={[describedBy, problem ? errorId : null].filter(Boolean).join(' ') || undefined}
      >
        {intl.formatMessage({ id: 'structure.variable.iconUpload' })}
      </button>
      <input
        ref={input}
        type="file"
        accept={ICON_ACCEPT}
        hidden
        data-testid={`${testId}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const wrong = iconFileProblem(file);
          setProblem(wrong);
          if (wrong) return;
          const preview = URL.createObjectURL(file);
          pending.set(preview, file);
          onFile({ file, preview });
        }}
      />
      {problem && (
        <span id={errorId} className="ag-field-error" role="alert" data-testid={`${testId}-upload-error`}>
          {intl.formatMessage({ id: problem })}
        </span>
      )}
    </>
  );
}

/**
 * A write's body as multipart/form-data with its uploaded icons (`files`, by part name) in place of their text
 * fields; text as is, other values as JSON text. `put` adds the spec's `_method` field.
 */
export function iconFormData(body: object, files: Record<string, File>, put = false): FormData {
  const form = new FormData();
  if (put) form.append('_method', 'put');
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key in files || value === undefined) continue;
    form.append(key, typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value));
  }
  for (const [key, file] of Object.entries(files)) form.append(key, file, file.name);
  return form;
}
