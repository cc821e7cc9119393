import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TextField, useErrorText } from '@agora/platform';
import type { useSortableItem } from '../projects/sortable';

type SortableItem = ReturnType<typeof useSortableItem>;
import { MarkerPicker } from '../variable/MarkerPicker';
import type { ChoiceDraft, FieldErrors } from './rules';

export interface ChoiceFieldsProps {
  /** unique prefix of the inputs' ids */
  idPrefix: string;
  value: ChoiceDraft;
  onChange: (next: ChoiceDraft) => void;
  /** rule errors to show */
  errors: FieldErrors;
  /** the server's messages by field */
  server?: Record<string, string>;
}

/**
 * A profile choice's content, icon (a marker, or an uploaded file: the icon is then its preview URL, see
 * `pendingIconFile`) and weight: all three required.
 */
export function ChoiceFields({ idPrefix, value, onChange, errors, server = {} }: ChoiceFieldsProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const set = (patch: Partial<ChoiceDraft>) => onChange({ ...value, ...patch });
  const iconError = server.icon ?? errorText(errors.icon ?? null);
  return (
    <div className="st-choice-fields">
      <TextField
        name={`${idPrefix}-content`}
        id={`${idPrefix}-content`}
        label={intl.formatMessage({ id: 'structure.profile.content' })}
        required
        value={value.content}
        onChange={(content) => set({ content })}
        error={errors.content}
        errorText={server.content}
      />
      <div className="ag-field">
        <span className="ag-field-label" id={`${idPrefix}-icon-label`}>
          {intl.formatMessage({ id: 'structure.profile.icon' })}
          <span className="ag-field-required" aria-hidden="true">
            {' '}
            *
          </span>
        </span>
        <MarkerPicker
          value={value.icon}
          onChange={(icon) => set({ icon })}
          onUpload={({ preview }) => set({ icon: preview })}
          chooseLabel={intl.formatMessage({ id: 'structure.profile.iconChoose' })}
          alt={intl.formatMessage({ id: 'structure.profile.iconAlt' }, { content: value.content })}
          testId={`${idPrefix}-icon`}
          describedBy={`${idPrefix}-icon-label${iconError ? ` ${idPrefix}-icon-error` : ''}`}
        />
        {iconError && (
          <div id={`${idPrefix}-icon-error`} className="ag-field-error">
            {iconError}
          </div>
        )}
      </div>
      <TextField
        name={`${idPrefix}-weight`}
        id={`${idPrefix}-weight`}
        type="number"
        step={1}
        label={intl.formatMessage({ id: 'structure.profile.weight' })}
        required
        value={value.weight}
        onChange={(weight) => set({ weight })}
        error={errors.weight}
        errorText={server.weight}
      />
    </div>
  );
}

/** Save (or Add) and Cancel of an in-place editor. */
export function EditActions(props: {
  primary: 'save' | 'add';
  onPrimary: () => void;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <div className="st-actions">
      <button
        type="button"
        className="ag-button ag-button-primary"
        onClick={props.onPrimary}
        data-testid={`${props.testId}-${props.primary}`}
      >
        <FormattedMessage id={`structure.profile.${props.primary}`} />
      </button>
      <button
        type="button"
        className="ag-button"
        onClick={props.onCancel}
        data-testid={`${props.testId}-cancel`}
      >
        <FormattedMessage id="structure.profile.cancel" />
      </button>
    </div>
  );
}

export interface ChoiceEditorProps extends ChoiceFieldsProps {
  legend: ReactNode;
  primary: 'save' | 'add';
  onPrimary: () => void;
  onCancel: () => void;
  testId: string;
}

/** A choice's fields in a fieldset with Save/Add and Cancel (editing a choice, or adding one to a question). */
export function ChoiceEditor({ legend, primary, onPrimary, onCancel, testId, ...fields }: ChoiceEditorProps) {
  return (
    <fieldset className="st-group" data-testid={testId}>
      <legend className="ag-field-label">{legend}</legend>
      <ChoiceFields {...fields} />
      <EditActions primary={primary} onPrimary={onPrimary} onCancel={onCancel} testId={testId} />
    </fieldset>
  );
}

/** The drag handle of a sortable question or choice (mouse, touch, or Space and the arrow keys). */
export function DragHandle({
  name,
  attributes,
  listeners,
  activatorRef,
  testId,
}: {
  name: string;
  attributes: SortableItem['attributes'];
  listeners: SortableItem['listeners'];
  activatorRef: SortableItem['setActivatorNodeRef'];
  testId: string;
}) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="ag-button st-icon-button st-drag"
      ref={activatorRef}
      {...attributes}
      {...listeners}
      aria-label={intl.formatMessage({ id: 'structure.profile.drag' }, { name })}
      data-testid={testId}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
