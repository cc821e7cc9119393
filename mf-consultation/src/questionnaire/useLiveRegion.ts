// The screen's live region: what happened, said to screen readers; refusals and failures also as notices.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorMessageId, useNotify } from '@agora/platform';
import type { DrawRefusal } from './checks';
import type { Announcement } from './draft';

export interface LiveRegion {
  /** the text the region holds now */
  live: string;
  say: (text: string) => void;
  /** says one of the `consultation.questionnaire.live.*` messages */
  sayLive: (id: string, values?: Record<string, string | number>) => void;
  sayAnnouncement: (a: Announcement) => void;
  /** a drawn shape refused: said and shown */
  refuse: (refusal: DrawRefusal) => void;
  /** a request that failed: its message said and shown */
  failed: (e: unknown) => void;
}

export function useLiveRegion(): LiveRegion {
  const intl = useIntl();
  const notify = useNotify();
  // cleared first, so that the same words are said again
  const [live, setLive] = useState('');
  const say = useCallback((text: string) => {
    setLive('');
    window.setTimeout(() => setLive(text), 50);
  }, []);
  const sayLive = useCallback(
    (id: string, values?: Record<string, string | number>) =>
      say(intl.formatMessage({ id: `consultation.questionnaire.live.${id}` }, values)),
    [intl, say],
  );
  const sayAnnouncement = useCallback((a: Announcement) => sayLive(a.id, a.values), [sayLive]);
  const warn = useCallback(
    (text: string) => {
      say(text);
      notify({ type: 'warning', body: text });
    },
    [notify, say],
  );
  const refuse = useCallback(
    (refusal: DrawRefusal) =>
      warn(intl.formatMessage({ id: `consultation.questionnaire.refusal.${refusal}` })),
    [intl, warn],
  );
  const failed = useCallback(
    (e: unknown) => warn(intl.formatMessage({ id: errorMessageId(e) })),
    [intl, warn],
  );
  return { live, say, sayLive, sayAnnouncement, refuse, failed };
}
