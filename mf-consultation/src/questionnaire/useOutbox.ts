// The questionnaire's outbox (decision 0093): this user's answers to this project kept while offline, whether the
// device is online, and the sending (when the connection comes back, when the page loads online, "Send now").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  addEntry,
  endEditing,
  hasOutbox,
  listEntries,
  onOutboxChange,
  removeEntry,
  retryEntry,
  sendOutbox,
  setEditing,
  useSession,
  type NewOutboxEntry,
  type OutboxEntry,
} from '@agora/platform';
import { useLatest } from './mapLayers';
import { outboxApiFor } from './outbox';
import type { Questionnaire } from './types';

export interface OutboxView {
  /** this user's entries of this project, oldest first */
  entries: OutboxEntry[];
  online: boolean;
  sending: boolean;
  /** keeps a new answer (false: no outbox on this device) */
  keep: (entry: Omit<NewOutboxEntry, 'user' | 'category' | 'project'>) => Promise<OutboxEntry | null>;
  sendNow: () => void;
  discard: (id: string) => void;
  /** a corrected or checked entry is sent again (with the questionnaire's fingerprint as it is now) */
  retry: (id: string, fingerprint?: string) => Promise<void>;
  /** an entry's form opens (it is not sent meanwhile) or closes (it may be sent) */
  editing: (id: string, open: boolean) => Promise<void>;
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useOutbox(data: Questionnaire, onSent: () => void): OutboxView {
  const { user } = useSession();
  const uuid = user?.uuid ?? null;
  const project = data.project.token;
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [online, setOnline] = useState(isOnline);
  const [sending, setSending] = useState(false);
  const running = useRef(false);
  const sent = useLatest(onSent);
  const category = data.category.mname;
  const name = data.project.mname;
  const api = useMemo(() => outboxApiFor(category, name), [category, name]);

  const load = useCallback(async () => {
    if (!uuid || !hasOutbox()) return;
    setEntries(await listEntries(uuid, project));
  }, [uuid, project]);

  const send = useCallback(async () => {
    if (!uuid || !hasOutbox() || running.current || !isOnline()) return;
    running.current = true;
    setSending(true);
    try {
      const result = await sendOutbox(uuid, api, project);
      if (result.sent > 0) sent.current();
      if (result.offline) setOnline(isOnline());
    } finally {
      running.current = false;
      setSending(false);
      await load();
    }
  }, [uuid, project, load, api, sent]);

  useEffect(() => {
    if (!hasOutbox()) return;
    void (uuid ? endEditing(uuid) : Promise.resolve()).then(load).then(() => send());
    const stop = onOutboxChange(() => void load());
    const up = () => {
      setOnline(true);
      void send();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      stop();
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [uuid, load, send]);

  const keep = useCallback(
    async (entry: Omit<NewOutboxEntry, 'user' | 'category' | 'project'>) => {
      if (!uuid || !hasOutbox()) return null;
      // kept because the device is offline, or a request found no connection
      setOnline(false);
      const kept = await addEntry({
        ...entry,
        user: uuid,
        category: data.category.token,
        project,
      });
      await load();
      return kept;
    },
    [uuid, project, data.category.token, load],
  );

  return {
    entries,
    online,
    sending,
    keep,
    sendNow: () => void send(),
    discard: (id) => void removeEntry(id).then(load),
    retry: async (id, fingerprint) => {
      await retryEntry(id, fingerprint);
      await send();
    },
    editing: async (id, open) => {
      await setEditing(id, open);
      if (!open) await send();
    },
  };
}
