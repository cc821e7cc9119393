import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiErrorCode } from '@agora/contracts';
import type { UserAnswer } from '@agora/contracts/api';
import {
  AddressInput,
  ApiError,
  client,
  errorMessageId,
  LeaveGuard,
  Loaded,
  LOCALES,
  NewPasswordFields,
  PageHeader,
  PasswordField,
  rateLimitedText,
  Select,
  TextField,
  useApiGet,
  useForm,
  useNewPassword,
  useNotify,
  useSession,
  useSettings,
  type AddressValue,
  formAction,
} from '@agora/platform';
import { addressText, addressValue, locationText } from './account/address';
import { DeleteAccountSection } from './account/DeleteAccountSection';
import { MyDataSection } from './account/MyDataSection';
import { ResultsMailSection } from './account/ResultsMailSection';

/** `GET /api/profile`: the session user and the profile fields. */
export type Profile = UserAnswer;

// the fields with rules in the `users` scope (the location has none)
const FIELDS = ['firstname', 'lastname', 'email', 'phone', 'address'] as const;

function toForm(p: Profile) {
  return {
    firstname: p.firstname,
    lastname: p.lastname,
    email: p.email,
    phone: p.phone ?? '',
    address: p.address ?? '',
    location: locationText(p.location ? { lat: p.location.lat, lng: p.location.lon } : null),
    locale: p.locale ?? 'el',
  };
}
type FormState = ReturnType<typeof toForm>;

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const { settings } = useSettings();
  const form = useForm<FormState>({ scope: 'users', initial: toForm(profile), mode: 'put', fields: FIELDS });
  const [address, setAddress] = useState<AddressValue>(() => addressValue(profile.address, profile.location));
  const [busy, setBusy] = useState(false);

  const onAddress = (next: AddressValue) => {
    setAddress(next);
    form.setValue('address', addressText(next.address));
    form.setValue('location', locationText(next.location));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.dirty) return;
    setBusy(true);
    try {
      const result = await form.submit(formAction('/api/profile'));
      if (result.ok) {
        if (result.sent) {
          notify({ type: 'success', body: 'successful update' });
          onSaved();
        }
      } else if (result.reason === 'invalid') {
        notify({ type: 'warning', body: 'form contains non valid elements' });
      } else {
        notify({
          type: 'warning',
          body: rateLimitedText(intl, result.error) ?? errorMessageId(result.error),
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <LeaveGuard when={form.dirty} />
      <div className="sh-field">
        <span className="sh-label">
          <FormattedMessage id="shell.profile.username" />
        </span>
        <span data-testid="profile-username">{profile.username}</span>
      </div>
      <div className="sh-row">
        <TextField
          {...form.field<string>('firstname')}
          label={<FormattedMessage id="shell.profile.firstname" />}
          autoComplete="given-name"
        />
        <TextField
          {...form.field<string>('lastname')}
          label={<FormattedMessage id="shell.profile.lastname" />}
          autoComplete="family-name"
        />
      </div>
      <TextField
        {...form.field<string>('email')}
        label={<FormattedMessage id="shell.profile.email" />}
        type="email"
        autoComplete="email"
      />
      <TextField
        {...form.field<string>('phone')}
        label={<FormattedMessage id="shell.profile.phone" />}
        type="tel"
        autoComplete="tel"
      />
      <Select
        {...form.field<string>('locale')}
        label={<FormattedMessage id="shell.profile.locale" />}
        hint={<FormattedMessage id="shell.profile.localeHint" />}
        options={LOCALES.map((l) => ({ value: l, label: intl.formatMessage({ id: `shell.language.${l}` }) }))}
      />
      <AddressInput value={address} onChange={onAddress} geocoderUrl={settings.geocoderUrl || null} />
      <div>
        <button
          type="submit"
          className="sh-button sh-button-primary"
          disabled={!form.dirty || busy}
          data-testid="profile-submit"
        >
          <FormattedMessage id="shell.profile.save" />
        </button>
      </div>
    </form>
  );
}

/** The server's answer to a wrong current password (shown under that field). */
const WRONG_CURRENT_PASSWORD: ApiErrorCode = 'ACCOUNTS.WRONG_CURRENT_PASSWORD';

const NO_PASSWORDS = { password_current: '', password: '', password_repeat: '' };

function PasswordForm() {
  const intl = useIntl();
  const notify = useNotify();
  // the new password is checked against the `users` rules; the current one and the repeat have none
  const form = useForm({ scope: 'users', initial: NO_PASSWORDS, mode: 'post', fields: ['password'] });
  const newPassword = useNewPassword(form);
  const [wrongCurrent, setWrongCurrent] = useState(false);
  const [busy, setBusy] = useState(false);
  const { values } = form;
  const current = form.field<string>('password_current');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      if (!values.password_current || !(await form.validate())) {
        notify({ type: 'warning', body: 'form contains non valid elements' });
        return;
      }
      if (!newPassword.confirm()) return;
      await client.PUT('/api/profile', { body: values });
      form.reset(NO_PASSWORDS);
      notify({ type: 'success', body: 'password changed' });
    } catch (error) {
      if (error instanceof ApiError && error.hasCode(WRONG_CURRENT_PASSWORD)) setWrongCurrent(true);
      else notify({ type: 'warning', body: rateLimitedText(intl, error) ?? errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-form sh-panel" onSubmit={onSubmit} noValidate data-testid="password-form">
      <fieldset className="sh-fieldset" disabled={busy}>
        <legend>
          <FormattedMessage id="shell.profile.changePassword" />
        </legend>
        <PasswordField
          {...current}
          required
          onChange={(value) => {
            setWrongCurrent(false);
            current.onChange(value);
          }}
          autoComplete="current-password"
          label={<FormattedMessage id="shell.profile.currentPassword" />}
          errorText={
            wrongCurrent ? intl.formatMessage({ id: `platform.error.${WRONG_CURRENT_PASSWORD}` }) : null
          }
        />
        <div className="sh-row">
          <NewPasswordFields
            password={newPassword}
            label={<FormattedMessage id="shell.profile.newPassword" />}
            repeatLabel={<FormattedMessage id="shell.profile.passwordRepeat" />}
          />
        </div>
        <div>
          <button type="submit" className="sh-button" data-testid="password-submit">
            <FormattedMessage id="shell.profile.changePassword" />
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * /profile: the user form in put mode (own profile: no role selector), a password change, the download of one's
 * own data and the deletion of one's account.
 */
export function ProfilePage() {
  const { user, refresh } = useSession();
  const { data, error, isLoading, mutate } = useApiGet('/api/profile', user ? {} : null);
  if (!user) return null;
  return (
    <section className="sh-account" data-testid="profile-page">
      <PageHeader title={<FormattedMessage id="shell.profile.title" />} />
      <p>
        <FormattedMessage id="shell.profile.role" />:{' '}
        <strong data-testid="profile-role">
          <FormattedMessage id={`shell.role.${user.role}`} />
        </strong>
      </p>
      <Loaded error={error} isLoading={isLoading} data={data}>
        {(data) => (
          <ProfileForm
            key={data.uuid}
            profile={data}
            onSaved={() => {
              void mutate();
              void refresh();
            }}
          />
        )}
      </Loaded>
      <PasswordForm />
      <ResultsMailSection />
      <MyDataSection />
      <DeleteAccountSection />
    </section>
  );
}
