import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScopeRules } from '@agora/contracts';
import { mockFetch, renderWeb, type FakeCall, type FakeReply } from '../../../../scripts/jest/web';
import { formAction, useForm, type SubmitResult } from './useForm';
import { Checkbox, Select, TextArea, TextField } from './fields';

const RULES: ScopeRules = {
  username: { required: true, min_size: 3, max_size: 12, unique: true },
  email: { required: true, validation: '[^@\\s]+@[^@\\s]+', message: 'not an e-mail address' },
  phone: { validation: '[0-9]{10}' },
};
const RULES_URL = '/api/validation/scope/users';

let lastResult: SubmitResult | undefined;

function Probe({ mode, initial }: { mode: 'post' | 'put'; initial: Record<string, string | boolean> }) {
  const form = useForm({
    scope: 'users',
    initial,
    mode,
    action: mode === 'post' ? formAction('/api/registration') : formAction('/api/profile'),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit().then((r) => {
          lastResult = r;
        });
      }}
    >
      <TextField label="Username" {...form.field<string>('username')} />
      <TextField label="Email" type="email" {...form.field<string>('email')} />
      <TextField label="Phone" {...form.field<string>('phone')} />
      <TextArea label="About" {...form.field<string>('about')} />
      <Select
        label="Role"
        options={[
          { value: 'admin', label: 'Admin' },
          { value: 'guest', label: 'Guest' },
        ]}
        {...form.field<string>('role')}
      />
      <Checkbox label="Active" {...form.field<boolean>('active')} />
      <output data-testid="dirty">{String(form.dirty)}</output>
      <output data-testid="rules">{form.rulesLoading ? 'loading' : 'ready'}</output>
      <button type="submit">Save</button>
    </form>
  );
}

const EMPTY = { username: '', email: '', phone: '', about: '', role: 'guest', active: false };
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const urls = (calls: FakeCall[], prefix: string) =>
  calls.filter((c) => c.url.startsWith(prefix)).map((c) => c.url);

async function submit(): Promise<SubmitResult> {
  lastResult = undefined;
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
  await waitFor(() => expect(lastResult).toBeDefined());
  return lastResult as unknown as SubmitResult;
}

async function rulesLoaded(): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('rules').textContent).toBe('ready'));
}

afterEach(() => {
  jest.useRealTimers();
});

