import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface AccountFormProps {
  /** names the test ids: `{name}-form` and `{name}-submit` */
  name: string;
  /** the message id of the page title, also the (hidden) legend of the fields */
  titleId: string;
  /** the message id of the submit button */
  submitId: string;
  /** while sending, and once done */
  disabled: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** the fields, above the submit button */
  children: ReactNode;
}

/** The form of an account page (register, password recovery and reset): its fields and the submit button. */
export function AccountForm(props: AccountFormProps) {
  return (
    <form className="sh-form" onSubmit={props.onSubmit} noValidate data-testid={`${props.name}-form`}>
      <fieldset disabled={props.disabled} className="sh-fieldset">
        <legend className="ag-visually-hidden">
          <FormattedMessage id={props.titleId} />
        </legend>
        {props.children}
        <button type="submit" className="sh-button sh-button-primary" data-testid={`${props.name}-submit`}>
          <FormattedMessage id={props.submitId} />
        </button>
      </fieldset>
    </form>
  );
}
