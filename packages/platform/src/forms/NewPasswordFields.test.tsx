import { act, fireEvent, screen } from '@testing-library/react';
import type { ScopeRules } from '@agora/contracts';
import { mockFetch, renderWeb } from '../../../../scripts/jest/web';
import { notificationsAtom } from '../notify/notify';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';
import { useForm } from './useForm';

const RULES: ScopeRules = { password: { required: true, min_size: 8 } };
const onValid = jest.fn();

function Probe() {
  const form = useForm({
    scope: 'users',
    initial: { password: '', password_repeat: '' },
    mode: 'post',
    fields: ['password'],
  });
  const newPassword = useNewPassword(form);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.validate().then((valid) => {
          if (valid && newPassword.confirm()) onValid(form.values.password);
        });
      }}
    >
      <NewPasswordFields password={newPassword} label="New password" repeatLabel="Repeat password" />
      <button type="submit">Save</button>
    </form>
  );
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('NewPasswordFields', () => {
  beforeEach(() => {
    onValid.mockReset();
    mockFetch({ 'GET /api/validation/scope/users/fields/password': { status: 200, body: RULES } });
  });

  it('asks for the password twice, as new passwords, the repeat required', async () => {
    await renderWeb(<Probe />);
    for (const field of [input(/^New password/), input(/^Repeat password/)]) {
      expect(field.type).toBe('password');
      expect(field.getAttribute('autocomplete')).toBe('new-password');
    }
    expect(input(/^Repeat password/).getAttribute('aria-required')).toBe('true');
  });

  it('refuses a repeat that differs, says so in the field and a notification, until either is edited', async () => {
    const { store } = await renderWeb(<Probe />, { locale: 'el' });
    type(/^New password/, 'correct horse');
    type(/^Repeat password/, 'correct hose');
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Οι κωδικοί δεν ταιριάζουν')).toBeTruthy();
    expect(input(/^Repeat password/).getAttribute('aria-invalid')).toBe('true');
    expect(store.get(notificationsAtom).map((n) => n.body)).toEqual(['passwords do not match']);

    type(/^Repeat password/, 'correct horse');
    expect(screen.queryByText('Οι κωδικοί δεν ταιριάζουν')).toBeNull();
    await submit();
    expect(onValid).toHaveBeenCalledWith('correct horse');
  });

  it("leaves the password's own rules to the form", async () => {
    await renderWeb(<Probe />);
    type(/^New password/, 'short');
    type(/^Repeat password/, 'short');
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    expect(input(/^New password/).getAttribute('aria-invalid')).toBe('true');
  });
});
