import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MessagesProvider, notificationsAtom } from '@agora/platform';
import { adminUser, mockFetch, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { CreateThreadModal } from './CreateThreadModal';

function renderModal(onCreated = jest.fn(), onClose = jest.fn(), locale: 'el' | 'en' = 'en') {
  return renderWeb(
    <MessagesProvider messages={messages}>
      <CreateThreadModal scope="attribute" token="a-1" onCreated={onCreated} onClose={onClose} />
    </MessagesProvider>,
    { user: adminUser, locale },
  );
}

describe('CreateThreadModal', () => {
  it('counts characters live and refuses a title under 15 or a message under 20 characters', async () => {
    const calls = mockFetch({});
    const { store } = await renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Create a discussion thread' });
    expect(dialog).toBeTruthy();
    const title = screen.getByLabelText(/Title/);
    const message = screen.getByLabelText(/Message/);
    fireEvent.change(title, { target: { value: '14 characters!' } });
    expect(screen.getByTestId('thread-title-counter').textContent).toBe('14 characters (at least 15)');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Write at least 15 characters.')).toBeTruthy();
    fireEvent.change(title, { target: { value: '15 characters!!' } });
    expect(title.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Write at least 15 characters.')).toBeNull();
    // the message has not been touched: no error yet
    expect(message.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(message, { target: { value: 'nineteen characters' } });
    expect(screen.getByTestId('thread-message-counter').textContent).toBe('19 characters (at least 20)');
    await act(async () => {
      fireEvent.click(screen.getByTestId('thread-create'));
    });
    expect(screen.getByText('Write at least 20 characters.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(store.get(notificationsAtom).at(-1)).toMatchObject({ body: 'form contains non valid elements' });
  });

  it('posts {title, raw} to {scope}/createThread/{token} and hands back the thread', async () => {
    const onCreated = jest.fn();
    const calls = mockFetch({
      'POST /api/attribute/createThread/a-1': {
        status: 200,
        body: { forum_topic_id: 12, forum_topic_url: '/forum/12' },
      },
    });
    await renderModal(onCreated);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: ' Where do trees belong? ' } });
    fireEvent.change(screen.getByLabelText(/Message/), {
      target: { value: 'Tell us where to plant new trees.' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('thread-create'));
    });
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith({ forum_topic_id: 12, forum_topic_url: '/forum/12' }),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ title: 'Where do trees belong?', raw: 'Tell us where to plant new trees.' });
  });

  it('shows the server refusal and closes on Cancel, in Greek', async () => {
    const onClose = jest.fn();
    mockFetch({
      'POST /api/attribute/createThread/a-1': {
        status: 409,
        body: { Error: 'this item already has a thread', code: 'CONSULTATION.THREAD_EXISTS' },
      },
    });
    const { store } = await renderModal(jest.fn(), onClose, 'el');
    fireEvent.change(screen.getByLabelText(/Τίτλος/), { target: { value: 'Πού ανήκουν τα δέντρα;' } });
    fireEvent.change(screen.getByLabelText(/Μήνυμα/), {
      target: { value: 'Πείτε μας πού να φυτέψουμε δέντρα.' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('thread-create'));
    });
    await waitFor(() =>
      expect(store.get(notificationsAtom).at(-1)).toMatchObject({
        type: 'warning',
        body: 'platform.error.CONSULTATION.THREAD_EXISTS',
      }),
    );
    fireEvent.click(screen.getByText('Ακύρωση'));
    expect(onClose).toHaveBeenCalled();
  });
});
