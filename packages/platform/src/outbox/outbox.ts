// The questionnaire's outbox (decision 0093): answers made while the device is offline, kept in IndexedDB
// (database `agora-outbox`) across closed tabs and restarts until they are sent. Each entry is keyed by a UUID the
// client makes, which is also the `Idempotency-Key` of the answer's creation (decision 0092), and belongs to one
// user: another user on the same device never sees or sends it. Logging out deletes the entries (`clearOutbox`).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GeoJsonGeometry } from '@agora/contracts';

export const OUTBOX_DB = 'agora-outbox';
const STORE = 'entries';

/** pending: waits to be sent; sending: a tab is sending it; refused: the server said no (see `refusal`). */
export type OutboxState = 'pending' | 'sending' | 'refused';

/** A photo or document kept for later: its bytes, name and type (a Blob made again when sent). */
export interface OutboxFile {
  bytes: ArrayBuffer;
  name: string;
  type: string;
}

/** One value of a variable as it will be sent (`values[i][…]`, the file as `resource_i`). */
export interface OutboxValue {
  kind: string;
  value: string;
  location?: string;
  file?: OutboxFile;
}

/** Why the server refused the entry: its error code, the refused field and the message id shown. */
export interface OutboxRefusal {
  status: number;
  code: string | null;
  field: string | null;
  /** the variable whose values were refused (null: the answer itself) */
  variable: string | null;
  message: string;
}

/** Where an answer is: a drawn shape, a predefined feature, or none (an attribute without geometry). */
export type OutboxGeometry = GeoJsonGeometry | { predefined: number } | null;

export interface OutboxEntry {
  /** a client-made UUID, also the answer's `Idempotency-Key` */
  id: string;
  /** the user's uuid */
  user: string;
  category: string;
  project: string;
  topic: string;
  attribute: string;
  geometry: OutboxGeometry;
  /** each variable's outgoing values, by variable token */
  values: Record<string, OutboxValue[]>;
  /** the attribute's questionnaire (variables, kinds, options) as it was when answered */
  fingerprint: string;
  /** ms since the epoch: entries are sent in this order */
  created: number;
  state: OutboxState;
  /** when the state became `sending` (a claim left by a closed tab is taken over after `STALE_CLAIM_MS`) */
  claimed: number | null;
  /** the server's answer token, once made */
  choice: string | null;
  /** the variables whose values are stored */
  sent: string[];
  refusal: OutboxRefusal | null;
  /** the questionnaire changed since the entry was made: its values must be checked before it is sent */
  changed: boolean;
  /** its form is open: not sent until it closes (a page loaded again ends it, see `endEditing`) */
  editing: boolean;
}

/** What a new entry needs; the rest starts empty. */
export type NewOutboxEntry = Pick<
  OutboxEntry,
  'user' | 'category' | 'project' | 'topic' | 'attribute' | 'geometry' | 'fingerprint'
> &
  Partial<Pick<OutboxEntry, 'id' | 'values' | 'created' | 'editing'>>;

/** A claim older than this is a tab that closed while sending: another may send the entry again. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;

interface OutboxSchema extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { user: string } };
}

let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function db(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(OUTBOX_DB, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'id' }).createIndex('user', 'user');
    },
    // another tab deletes or upgrades the database: this one opens it again when next asked
    blocking() {
      void opened?.then((d) => d.close());
      opened = null;
    },
  });
  return opened;
}

/** Whether this browser keeps an outbox (IndexedDB exists). */
export function hasOutbox(): boolean {
  return typeof indexedDB !== 'undefined';
}

const listeners = new Set<() => void>();

/** Called after every change of the outbox, in this tab or (through a BroadcastChannel) another. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_DB);
channel?.addEventListener('message', () => listeners.forEach((l) => l()));

function changed(): void {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

/** Keeps a new answer; answers the entry as stored. */
export async function addEntry(entry: NewOutboxEntry): Promise<OutboxEntry> {
  const full: OutboxEntry = {
    id: entry.id ?? crypto.randomUUID(),
    user: entry.user,
    category: entry.category,
    project: entry.project,
    topic: entry.topic,
    attribute: entry.attribute,
    geometry: entry.geometry,
    values: entry.values ?? {},
    fingerprint: entry.fingerprint,
    created: entry.created ?? Date.now(),
    state: 'pending',
    claimed: null,
    choice: null,
    sent: [],
    refusal: null,
    changed: false,
    editing: entry.editing ?? false,
  };
  await (await db()).add(STORE, full);
  changed();
  return full;
}

