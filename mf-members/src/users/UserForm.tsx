import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changedFields, ROLES, type FieldValue, type Role } from '@agora/contracts';
import type { AdminUserCreateBody, AdminUserUpdateBody } from '@agora/contracts/api';
import {
  AddressInput,
  client,
  errorMessageId,
  Checkbox,
  LeaveGuard,
  PasswordField,
  Select,
  TextField,
  useForm,
  useNotify,
  useSettings,
  type AddressValue,
  type FormValues,
} from '@agora/platform';
import { ADDRESS_PARTS, addressOf, badAddressPart, locationText, splitAddress } from './address';
import type { UserRow } from './types';

/** The rules the form loads from `validation/scope/users`. */
const RULED_FIELDS = ['username', 'firstname', 'lastname', 'email', 'phone', 'password'] as const;
const ADDRESS_KEYS: readonly string[] = ADDRESS_PARTS;

export interface UserFormProps {
  /** put: an admin edits `user`; post: an admin adds a user */
  mode: 'put' | 'post';
  user?: UserRow;
  /** the logged-in admin's uuid: on their own row the role is hidden and the active toggle disabled */
  selfUuid?: string;
  onSaved: (user: UserRow) => void;
  onCancel: () => void;
  /** told whether the form has unsaved changes (the edit modal asks before closing then) */
  onDirtyChange?: (dirty: boolean) => void;
}

function addressValueOf(user?: UserRow): AddressValue {
  const location = user?.location;
  return {
    address: splitAddress(user?.address ?? null),
    location: location ? { lat: location.lat, lng: location.lon } : null,
  };
}

function initialValues(mode: 'put' | 'post', user?: UserRow): FormValues {
  if (mode === 'post' || !user) {
    return {
      username: '',
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      password_repeat: '',
      role: 'authorized',
    };
  }
  const a = splitAddress(user.address);
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone ?? '',
    street: a.street,
    house_number: a.house_number,
    town: a.town,
    zip: a.zip,
    location: locationText(addressValueOf(user).location),
    role: user.role,
    active: user.active,
  };
}

/**
 * The PUT body: only what changed, the address parts joined into `address`, the marker as `location` ('lat;lon'),
 * an emptied phone as null.
 */
function putBody(initial: FormValues, values: FormValues): Record<string, FieldValue | null> {
  const changed: Record<string, FieldValue | null> = changedFields(initial, values);
  for (const key of ADDRESS_KEYS) delete changed[key];
  delete changed.location;
  if (changed.phone === '') changed.phone = null;
  const before = addressOf(initial);
  const after = addressOf(values);
  if (before !== after) changed.address = after;
  if (initial.location !== values.location) changed.location = values.location || null;
  return changed;
}

/**
 * The user form (spec part 1 §2) as an admin uses it: in put mode (the edit modal) the names, email, phone,
 * address, role and active status, sending only the changed fields with `PUT users/uuid/{uuid}`; in post mode
 * (add user) username, names, email, password twice and role, sent with `POST users`.
 */
export function UserForm({ mode, user, selfUuid, onSaved, onCancel, onDirtyChange }: UserFormProps) {
  const intl = useIntl();
  const notify = useNotify();
  const { settings } = useSettings();
  const [initial] = useState(() => initialValues(mode, user));
  const form = useForm({ scope: 'users', mode, initial, fields: RULED_FIELDS });
  const [address, setAddress] = useState<AddressValue>(() => addressValueOf(user));
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  const own = mode === 'put' && !!user && user.uuid === selfUuid;
  const v = form.values;
  const repeatMismatch = mode === 'post' && v.password_repeat !== '' && v.password_repeat !== v.password;
  const addressTouched = ADDRESS_KEYS.some((k) => v[k] !== initial[k]);
  const unsaved = form.dirty && !saved;

  useEffect(() => {
    onDirtyChange?.(unsaved);
  }, [unsaved, onDirtyChange]);

  const onAddress = (next: AddressValue) => {
    setAddress(next);
    for (const part of ADDRESS_PARTS) form.setValue(part, next.address[part]);
    form.setValue('location', locationText(next.location));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldsOk = await form.validate();
    const addressOk = !addressTouched || ADDRESS_PARTS.every((p) => !badAddressPart(p, v[p]));
    if (!fieldsOk || !addressOk || repeatMismatch) {
      notify({
        type: 'danger',
        body: repeatMismatch ? 'passwords do not match' : 'form contains non valid elements',
      });
      return;
    }
    const body = mode === 'put' ? putBody(initial, form.values) : { ...form.values };
    if (mode === 'put' && Object.keys(body).length === 0) {
      onCancel();
      return;
    }
    setSending(true);
    try {
      // the form's values are the fields of the documented bodies
      const answer =
        mode === 'put'
          ? await client.PUT('/api/users/uuid/{uuid}', {
              params: { path: { uuid: user!.uuid } },
              body: body as AdminUserUpdateBody,
            })
          : await client.POST('/api/users', { body: body as AdminUserCreateBody });
      setSaved(true);
      notify({ type: 'success', body: mode === 'put' ? 'successful update' : 'user added' });
      onSaved(answer);
    } catch (err) {
      notify({ type: 'danger', body: errorMessageId(err) });
    } finally {
      setSending(false);
    }
  };

  const label = (id: string) => <FormattedMessage id={id} />;
  const roleOptions = ROLES.map((r: Role) => ({
    value: r,
    label: intl.formatMessage({ id: `members.role.${r}` }),
  }));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={`user-form-${mode}`}>
      {mode === 'post' && <LeaveGuard when={unsaved} />}
      {mode === 'post' && (
        <TextField
          {...form.field<string>('username')}
          label={label('members.users.col.username')}
          autoComplete="off"
        />
      )}
      <TextField {...form.field<string>('firstname')} label={label('members.users.col.firstname')} />
      <TextField {...form.field<string>('lastname')} label={label('members.users.col.lastname')} />
      <TextField {...form.field<string>('email')} type="email" label={label('members.users.col.email')} />
      {mode === 'put' && (
        <>
          <TextField {...form.field<string>('phone')} type="tel" label={label('members.users.col.phone')} />
          <AddressInput value={address} onChange={onAddress} geocoderUrl={settings.geocoderUrl || null} />
        </>
      )}
      {mode === 'post' && (
        <>
          <PasswordField {...form.field<string>('password')} label={label('members.user.password')} />
          <PasswordField
            {...form.field<string>('password_repeat')}
            label={label('members.user.password_repeat')}
            errorText={repeatMismatch ? intl.formatMessage({ id: 'platform.msg.passwordsDoNotMatch' }) : null}
          />
        </>
      )}
      {!own && (
        <Select
          {...form.field<string>('role')}
          label={label('members.users.col.role')}
          options={roleOptions}
        />
      )}
      {mode === 'put' && (
        <Checkbox
          {...form.field<boolean>('active')}
          label={label('members.users.col.active')}
          disabled={own}
          hint={own ? label('members.user.ownActive') : undefined}
        />
      )}
      <div className="ag-form-actions">
        <button
          type="submit"
          className="ag-button ag-button-primary"
          disabled={sending}
          data-testid="user-form-save"
        >
          <FormattedMessage id="members.user.save" />
        </button>
        <button type="button" className="ag-button" onClick={onCancel}>
          <FormattedMessage id="members.user.cancel" />
        </button>
      </div>
    </form>
  );
}
