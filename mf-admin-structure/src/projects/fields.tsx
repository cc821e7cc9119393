import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LeaveGuard, TextArea, TextField, useErrorText, type FieldBinding } from '@agora/platform';
import { LibrarySelectModal } from '@agora/library-ui';

/** A yyyy-MM-dd date input with the platform's field look (label, required mark, error under it). */
export function DateField(
  props: FieldBinding<string> & { label: ReactNode; disabled?: boolean; errorText?: string | null },
) {
  const id = useId();
  const translated = useErrorText()(props.error);
  const errorText = props.errorText ?? translated;
  return (
    <div className="ag-field">
      <label htmlFor={id} className="ag-field-label">
        {props.label}
        {props.required && (
          <span className="ag-field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={props.name}
        type="date"
        className={`ag-input${errorText ? ' is-invalid' : ''}`}
        value={props.value ?? ''}
        disabled={props.disabled}
        aria-required={props.required || undefined}
        aria-invalid={errorText ? 'true' : undefined}
        aria-describedby={errorText ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      {errorText && (
        <div id={`${id}-error`} className="ag-field-error" data-testid={`error-${props.name}`}>
          {errorText}
        </div>
      )}
    </div>
  );
}

/**
 * The summary image of a category or project: a library image picked with the library's select modal (its URL is
 * stored), a preview, a remove button and the image's alternative text.
 */
export function SummaryImageField({
  image,
  alt,
}: {
  image: FieldBinding<string>;
  alt: FieldBinding<string>;
}) {
  const intl = useIntl();
  const [picking, setPicking] = useState(false);
  const url = image.value ?? '';
  return (
    <fieldset className="ag-field st-image-field">
      <legend className="ag-field-label">
        <FormattedMessage id="structure.projects.field.summaryImg" />
      </legend>
      {url ? (
        <img src={url} alt={alt.value || ''} className="st-image-preview" data-testid="summary-img-preview" />
      ) : (
        <p className="st-muted">
          <FormattedMessage id="structure.projects.field.noImage" />
        </p>
      )}
      <div className="st-row-actions">
        <button
          type="button"
          className="ag-button"
          onClick={() => setPicking(true)}
          data-testid="summary-img-pick"
        >
          <FormattedMessage id="structure.projects.field.pickImage" />
        </button>
        {url && (
          <button
            type="button"
            className="ag-button"
            onClick={() => image.onChange('')}
            data-testid="summary-img-remove"
          >
            <FormattedMessage id="structure.projects.field.removeImage" />
          </button>
        )}
      </div>
      <TextField {...alt} label={<FormattedMessage id="structure.projects.field.summaryImgAlt" />} />
      {picking && (
        <LibrarySelectModal
          multiple={false}
          title={intl.formatMessage({ id: 'structure.projects.field.pickImage' })}
          onClose={() => setPicking(false)}
          onAccept={(items) => {
            setPicking(false);
            const item = items[0];
            if (!item) return;
            image.onChange(item.resource);
            if (!alt.value) alt.onChange(item.alt_text || item.title);
          }}
        />
      )}
    </fieldset>
  );
}

/**
 * The fields a category and a project share at their top: title, short name (derived from the title while
 * adding), summary and summary image; `scope` names their labels (`structure.{scope}.field.*`).
 */
export function SummaryFields({
  scope,
  names,
  field,
  errorFor,
}: {
  scope: 'categories' | 'projects';
  names: { title: FieldBinding<string>; mname: FieldBinding<string> };
  field: (name: string) => FieldBinding<string>;
  errorFor: (name: string) => string | null;
}) {
  return (
    <>
      <TextField
        {...names.title}
        errorText={errorFor('title')}
        label={<FormattedMessage id={`structure.${scope}.field.title`} />}
      />
      <TextField
        {...names.mname}
        errorText={errorFor('mname')}
        label={<FormattedMessage id={`structure.${scope}.field.mname`} />}
        hint={<FormattedMessage id="structure.projects.field.mnameHint" />}
      />
      <TextArea
        {...field('summary')}
        errorText={errorFor('summary')}
        label={<FormattedMessage id={`structure.${scope}.field.summary`} />}
      />
      <SummaryImageField image={field('summary_img')} alt={field('summary_img_alt')} />
    </>
  );
}

/** A server refusal that no field shows under itself, above the form's buttons. */
function GeneralServerError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="ag-field-error" role="alert" data-testid="server-error">
      {text}
    </p>
  );
}

/**
 * The end of a category or project form: the server's refusal that no field shows (`general`), Save (test id
 * `saveTestId`) beside the form's other actions (`children`), and the guard that asks before unsaved changes
 * (`dirty`) are left; while `busy` (sending), Save waits and leaving is not guarded.
 */
export function FormEnd(props: {
  general: string | null;
  busy: boolean;
  dirty: boolean;
  saveTestId: string;
  children: ReactNode;
}) {
  return (
    <>
      <GeneralServerError text={props.general} />
      <div className="st-form-actions">
        <button
          type="submit"
          className="ag-button ag-button-primary"
          disabled={props.busy}
          data-testid={props.saveTestId}
        >
          <FormattedMessage id="structure.projects.save" />
        </button>
        {props.children}
      </div>
      <LeaveGuard when={props.dirty && !props.busy} />
    </>
  );
}
