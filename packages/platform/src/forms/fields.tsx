import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FieldError, FieldValue } from '@agora/contracts';
import { PATTERN_MESSAGES } from './patternMessages';
import './forms.css';

/**
 * The text of a validation error in the current language: the message of its rule id (`required`, `min`, `max`,
 * `pattern`, `unique`); a pattern error names its rule (the translation of the server's pattern message, see
 * PATTERN_MESSAGES), else says 'invalid value'; any message without a translation falls back to the server's text.
 */
export function useErrorText(): (error: FieldError | null) => string | null {
  const intl = useIntl();
  return (error) => {
    if (!error) return null;
    const rule = error.rule === 'pattern' ? PATTERN_MESSAGES[error.message] : undefined;
    if (rule) return intl.formatMessage({ id: rule });
    if (error.rule === 'pattern' && intl.locale === 'en') return error.message;
    const id = `platform.validation.${error.rule}`;
    if (!intl.messages[id]) return error.message;
    return intl.formatMessage({ id }, error.values);
  };
}

interface BaseProps<V> {
  name: string;
  label: ReactNode;
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  error?: FieldError | null;
  /** an already translated error text, shown instead of the rule's message */
  errorText?: string | null;
  valid?: boolean;
  required?: boolean;
  checking?: boolean;
  disabled?: boolean;
  /** help text under the label */
  hint?: ReactNode;
  id?: string;
  className?: string;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  hintId: string;
  errorId: string;
  errorText: string | null;
  checking?: boolean;
  className?: string;
  children: ReactNode;
  /** the checkbox puts its label after the input */
  inline?: boolean;
}

function FieldFrame(props: FieldFrameProps) {
  const intl = useIntl();
  const label = (
    <label htmlFor={props.id} className="ag-field-label">
      {props.label}
      {props.required && (
        <span className="ag-field-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={`ag-field${props.inline ? ' ag-field-inline' : ''} ${props.className ?? ''}`.trim()}>
      {props.inline ? (
        <>
          <div className="ag-field-inline-row">
            {props.children}
            {label}
          </div>
          {props.hint && (
            <div id={props.hintId} className="ag-field-hint">
              {props.hint}
            </div>
          )}
        </>
      ) : (
        <>
          {label}
          {props.hint && (
            <div id={props.hintId} className="ag-field-hint">
              {props.hint}
            </div>
          )}
          {props.children}
        </>
      )}
      {props.checking && (
        <div className="ag-field-checking" role="status">
          {intl.formatMessage({ id: 'platform.validation.checking' })}
        </div>
      )}
      {props.errorText && (
        <div id={props.errorId} className="ag-field-error" data-testid={`error-${props.id}`}>
          {props.errorText}
        </div>
      )}
    </div>
  );
}

/**
 * The accessible attributes of an input (aria-invalid only once the field has a validity state) and the props of
 * the frame around it.
 */
function useFieldIds<V extends FieldValue>(props: BaseProps<V>) {
  const auto = useId();
  const id = props.id ?? `${props.name}-${auto}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const translated = useErrorText()(props.error ?? null);
  const errorText = props.errorText ?? translated;
  const describedBy = [props.hint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(' ');
  const state = errorText ? 'true' : props.valid ? 'false' : undefined;
  const inputProps = {
    id,
    name: props.name,
    disabled: props.disabled,
    'aria-required': props.required || undefined,
    'aria-invalid': state,
    'aria-describedby': describedBy || undefined,
    onBlur: props.onBlur,
  } as const;
  const stateClass = errorText ? ' is-invalid' : props.valid ? ' is-valid' : '';
  const frame: Omit<FieldFrameProps, 'children'> = {
    id,
    label: props.label,
    required: props.required,
    hint: props.hint,
    hintId,
    errorId,
    errorText,
    checking: props.checking,
    className: props.className,
  };
  return { frame, inputProps, stateClass };
}

export interface TextFieldProps extends BaseProps<string> {
  type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'search' | 'password' | 'date';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  /** for type="number" */
  step?: number | 'any';
  /** numbers for type="number", yyyy-MM-dd for type="date" */
  min?: number | string;
  max?: number | string;
}

export function TextField(props: TextFieldProps) {
  const { frame, inputProps, stateClass } = useFieldIds(props);
  return (
    <FieldFrame {...frame}>
      <input
        {...inputProps}
        className={`ag-input${stateClass}`}
        type={props.type ?? 'text'}
        value={props.value ?? ''}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        step={props.step}
        min={props.min}
        max={props.max}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField autoComplete="new-password" {...props} type="password" />;
}

export interface TextAreaProps extends BaseProps<string> {
  /** 5 by default (the spec's description textarea) */
  rows?: number;
  placeholder?: string;
}

export function TextArea(props: TextAreaProps) {
  const { frame, inputProps, stateClass } = useFieldIds(props);
  return (
    <FieldFrame {...frame}>
      <textarea
        {...inputProps}
        className={`ag-input${stateClass}`}
        rows={props.rows ?? 5}
        value={props.value ?? ''}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  /** plain text (an <option> holds text only): translate it with intl.formatMessage */
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends BaseProps<string> {
  options: readonly SelectOption[];
  /** an empty first choice, e.g. 'choose…' */
  placeholder?: string;
}

export function Select(props: SelectProps) {
  const { frame, inputProps, stateClass } = useFieldIds(props);
  return (
    <FieldFrame {...frame}>
      <select
        {...inputProps}
        className={`ag-input${stateClass}`}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export type CheckboxProps = BaseProps<boolean>;

export function Checkbox(props: CheckboxProps) {
  const { frame, inputProps } = useFieldIds(props);
  return (
    <FieldFrame {...frame} checking={undefined} inline>
      <input
        {...inputProps}
        className="ag-checkbox"
        type="checkbox"
        checked={props.value === true}
        onChange={(e) => props.onChange(e.target.checked)}
      />
    </FieldFrame>
  );
}