export async function getEntry(id: string): Promise<OutboxEntry | undefined> {
  return (await db()).get(STORE, id);
}

/** The user's entries (of one project when given), oldest first. */
export async function listEntries(user: string, project?: string): Promise<OutboxEntry[]> {
  const all = await (await db()).getAllFromIndex(STORE, 'user', user);
  return all
    .filter((e) => project === undefined || e.project === project)
    .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
}

/**
 * Changes an entry in one transaction: `change` gets the stored entry and answers the new one (or null to leave
 * it). Answers the stored entry, or undefined when there is none.
 */
export async function updateEntry(
  id: string,
  change: (entry: OutboxEntry) => OutboxEntry | null,
): Promise<OutboxEntry | undefined> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  const current = await tx.store.get(id);
  const next = current ? change(current) : null;
  if (next) await tx.store.put(next);
  await tx.done;
  if (next) changed();
  return next ?? current;
}

/** Keeps a variable's values in the entry (the form saved them while offline). */
export function saveValues(id: string, variable: string, values: OutboxValue[]) {
  return updateEntry(id, (e) => ({ ...e, values: { ...e.values, [variable]: values } }));
}

/**
 * Takes an entry for sending (pending, or `sending` by a tab that stopped long ago): one transaction, so that two
 * tabs never both take it. Answers the entry, or null when another tab has it or it is refused or gone.
 */
export async function claimEntry(id: string, now = Date.now()): Promise<OutboxEntry | null> {
  let taken: OutboxEntry | null = null;
  await updateEntry(id, (e) => {
    const free = e.state === 'pending' || (e.state === 'sending' && now - (e.claimed ?? 0) > STALE_CLAIM_MS);
    if (!free || e.changed || e.editing) return null;
    taken = { ...e, state: 'sending', claimed: now };
    return taken;
  });
  return taken;
}

/** Marks the entry's form open (not sent meanwhile) or closed. */
export function setEditing(id: string, editing: boolean) {
  return updateEntry(id, (e) => (e.editing === editing ? null : { ...e, editing }));
}

/** A page loaded again: forms left open by a closed page end, so their entries can be sent. */
export async function endEditing(user: string): Promise<void> {
  for (const e of await listEntries(user)) if (e.editing) await setEditing(e.id, false);
}

/** Gives an entry back as pending (a network failure: tried again later). */
export function releaseEntry(id: string) {
  return updateEntry(id, (e) => ({ ...e, state: 'pending', claimed: null }));
}

/** Marks the entry refused with its reason (shown with Discard, and Correct where it can be corrected). */
export function refuseEntry(id: string, refusal: OutboxRefusal) {
  return updateEntry(id, (e) => ({ ...e, state: 'refused', claimed: null, refusal }));
}

export async function removeEntry(id: string): Promise<void> {
  await (await db()).delete(STORE, id);
  changed();
}

/** Deletes the user's entries, or every entry (logout: no answer of anyone is left on the device). */
export async function clearOutbox(user?: string): Promise<void> {
  if (!hasOutbox()) return;
  const database = await db();
  if (user === undefined) {
    await database.clear(STORE);
  } else {
    const tx = database.transaction(STORE, 'readwrite');
    for (const key of await tx.store.index('user').getAllKeys(user)) await tx.store.delete(key);
    await tx.done;
  }
  changed();
}

/** How many of the user's answers are not sent yet (pending, sending or refused). */
export async function pendingCount(user: string): Promise<number> {
  if (!hasOutbox()) return 0;
  return (await db()).countFromIndex(STORE, 'user', user);
}

/** A Blob's bytes (FileReader where `Blob.arrayBuffer` is missing, as in older WebViews). */
export function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Makes a file kept for later from a chosen one. */
export async function outboxFileOf(file: File): Promise<OutboxFile> {
  return { bytes: await bytesOf(file), name: file.name, type: file.type };
}

/** The File to send again from a kept one. */
export function fileOf(kept: OutboxFile): File {
  return new File([kept.bytes], kept.name, { type: kept.type });
}