describe('useForm and the field components', () => {
  it('loads the rules of the scope, shows no validity state while empty, and checks on change', async () => {
    const calls = mockFetch({ [`GET ${RULES_URL}`]: { status: 200, body: RULES } });
    await renderWeb(<Probe mode="post" initial={EMPTY} />);
    await rulesLoaded();
    expect(calls[0]?.url).toBe(RULES_URL);
    const username = input('Username *');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(username);
    expect(username.getAttribute('aria-invalid')).toBeNull();

    type('Username *', 'ab');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    const errorId = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Minimum size is 3.');

    type('Email *', 'nope');
    expect(screen.getByText('not an e-mail address')).toBeTruthy();
    type('Email *', 'a@b.gr');
    expect(input('Email *').getAttribute('aria-invalid')).toBe('false');

    // cleared again: no validity state
    type('Username *', '');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(username.getAttribute('aria-describedby')).toBeNull();
  });

  it('translates the messages to Greek by rule id', async () => {
    mockFetch({ [`GET ${RULES_URL}`]: { status: 200, body: RULES } });
    await renderWeb(<Probe mode="post" initial={EMPTY} />, { locale: 'el' });
    await rulesLoaded();
    type('Username *', 'abcdefghijklmnop');
    expect(screen.getByText('Το μέγιστο μέγεθος είναι 12.')).toBeTruthy();
    type('Email *', 'nope');
    expect(screen.getByText('Μη έγκυρη τιμή.')).toBeTruthy();
  });

  it('asks the server about a unique value once, 500 ms after the last change, and shows that it exists', async () => {
    jest.useFakeTimers();
    const calls = mockFetch({
      [`GET ${RULES_URL}`]: { status: 200, body: RULES },
      'GET /api/checkIfExists/scope/users/field/username/value/maria': { status: 200, body: true },
      'GET /api/checkIfExists/scope/users/field/username/value/mar%C3%ADa2': { status: 200, body: false },
    });
    await renderWeb(<Probe mode="post" initial={EMPTY} />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    type('Username *', 'mar');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(300);
    });
    type('Username *', 'maria');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(499);
    });
    expect(urls(calls, '/api/checkIfExists')).toEqual([]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(urls(calls, '/api/checkIfExists')).toEqual([
      '/api/checkIfExists/scope/users/field/username/value/maria',
    ]);
    expect(screen.getByText('This value already exists!')).toBeTruthy();
    expect(input('Username *').getAttribute('aria-invalid')).toBe('true');

    type('Username *', 'maría2');
    expect(screen.queryByText('This value already exists!')).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(urls(calls, '/api/checkIfExists')).toHaveLength(2);
    expect(input('Username *').getAttribute('aria-invalid')).toBe('false');
  });

  it('checks a unique value typed before the rules arrived, once they arrive', async () => {
    jest.useFakeTimers();
    let answerRules: (answer: FakeReply) => void = () => undefined;
    const calls = mockFetch({
      [`GET ${RULES_URL}`]: () => new Promise<FakeReply>((resolve) => (answerRules = resolve)),
      'GET /api/checkIfExists/scope/users/field/username/value/maria': { status: 200, body: true },
    });
    await renderWeb(<Probe mode="post" initial={EMPTY} />);
    // no rules yet: the field is not even marked required
    type('Username', 'maria');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(urls(calls, '/api/checkIfExists')).toEqual([]);
    await act(async () => {
      answerRules({ status: 200, body: RULES });
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(urls(calls, '/api/checkIfExists')).toEqual([
      '/api/checkIfExists/scope/users/field/username/value/maria',
    ]);
    expect(screen.getByText('This value already exists!')).toBeTruthy();
  });

  it('refuses an invalid form with the spec message and sends nothing', async () => {
    const calls = mockFetch({ [`GET ${RULES_URL}`]: { status: 200, body: RULES } });
    await renderWeb(<Probe mode="post" initial={EMPTY} />);
    await rulesLoaded();
    const result = await submit();
    expect(result).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'form contains non valid elements',
    });
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // after a submit attempt the required fields show their error
    expect(screen.getAllByText('This value is required.')).toHaveLength(2);
  });

  it('POSTs every value in post mode; a 409 is a failure without a notification', async () => {
    const calls = mockFetch({
      [`GET ${RULES_URL}`]: { status: 200, body: RULES },
      'GET /api/checkIfExists/scope/users/field/username/value/nikos': { status: 200, body: false },
      'POST /api/registration': { status: 409, body: { Error: 'username exists' } },
    });
    document.cookie = 'token=t1; path=/';
    await renderWeb(<Probe mode="post" initial={EMPTY} />);
    await rulesLoaded();
    type('Username *', 'nikos');
    type('Email *', 'n@example.org');
    const result = await submit();
    expect(result).toMatchObject({ ok: false, reason: 'api', message: 'username exists', notify: false });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ ...EMPTY, username: 'nikos', email: 'n@example.org' });
    // the unique check ran before sending, though its debounce had not fired
    expect(urls(calls, '/api/checkIfExists')).toEqual([
      '/api/checkIfExists/scope/users/field/username/value/nikos',
    ]);
  });

  it('PUTs only the changed fields, sends nothing when nothing changed, and takes the values as new initial ones', async () => {
    const calls = mockFetch({
      [`GET ${RULES_URL}`]: { status: 200, body: RULES },
      'PUT /api/profile': {
        status: 200,
        body: { username: 'maria', phone: '2101234567', active: false, role: 'admin' },
      },
    });
    document.cookie = 'token=t1; path=/';
    const initial = { ...EMPTY, username: 'maria', email: 'm@example.org', active: true };
    await renderWeb(<Probe mode="put" initial={initial} />);
    await rulesLoaded();
    expect(await submit()).toEqual({ ok: true, sent: false });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    type('Phone', '2101234567');
    fireEvent.click(input('Active'));
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    const result = await submit();
    expect(result).toMatchObject({ ok: true, sent: true });
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { phone: '2101234567', active: false, role: 'admin' },
    ]);
    // the unchanged unique username was not checked
    expect(urls(calls, '/api/checkIfExists')).toEqual([]);
    expect(screen.getByTestId('dirty').textContent).toBe('false');
    expect(await submit()).toEqual({ ok: true, sent: false });
  });

  it('loads only the named fields when asked, and the textarea has 5 rows', async () => {
    const calls = mockFetch({
      'GET /api/validation/scope/users/fields/username;email': { status: 200, body: {} },
    });
    function Few() {
      const form = useForm({
        scope: 'users',
        initial: { about: '' },
        mode: 'post',
        fields: ['username', 'email'],
      });
      return <TextArea label="About" {...form.field<string>('about')} />;
    }
    await renderWeb(<Few />);
    expect(calls.map((c) => c.url)).toEqual(['/api/validation/scope/users/fields/username;email']);
    expect(screen.getByLabelText('About').getAttribute('rows')).toBe('5');
  });
});
