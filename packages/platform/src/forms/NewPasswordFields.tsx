import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNotify } from '../notify/notify';
import { PasswordField } from './fields';
import type { FormApi } from './useForm';

/** What the new-password fields use of a form whose values have `password` and `password_repeat`. */
export type PasswordForm = Pick<FormApi, 'values' | 'field' | 'setValue'>;

export interface NewPassword {
  form: PasswordForm;
  /** the repeat differed from the password at the last `confirm()` (until either field is edited) */
  mismatch: boolean;
  /** true when the repeat is the password; otherwise marks the repeat and notifies 'passwords do not match' */
  confirm: () => boolean;
  /** either field was edited: the mismatch is no longer shown */
  edited: () => void;
}

/**
 * The state of a new password and its repeat in `form` (the password's own rules are the form's, e.g. the `users`
 * scope): call `confirm()` on submit after `form.validate()`, and render `<NewPasswordFields password={…} />`.
 */
export function useNewPassword(form: PasswordForm): NewPassword {
  const notify = useNotify();
  const [mismatch, setMismatch] = useState(false);
  return {
    form,
    mismatch,
    confirm: () => {
      const { password, password_repeat: repeat } = form.values;
      if (password === repeat) return true;
      setMismatch(true);
      notify({ type: 'warning', body: 'passwords do not match' });
      return false;
    },
    edited: () => setMismatch(false),
  };
}

/** The new password and its repeat (required), the repeat showing 'Passwords do not match' after a mismatch. */
export function NewPasswordFields({
  password,
  label,
  repeatLabel,
}: {
  password: NewPassword;
  label: ReactNode;
  repeatLabel: ReactNode;
}) {
  const intl = useIntl();
  const { form, mismatch, edited } = password;
  const onChange = (name: 'password' | 'password_repeat') => (value: string) => {
    edited();
    form.setValue(name, value);
  };
  return (
    <>
      <PasswordField
        {...form.field<string>('password')}
        autoComplete="new-password"
        label={label}
        onChange={onChange('password')}
      />
      <PasswordField
        {...form.field<string>('password_repeat')}
        autoComplete="new-password"
        required
        label={repeatLabel}
        onChange={onChange('password_repeat')}
        errorText={mismatch ? intl.formatMessage({ id: 'platform.msg.passwordsDoNotMatch' }) : null}
      />
    </>
  );
}
