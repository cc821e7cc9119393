import { useId, useState } from 'react';
import type { Reaction } from '@agora/contracts';
import { ApiError, client, useApiGet, useNotify, useSession } from '@agora/platform';
import { useLibraryText } from '../library/texts';
import './social.css';

export interface ReactionsProps {
  /** the social scope of the item: `library` (media library items), later `choice` (answers) */
  scope: string;
  /** the item's token (uuid) */
  token: string;
}

const REACTIONS: readonly Reaction[] = ['like', 'dislike'];

/**
 * A thumb (the outline of Feather's thumbs-up, MIT), drawn inline: emoji render as empty boxes where no emoji font
 * is installed. Dislike is the same thumb turned upside down.
 */
function ThumbIcon({ reaction }: { reaction: Reaction }) {
  return (
    <svg
      className={`ag-reaction-icon is-${reaction}`}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-testid={`reaction-${reaction}-icon`}
    >
      <path d="M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3zM7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3" />
    </svg>
  );
}

/**
 * Like and dislike buttons with their counts (spec part 1 §4 "Reaction"): a click adds the reaction, a click on
 * the current one removes it, and the opposite button is disabled while one is set. The item's owner and
 * anonymous visitors see the counts with both buttons disabled and a hint saying why.
 */
export function Reactions({ scope, token }: ReactionsProps) {
  const t = useLibraryText();
  const notify = useNotify();
  const { user, status } = useSession();
  const hintId = useId();
  const item = { params: { path: { scope, token } } };
  // the answer depends on who asks; logging in or out clears the cache
  const { data, error, mutate } = useApiGet(
    '/api/social/{scope}/{token}',
    status === 'pending' ? null : item,
    {
      revalidateOnFocus: false,
    },
  );
  const [busy, setBusy] = useState(false);

  if (error) return null;
  const state = data ?? { likes: 0, dislikes: 0, reaction: null, owner: false };
  const hint = !user ? t('loginToReact') : state.owner ? t('ownItem') : null;

  const toggle = async (reaction: Reaction) => {
    setBusy(true);
    try {
      const next =
        state.reaction === reaction
          ? await client.DELETE('/api/social/{scope}/{token}', item)
          : await client.POST('/api/social/scope/{scope}', {
              params: { path: { scope } },
              body: { token, reaction },
            });
      await mutate(next, { revalidate: false });
    } catch (e) {
      notify({ type: 'warning', body: 'action denied' });
      // the server knows best what is set now (e.g. a reaction made in another tab)
      if (e instanceof ApiError) await mutate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="ag-reactions"
      role="group"
      aria-label={t('reactionsLabel')}
      aria-describedby={hint ? hintId : undefined}
      title={hint ?? undefined}
      data-testid="reactions"
    >
      {REACTIONS.map((reaction) => {
        const count = reaction === 'like' ? state.likes : state.dislikes;
        const pressed = state.reaction === reaction;
        const blocked = hint !== null || !data || (state.reaction !== null && !pressed);
        return (
          <button
            key={reaction}
            type="button"
            className={`ag-button ag-reaction${pressed ? ' is-pressed' : ''}`}
            aria-pressed={pressed}
            disabled={blocked || busy}
            onClick={() => void toggle(reaction)}
            data-testid={`reaction-${reaction}`}
          >
            <ThumbIcon reaction={reaction} />
            <span className="ag-visually-hidden">{t(reaction)}</span>
            <span className="ag-reaction-count" data-testid={`reaction-${reaction}-count`}>
              {count}
            </span>
          </button>
        );
      })}
      {hint && (
        <span id={hintId} className="ag-reactions-hint" data-testid="reactions-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
