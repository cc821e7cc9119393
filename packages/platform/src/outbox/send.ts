// Sending the outbox (decision 0093): the user's entries in created order, one at a time. Each answer is made
// with its entry's id as `Idempotency-Key` (decision 0092: sent again, it answers the answer made the first time),
// then each variable's values (a 409 CONSULTATION.EXISTS means they were stored by an earlier try), then the
// entry goes. A network failure (or a 5xx, 408, 429) stops the run and leaves the entry pending; any other
// refusal marks the entry refused with its reason. Only one run of a user's outbox at a time in the whole browser
// (Web Locks where there are, and always the entry's claim in IndexedDB).
import { ApiError } from '../api';
import { errorMessageOf } from '../errorMessage';
import {
  claimEntry,
  listEntries,
  refuseEntry,
  releaseEntry,
  removeEntry,
  updateEntry,
  type OutboxEntry,
  type OutboxRefusal,
  type OutboxValue,
} from './outbox';

/** The calls the sending makes (the questionnaire's, or a test's fake). */
export interface OutboxApi {
  /** `POST /api/data/scope/attribute` with `Idempotency-Key: entry.id`; answers the answer's token */
  createAnswer(entry: OutboxEntry): Promise<string>;
  /** `POST /api/data/scope/variable` (multipart) of one variable's first values */
  sendValues(choice: string, variable: string, values: readonly OutboxValue[]): Promise<void>;
  /** the attribute's fingerprint as the server gives it now (null: it cannot be told, e.g. the attribute is gone) */
  fingerprint(entry: OutboxEntry): Promise<string | null>;
}

export interface SendResult {
  /** the entries stored and removed */
  sent: number;
  /** the entries refused in this run */
  refused: number;
  /** the entries whose questionnaire changed */
  changed: number;
  /** a network failure stopped the run */
  offline: boolean;
}

/** A failure that says nothing about the answer: no connection, the server down or busy. Tried again later. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

function refusalOf(error: unknown, variable: string | null): OutboxRefusal {
  const api = error instanceof ApiError ? error : null;
  return {
    status: api?.status ?? 0,
    code: api?.code ?? null,
    field: api?.failure?.field ?? null,
    variable,
    message: errorMessageOf(error).id,
  };
}

type Step = 'sent' | 'refused' | 'changed' | 'offline' | 'skipped';

async function sendOne(id: string, api: OutboxApi): Promise<Step> {
  const entry = await claimEntry(id);
  if (!entry) return 'skipped';
  let variable: string | null = null;
  try {
    const now = await api.fingerprint(entry);
    if (now !== null && now !== entry.fingerprint) {
      await updateEntry(id, (e) => ({ ...e, state: 'pending', claimed: null, changed: true }));
      return 'changed';
    }
    let choice = entry.choice;
    if (!choice) {
      choice = await api.createAnswer(entry);
      const made = choice;
      await updateEntry(id, (e) => ({ ...e, choice: made }));
    }
    const sent = new Set(entry.sent);
    for (const [token, values] of Object.entries(entry.values)) {
      if (sent.has(token) || values.length === 0) continue;
      variable = token;
      try {
        await api.sendValues(choice, token, values);
      } catch (e) {
        // stored by an earlier try whose answer was lost
        if (!(e instanceof ApiError && e.status === 409 && e.hasCode('CONSULTATION.EXISTS'))) throw e;
      }
      sent.add(token);
      await updateEntry(id, (e) => ({ ...e, sent: [...sent] }));
    }
    await removeEntry(id);
    return 'sent';
  } catch (e) {
    if (isTransient(e)) {
      await releaseEntry(id);
      return 'offline';
    }
    await refuseEntry(id, refusalOf(e, variable));
    return 'refused';
  }
}

async function run(user: string, api: OutboxApi, project?: string): Promise<SendResult> {
  const result: SendResult = { sent: 0, refused: 0, changed: 0, offline: false };
  for (const { id } of await listEntries(user, project)) {
    const step = await sendOne(id, api);
    if (step === 'offline') {
      result.offline = true;
      break;
    }
    if (step !== 'skipped') result[step] += 1;
  }
  return result;
}

/** The Web Lock of a user's run, shared by the tabs. */
const LOCK_PREFIX = 'agora-outbox:';

/**
 * Sends the user's pending entries (of one project when given) in created order. With the Web Locks API, a run
 * already going in another tab makes this one end at once (it would find every entry claimed).
 */
export async function sendOutbox(user: string, api: OutboxApi, project?: string): Promise<SendResult> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run(user, api, project);
  const none: SendResult = { sent: 0, refused: 0, changed: 0, offline: false };
  return locks.request(`${LOCK_PREFIX}${user}`, { ifAvailable: true }, (lock) =>
    lock ? run(user, api, project) : none,
  );
}

/**
 * The participant checked a changed entry's values against the questionnaire as it is now (`fingerprint`), or
 * corrected a refused one: it is pending again.
 */
export function retryEntry(id: string, fingerprint?: string) {
  return updateEntry(id, (e) => ({
    ...e,
    state: 'pending',
    claimed: null,
    changed: false,
    refusal: null,
    ...(fingerprint !== undefined && { fingerprint }),
  }));
}
