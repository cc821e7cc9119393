import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import { useIntl } from 'react-intl';

export interface FileInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'defaultValue' | 'children'
> {
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /**
   * The chosen file to show when the form keeps it (null: none chosen, e.g. after a reset or a refused file);
   * left out, the component shows what was last picked.
   */
  file?: File | null;
  /** the button's text (default: "Choose file" in the page's language) */
  buttonLabel?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one file input of the site (decision 0074): a button and the chosen file's name in the page's language,
 * instead of the browser's own "Choose File / No file chosen" in the browser's language. The real input lies,
 * transparent, over the button: a click or a tap on it opens the file picker, the keyboard focuses it (the
 * button shows the focus ring), and it keeps its label (`<label htmlFor={id}>` or `aria-label`), its events
 * and its form value; the file's name is its description.
 */
export function FileInput({ file, buttonLabel, onChange, className, ref, ...input }: FileInputProps) {
  const intl = useIntl();
  const statusId = useId();
  const [picked, setPicked] = useState<string>('');
  const names = file !== undefined ? (file ? file.name : '') : picked;
  const describedBy = [statusId, input['aria-describedby']].filter(Boolean).join(' ');
  return (
    <span className={['ag-file', className].filter(Boolean).join(' ')}>
      <span className="ag-file-pick">
        <input
          {...input}
          ref={ref}
          type="file"
          className="ag-file-input"
          aria-describedby={describedBy}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            setPicked(
              files.length > 1
                ? intl.formatMessage({ id: 'platform.file.many' }, { count: files.length })
                : (files[0]?.name ?? ''),
            );
            onChange?.(event);
          }}
        />
        <span className="ag-button ag-file-button" aria-hidden="true">
          {buttonLabel ?? intl.formatMessage({ id: 'platform.file.choose' })}
        </span>
      </span>
      <span id={statusId} className="ag-file-name" data-testid="file-input-name">
        {names || intl.formatMessage({ id: 'platform.file.none' })}
      </span>
    </span>
  );
}
