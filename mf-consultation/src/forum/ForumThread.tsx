import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { THREAD_MESSAGE_MIN } from '@agora/contracts';
import {
  apiKey,
  ApiError,
  client,
  ErrorFromCall,
  errorMessageId,
  Loading,
  SubmitForm,
  useApiGet,
  useNotify,
  useSession,
} from '@agora/platform';
import { forumDate } from './forumDate';
import './forum.css';

export interface ForumThreadProps {
  /** the thread's id (`forum_topic_id`) */
  id: number | string;
  /** heading level of the title: 1 on the forum page, 2 inside another page */
  headingLevel?: 1 | 2;
}

/** `forumPosts/topicID/{id}`: where a thread is read and replied to. */
const FORUM_PATH = '/api/forumPosts/topicID/{id}';

/** The parameters of a thread's path. */
function forumParams(id: number | string) {
  return { params: { path: { id: String(id) } } };
}

/** The URL of a thread (the SWR key of its read). */
export function forumPath(id: number | string): string {
  return apiKey(FORUM_PATH, forumParams(id));
}

/**
 * A discussion thread stored by Agora (spec part 2 §3 "Forum topic"): the title, the posts (avatar, display name,
 * date dd/MM/yyyy, H:mm, content as plain text) and, for logged-in users, a reply box (at least 20 characters,
 * with a counter). Loading and error states are the platform's.
 */
export function ForumThread({ id, headingLevel = 1 }: ForumThreadProps) {
  const intl = useIntl();
  const notify = useNotify();
  const { status } = useSession();
  const replyId = useId();
  const { data, error, isLoading, mutate } = useApiGet(FORUM_PATH, forumParams(id));
  const [reply, setReply] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 404 || status === 401) {
      const id = status === 404 ? 'consultation.forum.notFound' : 'consultation.forum.loginToRead';
      return (
        <p role="alert" data-testid={status === 404 ? 'forum-not-found' : 'forum-login-to-read'}>
          <FormattedMessage id={id} />
        </p>
      );
    }
    return <ErrorFromCall error={error} />;
  }
  if (isLoading || !data) return <Loading />;

  const length = reply.trim().length;
  const tooShort = length < THREAD_MESSAGE_MIN;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const PostHeading = headingLevel === 1 ? 'h2' : 'h3';

  const send = async () => {
    setTouched(true);
    if (tooShort) return;
    setSending(true);
    setFailure(null);
    try {
      await client.POST(FORUM_PATH, { ...forumParams(id), body: { raw: reply.trim() } });
      setReply('');
      setTouched(false);
      notify({ type: 'success', body: 'data posted' });
      await mutate();
    } catch (e) {
      setFailure(errorMessageId(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <article className="ag-forum" data-testid="forum-thread" aria-labelledby={`${replyId}-title`}>
      <Heading id={`${replyId}-title`} className="ag-forum-title" data-testid="forum-title">
        {data.title}
      </Heading>
      <PostHeading className="ag-visually-hidden">
        <FormattedMessage id="consultation.forum.posts" />
      </PostHeading>
      {data.posts.length === 0 ? (
        <p>
          <FormattedMessage id="consultation.forum.noPosts" />
        </p>
      ) : (
        <ol className="ag-forum-posts">
          {data.posts.map((post) => {
            // a deleted account's posts keep no name (decision 0088)
            const name =
              post.display_username ||
              post.username ||
              intl.formatMessage({ id: 'consultation.forum.deletedParticipant' });
            return (
              <li key={post.id} className="ag-forum-post" data-testid="forum-post">
                <div className="ag-forum-meta">
                  {post.avatar ? (
                    <img
                      className="ag-forum-avatar"
                      src={post.avatar}
                      alt={intl.formatMessage({ id: 'consultation.forum.avatar' }, { name })}
                    />
                  ) : (
                    <span className="ag-forum-avatar ag-forum-initial" aria-hidden="true">
                      {name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <span className="ag-forum-name" data-testid="forum-post-name">
                    {name}
                  </span>
                  <time dateTime={post.updated_at} className="ag-forum-date" data-testid="forum-post-date">
                    {forumDate(post.updated_at)}
                  </time>
                </div>
                <div className="ag-forum-content" data-testid="forum-post-content">
                  {post.content}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {status === 'loggedIn' ? (
        <SubmitForm className="ag-forum-reply" data-testid="forum-reply" onSubmit={send}>
          <div className="ag-field">
            <label className="ag-field-label" htmlFor={replyId}>
              <FormattedMessage id="consultation.forum.reply" />
            </label>
            <textarea
              id={replyId}
              className={`ag-input${touched && tooShort ? ' is-invalid' : ''}`}
              rows={5}
              value={reply}
              aria-invalid={touched && tooShort ? true : undefined}
              aria-describedby={`${replyId}-counter${touched && tooShort ? ` ${replyId}-error` : ''}`}
              onChange={(e) => {
                setReply(e.target.value);
                setTouched(true);
              }}
              data-testid="forum-reply-input"
            />
            <div
              id={`${replyId}-counter`}
              className="ag-field-hint"
              aria-live="polite"
              data-testid="forum-reply-counter"
            >
              <FormattedMessage
                id="consultation.forum.counter"
                values={{ n: length, min: THREAD_MESSAGE_MIN }}
              />
            </div>
            {touched && tooShort && (
              <div id={`${replyId}-error`} className="ag-field-error">
                <FormattedMessage id="consultation.forum.tooShort" values={{ min: THREAD_MESSAGE_MIN }} />
              </div>
            )}
            {failure && (
              <div className="ag-field-error" role="alert">
                <FormattedMessage
                  id="consultation.forum.replyFailed"
                  values={{ message: intl.formatMessage({ id: failure }) }}
                />
              </div>
            )}
          </div>
          <button
            type="submit"
            className="ag-button ag-button-primary"
            disabled={sending}
            data-testid="forum-reply-send"
          >
            <FormattedMessage id="consultation.forum.send" />
          </button>
        </SubmitForm>
      ) : status === 'loggedOut' ? (
        <p data-testid="forum-login-to-reply">
          <FormattedMessage id="consultation.forum.loginToReply" />
        </p>
      ) : null}
    </article>
  );
}
