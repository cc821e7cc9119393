import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { EMPTY_ADDRESS } from '@agora/contracts';
import {
  AddressInput,
  ApiError,
  errorMessageId,
  client,
  Loading,
  localeAtom,
  NewPasswordFields,
  NotFound,
  PageHeader,
  RATE_LIMITED_MESSAGE,
  TextField,
  useForm,
  useNewPassword,
  useNotify,
  useSettings,
  type AddressValue,
} from '@agora/platform';
import { addressText, locationText } from './address';
import { AccountForm } from './AccountForm';

const EMPTY = {
  username: '',
  firstname: '',
  lastname: '',
  email: '',
  password: '',
  password_repeat: '',
  phone: '',
  address: '',
  location: '',
};
type Values = typeof EMPTY;

/** A 409 of the registration about the username (the other one is a taken e-mail address). */
function isUsernameTaken(error: ApiError): boolean {
  return error.hasCode('ACCOUNTS.USERNAME_EXISTS');
}

/** /register: only when registration is on (else the 404 page). */
export function RegisterPage() {
  const { settings, state } = useSettings();
  if (state === 'pending') return <Loading />;
  if (!settings.registration) return <NotFound />;
  return <RegisterForm geocoderUrl={settings.geocoderUrl || null} />;
}

function RegisterForm({ geocoderUrl }: { geocoderUrl: string | null }) {
  const notify = useNotify();
  const form = useForm<Values>({ scope: 'users', initial: EMPTY, mode: 'post' });
  const newPassword = useNewPassword(form);
  const locale = useAtomValue(localeAtom);
  const [address, setAddress] = useState<AddressValue>({ address: { ...EMPTY_ADDRESS }, location: null });
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const { values } = form;

  const onAddress = (next: AddressValue) => {
    setAddress(next);
    form.setValue('address', addressText(next.address));
    form.setValue('location', locationText(next.location));
  };
  const bind = (name: keyof Values) => form.field<string>(name);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      if (!(await form.validate())) {
        notify({ type: 'warning', body: 'form contains non valid elements' });
        return;
      }
      if (!newPassword.confirm()) return;
      await client.POST('/api/registration', {
        body: {
          username: values.username.trim(),
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          email: values.email.trim(),
          password: values.password,
          phone: values.phone.trim() || undefined,
          address: values.address || undefined,
          location: values.location || undefined,
          // account mails are written in the language the visitor registered in
          locale,
        },
      });
      setSubmitted(true);
      notify({ type: 'success', body: 'successful registration', duration: 3 });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // spec: 409 'username exists' for the username; another unique field (the e-mail) 'This value already exists!'
        notify({
          type: 'warning',
          body: isUsernameTaken(error) ? 'username exists' : 'platform.validation.unique',
        });
      } else {
        notify({ type: 'warning', body: errorMessageId(error) });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sh-account" data-testid="register-page">
      <PageHeader title={<FormattedMessage id="shell.register.title" />} />
      <AccountForm
        name="register"
        titleId="shell.register.title"
        submitId="shell.register.submit"
        disabled={submitted || busy}
        onSubmit={onSubmit}
      >
        <TextField
          {...bind('username')}
          label={<FormattedMessage id="shell.profile.username" />}
          autoComplete="username"
        />
        <div className="sh-row">
          <TextField
            {...bind('firstname')}
            label={<FormattedMessage id="shell.profile.firstname" />}
            autoComplete="given-name"
          />
          <TextField
            {...bind('lastname')}
            label={<FormattedMessage id="shell.profile.lastname" />}
            autoComplete="family-name"
          />
        </div>
        <TextField
          {...bind('email')}
          label={<FormattedMessage id="shell.profile.email" />}
          type="email"
          autoComplete="email"
        />
        <div className="sh-row">
          <NewPasswordFields
            password={newPassword}
            label={<FormattedMessage id="shell.profile.password" />}
            repeatLabel={<FormattedMessage id="shell.profile.passwordRepeat" />}
          />
        </div>
        <TextField
          {...bind('phone')}
          label={<FormattedMessage id="shell.profile.phone" />}
          type="tel"
          autoComplete="tel"
        />
        <AddressInput value={address} onChange={onAddress} geocoderUrl={geocoderUrl} />
        {form.uniqueRetryMinutes !== null && (
          <p className="sh-form-error" role="alert" data-testid="register-checks-limited">
            <FormattedMessage id={RATE_LIMITED_MESSAGE} values={{ minutes: form.uniqueRetryMinutes }} />
          </p>
        )}
      </AccountForm>
      {submitted && (
        <p className="sh-success" role="status" data-testid="register-done">
          <FormattedMessage id="shell.register.done" />{' '}
          <Link to="/login">
            <FormattedMessage id="shell.nav.login" />
          </Link>
        </p>
      )}
    </section>
  );
}
