import { createEvent, fireEvent, screen } from '@testing-library/react';
import { renderWeb } from '../../../../scripts/jest/web';
import { SubmitForm } from './SubmitForm';

describe('SubmitForm', () => {
  it('runs onSubmit instead of the browser submit, and leaves the checks to the site (noValidate)', async () => {
    const submitted: string[] = [];
    await renderWeb(
      <SubmitForm className="x-form" data-testid="form" onSubmit={() => submitted.push('sent')}>
        <input name="title" required />
        <button type="submit">Send</button>
      </SubmitForm>,
    );
    const form = screen.getByTestId<HTMLFormElement>('form');
    expect(form.noValidate).toBe(true);
    expect(form.className).toBe('x-form');
    const submit = createEvent.submit(form);
    fireEvent(form, submit);
    // the empty required field does not stop it: the site's own checks show their messages
    expect(submitted).toEqual(['sent']);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('runs onSubmit on each submit, without waiting for the promise it answers', async () => {
    let calls = 0;
    let settle: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (settle = resolve));
    await renderWeb(
      <SubmitForm
        data-testid="form"
        onSubmit={() => {
          calls += 1;
          return pending;
        }}
      >
        <button type="submit">Send</button>
      </SubmitForm>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls).toBe(2);
    settle();
    await pending;
  });
});
