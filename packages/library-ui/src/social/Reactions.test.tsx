import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SocialWire } from '@agora/contracts';
import { adminUser, mockFetch, participantUser, renderWeb } from '../../../../scripts/jest/web';
import { notificationsAtom } from '@agora/platform';
import { Reactions } from './Reactions';

const TOKEN = '0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d';
const STATE = `GET /api/social/library/${TOKEN}`;
const wire = (over: Partial<SocialWire> = {}): SocialWire => ({
  likes: 2,
  dislikes: 1,
  reaction: null,
  owner: false,
  ...over,
});

const like = () => screen.getByTestId('reaction-like') as HTMLButtonElement;
const dislike = () => screen.getByTestId('reaction-dislike') as HTMLButtonElement;
const counts = () => [
  screen.getByTestId('reaction-like-count').textContent,
  screen.getByTestId('reaction-dislike-count').textContent,
];
const press = async (button: HTMLButtonElement) => {
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('Reactions', () => {
  it('likes, toggles the like off and dislikes; the opposite button is disabled while one is set', async () => {
    let state = wire();
    const calls = mockFetch({
      [STATE]: () => ({ status: 200, body: state }),
      'POST /api/social/scope/library': (call) => {
        const { reaction } = call.body as { reaction: 'like' | 'dislike' };
        state = {
          ...state,
          reaction,
          [reaction === 'like' ? 'likes' : 'dislikes']: state[`${reaction}s`] + 1,
        };
        return { status: 200, body: state };
      },
      [`DELETE /api/social/library/${TOKEN}`]: () => {
        const was = state.reaction!;
        state = { ...state, reaction: null, [`${was}s`]: state[`${was}s`] - 1 };
        return { status: 200, body: state };
      },
    });
    await renderWeb(<Reactions scope="library" token={TOKEN} />, { user: participantUser });
    await waitFor(() => expect(like().disabled).toBe(false));
    expect(screen.getByRole('group', { name: 'Reactions' })).toBeTruthy();
    expect(counts()).toEqual(['2', '1']);
    expect(like().getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: /^Like/ })).toBe(like());
    // icons drawn inline, no emoji (an empty box without an emoji font)
    expect(like().querySelector('svg[aria-hidden="true"]')).toBe(screen.getByTestId('reaction-like-icon'));
    expect(dislike().querySelector('svg[aria-hidden="true"]')).toBe(
      screen.getByTestId('reaction-dislike-icon'),
    );
    expect(`${like().textContent}${dislike().textContent}`).not.toMatch(/\p{Extended_Pictographic}/u);

    await press(like());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: TOKEN, reaction: 'like' });
    expect(counts()).toEqual(['3', '1']);
    expect(like().getAttribute('aria-pressed')).toBe('true');
    expect(dislike().disabled).toBe(true);

    await press(like());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(counts()).toEqual(['2', '1']);
    expect(like().getAttribute('aria-pressed')).toBe('false');
    expect(dislike().disabled).toBe(false);

    await press(dislike());
    expect(counts()).toEqual(['2', '2']);
    expect(dislike().getAttribute('aria-pressed')).toBe('true');
    expect(like().disabled).toBe(true);
    expect(screen.queryByTestId('reactions-hint')).toBeNull();
  });

  it('disables both buttons for the owner, with a hint saying why (Greek)', async () => {
    mockFetch({ [STATE]: { status: 200, body: wire({ owner: true }) } });
    await renderWeb(<Reactions scope="library" token={TOKEN} />, { user: adminUser, locale: 'el' });
    await waitFor(() => expect(counts()).toEqual(['2', '1']));
    expect(like().disabled).toBe(true);
    expect(dislike().disabled).toBe(true);
    const group = screen.getByRole('group', { name: 'Αντιδράσεις' });
    const hint = screen.getByTestId('reactions-hint');
    expect(hint.textContent).toBe('Δεν μπορείτε να αντιδράσετε στο δικό σας στοιχείο.');
    expect(group.getAttribute('title')).toBe(hint.textContent);
    expect(group.getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.getByRole('button', { name: /^Μου αρέσει/ })).toBe(like());
  });

  it('shows the counts to anonymous visitors with the buttons disabled and a log-in hint', async () => {
    const calls = mockFetch({ [STATE]: { status: 200, body: wire({ likes: 5, dislikes: 0 }) } });
    await renderWeb(<Reactions scope="library" token={TOKEN} />, { user: null });
    await waitFor(() => expect(counts()).toEqual(['5', '0']));
    expect(like().disabled).toBe(true);
    expect(dislike().disabled).toBe(true);
    expect(screen.getByTestId('reactions-hint').textContent).toBe('Log in to react.');
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('warns and reloads the state when the server refuses a reaction', async () => {
    let answered = 0;
    mockFetch({
      [STATE]: () => {
        answered += 1;
        return { status: 200, body: answered === 1 ? wire() : wire({ reaction: 'dislike', dislikes: 2 }) };
      },
      'POST /api/social/scope/library': {
        status: 409,
        body: {
          Error: 'remove your reaction before choosing the opposite one',
          code: 'SOCIAL.ALREADY_REACTED',
        },
      },
    });
    const { store } = await renderWeb(<Reactions scope="library" token={TOKEN} />, {
      user: participantUser,
    });
    await waitFor(() => expect(like().disabled).toBe(false));
    await press(like());
    await waitFor(() => expect(dislike().getAttribute('aria-pressed')).toBe('true'));
    expect(like().disabled).toBe(true);
    expect(store.get(notificationsAtom).map((n) => [n.type, n.body])).toEqual([['warning', 'action denied']]);
  });
});
