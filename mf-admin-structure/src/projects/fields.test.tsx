import { screen } from '@testing-library/react';
import { renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { FormEnd } from './fields';

const end = (general: string | null, busy: boolean) => (
  <form>
    <FormEnd general={general} busy={busy} dirty saveTestId="thing-save">
      <button type="button" data-testid="thing-other">
        Other
      </button>
    </FormEnd>
  </form>
);

describe('FormEnd', () => {
  it("shows the server's general refusal above Save and the form's other actions", async () => {
    await renderWeb(end('The server refused it.', false), { messages });
    expect(screen.getByTestId('server-error').textContent).toBe('The server refused it.');
    const save = screen.getByTestId<HTMLButtonElement>('thing-save');
    expect(save.type).toBe('submit');
    expect(save.disabled).toBe(false);
    expect(save.textContent).toBe(messages.en['structure.projects.save']);
    expect(save.nextElementSibling).toBe(screen.getByTestId('thing-other'));
  });

  it('shows no refusal when there is none, and lets Save wait while the form is sent', async () => {
    await renderWeb(end(null, true), { messages });
    expect(screen.queryByTestId('server-error')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('thing-save').disabled).toBe(true);
  });
});
