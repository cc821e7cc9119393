import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ForumTopic } from '@agora/contracts';
import { adminUser, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { notificationsAtom } from '@agora/platform';
import { ForumThread } from './ForumThread';
import { forumDate } from './forumDate';

const topic = (posts: ForumTopic['posts']): ForumTopic => ({
  id: 7,
  title: 'Where should the new park go?',
  posts,
});
const post = (id: number, content: string, at: string) => ({
  id,
  content,
  avatar: id === 1 ? '/avatars/maria.png' : '',
  username: id === 1 ? 'maria' : 'nikos',
  display_username: id === 1 ? 'Μαρία Π.' : '',
  updated_at: at,
});

describe('ForumThread', () => {
  it('shows the title and the posts with avatar, display name and date dd/MM/yyyy, H:mm', async () => {
    mockFetch({
      'GET /api/forumPosts/topicID/7': {
        status: 200,
        body: topic([
          post(1, 'First message of the thread', '2026-03-05T09:07:00'),
          post(2, 'A reply\nin two lines', '2026-11-21T18:30:00'),
        ]),
      },
    });
    await renderWeb(<ForumThread id={7} />, { user: null, messages });
    expect((await screen.findByTestId('forum-title')).textContent).toBe('Where should the new park go?');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Where should the new park go?');
    const names = screen.getAllByTestId('forum-post-name').map((n) => n.textContent);
    expect(names).toEqual(['Μαρία Π.', 'nikos']);
    expect(screen.getAllByTestId('forum-post-date').map((d) => d.textContent)).toEqual([
      '05/03/2026, 9:07',
      '21/11/2026, 18:30',
    ]);
    expect(screen.getByAltText('Avatar of Μαρία Π.').getAttribute('src')).toBe('/avatars/maria.png');
    expect(screen.getAllByTestId('forum-post-content')[1]?.textContent).toBe('A reply\nin two lines');
    // logged out: no reply box
    expect(screen.queryByTestId('forum-reply')).toBeNull();
    expect(screen.getByTestId('forum-login-to-reply').textContent).toBe('Log in to reply.');
  });

  it('shows the post of a deleted account as by a deleted participant', async () => {
    mockFetch({
      'GET /api/forumPosts/topicID/7': {
        status: 200,
        body: topic([
          { ...post(2, 'A post kept after its account went', '2026-03-05T09:07:00'), username: '' },
        ]),
      },
    });
    await renderWeb(<ForumThread id={7} />, { user: null, messages });
    expect((await screen.findByTestId('forum-post-name')).textContent).toBe('Deleted participant');
  });

  it('lets a logged-in user reply (at least 20 characters, with a counter) and shows the new post', async () => {
    let posts = [post(1, 'First message of the thread', '2026-03-05T09:07:00')];
    const calls = mockFetch({
      'GET /api/forumPosts/topicID/7': () => ({ status: 200, body: topic(posts) }),
      'POST /api/forumPosts/topicID/7': (call) => {
        posts = [
          ...posts,
          { ...post(3, (call.body as { raw: string }).raw, '2026-03-06T10:00:00'), username: 'maria' },
        ];
        return { status: 200, body: posts[posts.length - 1] };
      },
    });
    const { store } = await renderWeb(<ForumThread id={7} />, { user: adminUser, locale: 'el', messages });
    const input = await screen.findByLabelText('Η απάντησή σας');
    fireEvent.change(input, { target: { value: 'Too short' } });
    expect(screen.getByTestId('forum-reply-counter').textContent).toBe('9 χαρακτήρες (τουλάχιστον 20)');
    await act(async () => {
      fireEvent.click(screen.getByTestId('forum-reply-send'));
    });
    expect(screen.getByText('Γράψτε τουλάχιστον 20 χαρακτήρες.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  I agree with the proposal entirely.  ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('forum-reply-send'));
    });
    await waitFor(() => expect(screen.getAllByTestId('forum-post')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      raw: 'I agree with the proposal entirely.',
    });
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({ type: 'success', body: 'data posted' });
  });

  it('shows a refused reply, a missing thread and a failed load', async () => {
    mockFetch({
      'GET /api/forumPosts/topicID/7': { status: 200, body: topic([]) },
      'POST /api/forumPosts/topicID/7': {
        status: 403,
        body: { Error: 'action denied', code: 'AUTH.FORBIDDEN' },
      },
    });
    await renderWeb(<ForumThread id={7} />, { user: adminUser, messages });
    expect(await screen.findByText('There are no posts yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your reply'), {
      target: { value: 'A long enough reply message' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('forum-reply-send'));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The reply was not saved: Action denied.');

    mockFetch({ 'GET /api/forumPosts/topicID/8': { status: 404, body: { Error: 'not found' } } });
    const missing = await renderWeb(<ForumThread id={8} />, { user: null, messages });
    expect((await screen.findByTestId('forum-not-found')).textContent).toBe(
      'This discussion does not exist.',
    );
    missing.unmount();

    mockFetch({ 'GET /api/forumPosts/topicID/8': { status: 401, body: { Error: 'login required' } } });
    const anonymous = await renderWeb(<ForumThread id={8} />, { user: null, messages });
    expect((await screen.findByTestId('forum-login-to-read')).textContent).toBe(
      'Log in to read this discussion.',
    );
    anonymous.unmount();

    mockFetch({ 'GET /api/forumPosts/topicID/9': { status: 500, body: { Error: 'boom' } } });
    await renderWeb(<ForumThread id={9} />, { user: null, messages });
    expect((await screen.findByTestId('error-state')).getAttribute('data-status')).toBe('500');
  });

  it('formats dates as dd/MM/yyyy, H:mm', () => {
    expect(forumDate('2026-01-02T03:04:00')).toBe('02/01/2026, 3:04');
    expect(forumDate('nonsense')).toBe('');
  });
});
